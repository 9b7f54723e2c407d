import { readFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import ExcelJS from 'exceljs';
import { SAVE_TIMEOUT, seriousViolations, signIn, test } from './helpers';

/**
 * A list's export prepared in the background (docs/exports.md): chosen at /export with its rows and columns,
 * queued, followed to its end at /prepared-exports, and downloaded there.
 */
test('a list exported in the background is prepared, listed and downloaded', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, '/export');
  await expect(page.getByTestId('header-title')).toHaveText('Выгрузка списка');
  await page.getByTestId('export-entity').click();
  await page.getByTestId('export-entity').fill('Валют');
  await page.getByRole('option', { name: 'Валюты', exact: true }).click();
  await expect(page).toHaveURL(/resource=currency/);
  await page.getByTestId('export-search').fill('Japanese');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('export-submit').click();

  await expect(page).toHaveURL(/\/prepared-exports$/);
  const job = page.getByTestId('background-jobs-list').locator('[data-state]').first();
  await expect(job).toContainText('Выгрузка списка');
  await expect(job).toHaveAttribute('data-state', 'done', SAVE_TIMEOUT);
  await expect(job.getByTestId('background-job-summary')).toHaveText('Записано строк: 1');
  expect(await seriousViolations(page)).toEqual([]);
  const downloading = page.waitForEvent('download');
  await job.getByTestId('background-job-download').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^Валюты \d{4}-\d{2}-\d{2}\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  expect(sheet.rowCount).toBe(2);
  expect(sheet.getRow(2).values).toContain('JPY');
});
