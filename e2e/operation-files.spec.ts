import { expect } from '@playwright/test';
import { apiOf, newOrder, signIn, test } from './helpers';

/**
 * Files of orders (issue 6): a file uploaded on the order's files block with a tag and listed with its
 * chip; an order whose client requires an application archived by the archiver (run through the
 * administrators' endpoint) once a file tagged APPLICATION is attached. The records are created through
 * the API with names unique to the run.
 */

const TIMEOUT = { timeout: 20_000 };

/** A day `days` before today, as ISO text. */
function daysAgo(days: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

test('a file uploaded to an order with a tag is listed with its chip', async ({ page }) => {
  test.setTimeout(120_000);
  const token = await signIn(page, '/tms/orders');
  const api = apiOf(page, token);
  const order = await newOrder(api, { client: { applicationRequired: false } });
  const tag = `CMR ${order.unique}`;
  await api('POST', '/settings/file-tag-types', { code: `CMR${order.unique}`, name: tag, color: '#2f9e44' });

  await page.goto(`/tms/orders/${order.id}?tab=files`);
  const block = page.getByTestId('operation-files');
  await expect(block).toContainText('Файлов пока нет.', TIMEOUT);
  await page.getByTestId('files-upload-tags').click();
  await page.getByRole('option', { name: tag }).click();
  await page.keyboard.press('Escape');

  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('files-upload').click();
  await (await chooser).setFiles({
    name: 'CMR накладная.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4 test'),
  });
  const row = block.getByTestId('file-row');
  await expect(row).toHaveCount(1, TIMEOUT);
  await expect(row.getByTestId('file-link')).toHaveText('CMR накладная.pdf');
  // Opened as a signed link: the token never goes into the URL.
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByTestId('file-link').click()]);
  expect(download.url()).toContain('signature=');
  expect(download.url()).not.toContain('bearer=');
  expect(download.suggestedFilename()).toBe('CMR накладная.pdf');
  await expect(row.getByTestId('file-tag')).toHaveText(tag);

  // The same file again (issue 15): the file input was emptied after the upload, so choosing it again
  // reaches the server, which answers that it is already attached; nothing is added.
  await expect(block.locator('input[type="file"]')).toHaveValue('');
  const again = page.waitForEvent('filechooser');
  await page.getByTestId('files-upload').click();
  await (await again).setFiles({
    name: 'CMR накладная.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4 test'),
  });
  await expect(block.getByTestId('files-error')).toHaveText(
    'Этот файл уже прикреплён (то же имя и содержимое)',
    TIMEOUT,
  );
  await expect(row).toHaveCount(1);
});

test('the archiver archives an order once its application is attached', async ({ page }) => {
  test.setTimeout(120_000);
  const token = await signIn(page, '/tms/orders');
  const api = apiOf(page, token);
  const order = await newOrder(api, { client: { applicationRequired: true } });
  const path = `/tms/orders/${order.id}`;

  // One stage, closed long enough ago for the default archive delay.
  const stageType = await api('POST', '/settings/stage-types', {
    code: `FS${order.unique}`,
    name: `Доставка ${order.unique}`,
  });
  const stage = await api('POST', `${path}/stages`, { stageTypeId: stageType.id });
  await api('POST', `${path}/stages/${stage.id}/close`, { version: stage.version, actualDate: daysAgo(400) });
  expect(await api('GET', `${path}/archive-blockers`)).toEqual(['applicationMissing']);

  // The client's application: an upload attached with the system tag APPLICATION.
  const tags = (await api('GET', '/file-management/file-tag-types/cache')) as unknown as {
    id: number;
    code: string;
  }[];
  const application = tags.find((t) => t.code === 'APPLICATION')!;
  const uploaded = await page.request.post('/api/file-management/files/temporary', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      file: { name: 'Заявка.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 app') },
    },
  });
  expect(uploaded.ok(), await uploaded.text()).toBe(true);
  const fileId = ((await uploaded.json()) as { data: { id: number } }).data.id;
  await api('POST', `${path}/files`, { fileIds: [fileId], tagTypeIds: [application.id] });
  expect(await api('GET', `${path}/archive-blockers`)).toEqual([]);

  // The timer's own run may hold the lock for a moment: run until this call ran it.
  await expect
    .poll(async () => (await api('POST', '/system/scheduled-jobs/operations-archiver/run')).ran, TIMEOUT)
    .toBe(true);

  await page.goto(`${path}?tab=files`);
  await expect(page.getByTestId('archived-badge')).toBeVisible(TIMEOUT);
  await expect(page.getByTestId('file-row')).toContainText('Заявка.pdf');
  await expect(page.getByTestId('file-tag')).toHaveText('Заявка клиента');
});
