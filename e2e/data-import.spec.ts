import { expect } from '@playwright/test';
import { apiOf, newOrder, signIn, test } from './helpers';

/**
 * The data import wizard (issue 36): from an order's page into its cargo with the demo's packing-list
 * description: the file read, its columns as mapped, the dry run of every row, the run in the background;
 * a counterparty file with errors shows them by cell and offers them as XLSX, and cannot be run.
 */
test('imports a packing list into an order through the wizard; a file with errors is shown, not run', async ({
  page,
}) => {
  const token = await signIn(page, '/dashboard');
  const api = apiOf(page, token);
  const order = await newOrder(api);

  await page.goto(`/tms/orders/${order.id}`);
  await page.getByTestId('order-import').click();
  await expect(page.getByTestId('data-import-initiator')).toBeVisible();
  await page.getByTestId('initiator-description').click();
  await page.getByRole('option', { name: /Упаковочный лист в заказ/ }).click();

  await page
    .getByTestId('import-wizard')
    .locator('input[type="file"]')
    .setInputFiles({
      name: 'packing.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        'Товар;Мест;Вес нетто, кг;Код ТН ВЭД\nСмартфоны;2;1 250,5;8517130000\nЧехлы;3;49,5;8517130000\n',
      ),
    });
  await page.getByTestId('import-read').click();
  const columns = page.getByTestId('import-columns');
  await expect(columns).toContainText('Вес нетто, кг', { timeout: 30_000 });
  await expect(columns).toContainText('1 250,5');
  await page.getByTestId('import-next').click();
  await expect(page.getByTestId('import-rows')).toContainText('Чехлы');
  await page.getByTestId('import-run').click();
  await expect(page.getByTestId('import-job')).toContainText(/Строк создано: 0, обновлено: 2|Готово/, {
    timeout: 60_000,
  });
  const saved = await api('GET', `/tms/orders/${order.id}`);
  expect(saved.cargo).toMatchObject({
    placeCount: 5,
    description: 'Смартфоны; Чехлы',
    tnvedCodes: ['8517130000'],
  });

  // A counterparty list with an unknown country and a repeated INN: errors by cell, no run.
  const descriptions = (await api('GET', '/data-import/descriptions?search=ИНН')).collection as {
    id: number;
  }[];
  await page.goto(`/data-import/descriptions/${descriptions[0]!.id}`);
  await page.getByRole('tab', { name: 'Импорт файла' }).click();
  await page
    .getByTestId('import-wizard')
    .locator('input[type="file"]')
    .setInputFiles({
      name: 'clients.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        'ИНН;Наименование;Страна;Клиент\n7736207543;Яндекс;ZZ;да\n7736207543;Яндекс 2;RU;да\n',
      ),
    });
  await page.getByTestId('import-read').click();
  await page.getByTestId('import-next').click({ timeout: 30_000 });
  const errors = page.getByTestId('import-errors');
  await expect(errors).toContainText('По этому значению ничего не найдено.');
  await expect(errors).toContainText('Этот ключ уже встречался в файле выше.');
  await expect(page.getByTestId('import-run')).toBeDisabled();
  await expect(page.getByTestId('import-download-errors')).toBeVisible();
});
