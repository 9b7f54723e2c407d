import { readFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import { docx, paragraphs } from './docx';
import { apiOf, newOrder, SAVE_TIMEOUT, seriousViolations, signIn, test, unique } from './helpers';

/**
 * The job queue as a user sees it (docs/decisions/013-job-queue.md): closing a DOCUMENT_GENERATION stage
 * enqueues a job of the user's; it appears in the header while the screen is open (real time), runs to its
 * end on the server's workers, and its result, the generated document, downloads from the jobs list.
 */
test('a job enqueued by closing a stage appears, runs to its end and its document downloads', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const token = await signIn(page, '/dashboard');
  const api = apiOf(page, token);
  const id = unique();
  const stageType = await api('POST', '/settings/stage-types', {
    code: `DG${id}`,
    name: `Документы ${id}`,
    sortOrder: 1,
    behaviours: ['DOCUMENT_GENERATION'],
  });
  const upload = await page.request.post('/api/file-management/files/temporary', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      file: {
        name: 'template.docx',
        mimeType: 'application/octet-stream',
        buffer: docx(['Поручение по заказу № {number}']),
      },
    },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  const template = `Поручение ${id}`;
  await api('POST', '/document-generator/templates', {
    name: template,
    initiatorType: 'order',
    fileId: ((await upload.json()) as { data: { id: number } }).data.id,
    stageTypeIds: [stageType.id],
  });
  const order = await newOrder(api);
  const number = String(order.id).padStart(6, '0');
  const stage = await api('POST', `/tms/orders/${order.id}/stages`, { stageTypeId: stageType.id });

  // The screen is open when the stage closes: the job comes to the header by itself.
  await api('POST', `/tms/orders/${order.id}/stages/${stage.id}/close`, { version: stage.version });
  const indicator = page.getByTestId('background-jobs');
  await expect(indicator).toBeVisible(SAVE_TIMEOUT);
  await indicator.click();
  const popover = page.getByTestId('background-jobs-popover');
  const inPopover = popover.locator('[data-state]').filter({ hasText: template });
  await expect(inPopover).toContainText('Формирование документа');
  // The server's workers run it: the line follows it to its end without a reload.
  await expect(inPopover).toHaveAttribute('data-state', 'done', SAVE_TIMEOUT);
  await expect(inPopover).toContainText(`${template} ${number}`);
  expect(await seriousViolations(page, '[data-testid="background-jobs-popover"]')).toEqual([]);

  // The full list, reached from the popover by the keyboard.
  await popover.getByTestId('background-jobs-all').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/background-jobs$/);
  await expect(page.getByTestId('header-title')).toHaveText('Фоновые задачи');
  const job = page.getByTestId('background-jobs-list').locator('[data-state]').filter({ hasText: template });
  await expect(job.getByTestId('background-job-state')).toHaveText('Готово');
  await expect(job.getByTestId('background-job-progress')).toHaveAttribute('data-value', '100');
  await expect(job).toContainText('Поставлена');
  expect(await seriousViolations(page)).toEqual([]);
  const downloading = page.waitForEvent('download');
  await job.getByTestId('background-job-download').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${template} ${number}.docx`);
  expect(paragraphs(await readFile((await download.path())!))).toEqual([`Поручение по заказу № ${number}`]);
  // A finished job has nothing left to cancel.
  await expect(job.getByTestId('background-job-cancel')).toHaveCount(0);
});
