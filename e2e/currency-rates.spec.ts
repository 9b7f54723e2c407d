import path from 'node:path';
import { expect } from '@playwright/test';
import ExcelJS from 'exceljs';
import { signIn, test } from './helpers';

const RECORDED_CBR = path.resolve(
  import.meta.dirname,
  '../apps/server/src/modules/finance/fixtures/cbr-daily-2024-03-02.xml',
);

/**
 * Currency rates (issue 17): the Bank of Russia's recorded daily file imported through the list's Import
 * menu shows its summary and then its rates in the list; an XLSX sheet with an unknown currency is shown
 * row by row with the error and cannot be imported.
 */
test('the Bank of Russia file imported from the list, its rates listed; a bad XLSX sheet refused by row', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, '/finances/currency-rates?dateFrom=2024-03-02&dateTo=2024-03-02');
  const list = page.getByTestId('resource-list');
  await expect(list).toBeVisible();

  await page.getByRole('button', { name: 'Импорт' }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('menuitem', { name: 'Файл Банка России (XML)…' }).click();
  await (await chooser).setFiles(RECORDED_CBR);
  const summary = page.getByTestId('rate-import-summary');
  await expect(summary).toContainText('Курсы на 02.03.2024', { timeout: 20_000 });
  // A repeated run of this test finds the rates already there: unchanged, not new.
  await expect(summary).toContainText(/Новых курсов: 14|Курсов без изменений: 14/);
  await summary.getByRole('button', { name: 'Закрыть' }).click();

  const usd = list.getByRole('row').filter({ hasText: 'USD' });
  await expect(usd).toContainText('91,3336');
  await expect(usd).toContainText('ЦБ РФ');
  await expect(list.getByRole('row').filter({ hasText: 'KZT' })).toContainText('20,2844');

  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Курсы');
  sheet.addRow(['Дата', 'Валюта', 'Номинал', 'Курс']);
  sheet.addRow(['04.03.2024', 'USD', 1, '91.5']);
  sheet.addRow(['04.03.2024', 'QQQ', 1, '2']);
  await page.getByRole('button', { name: 'Импорт' }).click();
  const sheetChooser = page.waitForEvent('filechooser');
  await page.getByRole('menuitem', { name: 'Файл XLSX…' }).click();
  await (await sheetChooser).setFiles({
    name: 'rates.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(await workbook.xlsx.writeBuffer()),
  });
  await expect(page.getByTestId('rate-import-preview')).toContainText('QQQ');
  // Each error with its row and column, as every import's preview lists them.
  const unknown = page.getByTestId('rate-import-errors').locator('tbody tr').first();
  await expect(unknown.locator('td')).toHaveText(['3', 'Валюта', 'Неизвестный код валюты.']);
  await expect(page.getByRole('button', { name: /^Импортировать/ })).toBeDisabled();
});
