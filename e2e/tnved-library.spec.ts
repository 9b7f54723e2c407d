import { readFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import { signIn, test } from './helpers';

/**
 * The TNVED library (issue 33) on the demo's slice of the FNS classifier: a word in another form finds the
 * smartphones' code, a code prefix its heading and codes, a superseded code is shown as no longer valid with
 * its versions.
 */
test('searches the TNVED library by word form and code prefix; a superseded code is shown as such', async ({
  page,
}) => {
  await signIn(page, '/tnved-library');
  const table = page.getByTestId('tnved-table');
  await expect(table).toBeVisible();
  await expect(page.getByTestId('tnved-library')).toContainText('версия 124 от 15.09.2023');

  const search = page.getByLabel('Поиск', { exact: true });
  await search.fill('смартфон');
  await expect(table.getByRole('row').filter({ hasText: '8517 13 000 0' })).toContainText('смартфоны');
  await expect(page.getByTestId('tnved-total')).toHaveText('2 записи');

  await search.fill('7318 29');
  await expect(page.getByTestId('tnved-entry')).toHaveCount(3);
  await page.locator('label', { hasText: /^Все$/ }).click();
  const superseded = table.getByRole('row').filter({ hasText: '7318 29 000 9' });
  await expect(superseded).toContainText('Утратил силу');
  await expect(superseded).toContainText('01.01.2017 – 31.12.2021');

  // Its versions open from the code, by the keyboard too.
  await superseded.getByRole('button', { name: 'Версии кода 7318 29 000 9' }).focus();
  await page.keyboard.press('Enter');
  const versions = page.getByTestId('tnved-history');
  await expect(versions).toContainText('прочие');
  await expect(versions.getByRole('row')).toHaveCount(2);
});

const FIXTURES = new URL('../apps/server/src/modules/customs/tnved/fixtures/', import.meta.url);
const fixture = (file: string) => readFileSync(new URL(`${file}.TXT`, FIXTURES));

/**
 * Loading the classifier from the screen (issue 33): the four text files of the FNS distribution go to the
 * job queue, whose progress and result show on the page and on the background jobs screen; a file cut short
 * is refused naming its file and line, and no job is made.
 */
test('loads the TNVED files as a background job; a file cut short is refused naming its line', async ({
  page,
}) => {
  await signIn(page, '/tnved-library');
  const input = page.locator('input[type="file"]');
  const texts = ['TNVED1', 'TNVED2', 'TNVED3', 'TNVED4'].map((name) => ({
    name: `${name}.TXT`,
    mimeType: 'text/plain',
    buffer: fixture(name),
  }));

  const tnved4 = fixture('TNVED4');
  const lines = new TextDecoder('ibm866').decode(tnved4).split('\r\n').length - 1;
  await input.setInputFiles([
    ...texts.slice(0, 3),
    { ...texts[3]!, buffer: tnved4.subarray(0, tnved4.length - 30) },
  ]);
  const refusal = page.getByTestId('tnved-refusal');
  await expect(refusal).toContainText('Файл не загружен, ничего не изменено');
  await expect(refusal).toContainText(`TNVED4.TXT, строка ${lines}: `);

  // The demo loaded this very edition: every version is there already.
  await input.setInputFiles(texts);
  await expect(refusal).toBeHidden();
  const job = page.getByTestId('import-job');
  await expect(job).toContainText(/Строк создано: 0, изменено: 0, без изменений: \d+/, { timeout: 60_000 });

  await page.goto('/background-jobs');
  await expect(page.getByText('TNVED.ZIP').first()).toBeVisible();
});
