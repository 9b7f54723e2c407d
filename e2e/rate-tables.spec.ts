import { expect } from '@playwright/test';
import ExcelJS from 'exceljs';
import {
  apiOf,
  choose,
  expectSnackbar,
  SAVE_TIMEOUT,
  seriousViolations,
  signIn,
  test,
  unique,
} from './helpers';

type Cells = (string | number | null)[];

/** An XLSX of `rows` under a Russian header, built here as a user's spreadsheet would be. */
async function workbook(rows: Cells[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Тариф');
  sheet.addRow(['Откуда', 'Куда', 'Вес до, кг', 'Объём до, м3', 'Цена', 'Валюта']);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Rate tables (docs/pricing.md): an XLSX built here imported through the mapping and the preview (a wrong
 * row is shown with its number and nothing can be imported until the file is fixed), the collection's rows,
 * then the computed price of a request, and the refusal of a cargo the table does not price.
 */
test('a rate table imported from XLSX through mapping and preview prices a request', async ({ page }) => {
  test.setTimeout(180_000);
  const token = await signIn(page, '/request-offers/rate-tables');
  const api = apiOf(page, token);
  const id = unique();

  // Two regions of countries no enabled region holds yet: the origin and the destination.
  const regions = (await api('GET', '/request-offers/rate-tables/regions?itemsPerPage=1000')).collection as {
    countryIds: number[];
    enabled: boolean;
  }[];
  const taken = new Set(regions.filter((r) => r.enabled).flatMap((r) => r.countryIds));
  const countries = (await api('GET', '/settings/countries?itemsPerPage=300')).collection as {
    id: number;
    name: string;
  }[];
  const [from, to] = countries.filter((c) => !taken.has(c.id));
  const origin = `Отправление ${id}`;
  const destination = `Назначение ${id}`;
  await api('POST', '/request-offers/rate-tables/regions', {
    code: `O${id}`,
    name: origin,
    countryIds: [from!.id],
  });
  await api('POST', '/request-offers/rate-tables/regions', {
    code: `D${id}`,
    name: destination,
    countryIds: [to!.id],
  });

  await expect(page.getByTestId('resource-list')).toBeVisible();
  await page.getByTestId('rate-import').click();
  const dialog = page.getByTestId('import-dialog');

  // The file (one destination misspelt) and the table's name, region and validity.
  const upload = (rows: Cells[]) =>
    workbook(rows).then((buffer) =>
      dialog.locator('input[type="file"]').setInputFiles({ name: 'tariff.xlsx', mimeType: XLSX, buffer }),
    );
  await upload([
    [`O${id}`, `D${id}`, 100, 1, 150, 'EUR'],
    [`O${id}`, 'Атлантида', 500, 3, 400, 'EUR'],
  ]);
  await dialog.locator('#field-name').fill(`Тариф ${id}`);
  await choose(page, 'field-regionId', origin);
  await dialog.locator('#field-validFrom').fill('01.01.2020');
  await dialog.getByRole('button', { name: 'Далее' }).click();

  // The mapping step guesses each column from the header.
  await expect(dialog.getByTestId('mapping-toRegion')).toHaveValue('B · Куда', SAVE_TIMEOUT);
  await expect(dialog.getByTestId('mapping-weightBreak')).toHaveValue('C · Вес до, кг');
  await expect(dialog.getByTestId('mapping-price')).toHaveValue('E · Цена');
  await dialog.getByRole('button', { name: 'Проверить' }).click();

  // The preview names the wrong row by its number; nothing can be imported.
  await expect(dialog.getByTestId('import-summary')).toHaveText('Готово строк: 1, ошибок: 1.', SAVE_TIMEOUT);
  const errors = dialog.getByTestId('import-errors');
  await expect(errors.locator('tbody tr').first()).toContainText('3');
  await expect(errors).toContainText('Неизвестный регион.');
  await expect(errors).toContainText('Атлантида');
  await expect(dialog.getByTestId('import-confirm')).toBeDisabled();
  expect(await seriousViolations(page)).toEqual([]);

  // The fixed file goes through the same steps and is imported whole.
  await dialog.getByRole('button', { name: 'Назад' }).click();
  await dialog.getByRole('button', { name: 'Назад' }).click();
  await upload([
    [`O${id}`, `D${id}`, 100, 1, 150, 'EUR'],
    [`O${id}`, `D${id}`, 500, 3, 400, 'EUR'],
  ]);
  await dialog.getByRole('button', { name: 'Далее' }).click();
  await dialog.getByRole('button', { name: 'Проверить' }).click();
  await expect(dialog.getByTestId('import-summary')).toHaveText('Готово строк: 2, ошибок: 0.', SAVE_TIMEOUT);
  await expect(dialog.getByTestId('import-rows').locator('tbody tr')).toHaveCount(2);
  await dialog.getByTestId('import-confirm').click();
  await expectSnackbar(page, 'Импортировано строк: 2');
  await expect(page).toHaveURL(/\/request-offers\/rate-tables\/\d+$/);
  await page.getByTestId('tab-rows').click();
  await expect(page.getByTestId('collection-rows').locator('tbody tr')).toHaveCount(2);
  await expect(page.getByTestId('collection-rows')).toContainText(destination);

  // A request along the table's lane gets its price; a cargo above every break is refused, translated.
  const client = await api('POST', '/counterparties', {
    name: `Клиент тарифа ${id}`,
    client: true,
    countryId: from!.id,
  });
  const request = async (weight: string) =>
    (
      await api('POST', '/requests', {
        clientId: client.id,
        route: [
          { kind: 'dispatch', address: 'Склад отправителя', countryId: from!.id, dateFrom: '2026-03-02' },
          { kind: 'delivery', address: 'Склад получателя', countryId: to!.id },
        ],
        cargo: { description: 'Запчасти', weight },
        transportTypes: ['auto'],
      })
    ).id as number;
  await page.goto(`/requests/${await request('80')}`);
  await page.getByTestId('request-computed-price').click();
  await expect(page.getByTestId('computed-price-amount')).toHaveText('150,00\u00a0€', SAVE_TIMEOUT);
  await expect(page.getByTestId('computed-price')).toContainText(`${origin} → ${destination}`);
  await page.keyboard.press('Escape');

  await page.goto(`/requests/${await request('900')}`);
  await page.getByTestId('request-computed-price').click();
  await expect(page.getByTestId('computed-price-error')).toHaveText(
    'В тарифной таблице нет цены для этих параметров.',
    SAVE_TIMEOUT,
  );
});
