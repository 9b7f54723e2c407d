import { expect } from '@playwright/test';
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

/**
 * The warehouse screens: the warehouses' list and card, an order's warehouse accounting with its balance
 * (also on the start page), a release of more places than held refused under its field, the release of what is held, and the event
 * it left on the events list.
 */
test('warehouse staff release an order’s places and see the balance and the event', async ({ page }) => {
  test.setTimeout(150_000);
  const token = await signIn(page, '/warehouse/warehouses');
  const api = apiOf(page, token);
  const rows = page.getByTestId('resource-row');
  await expect(rows.filter({ hasText: 'СВХ Брест' })).toHaveCount(1, SAVE_TIMEOUT);
  await rows.filter({ hasText: 'Склад Подольск' }).click();
  await expect(page.locator('#field-address')).toHaveValue(/Подольск/, SAVE_TIMEOUT);
  await expect(page.locator('#field-wmsSystem')).toHaveValue('Solvo.WMS');

  // The demo textiles: 140 places received at Podolsk, 60 released, 80 held.
  const [receipt] = (await api('GET', `/warehouse/accounting?search=${encodeURIComponent('СТ-001…СТ-140')}`))
    .collection as { orderId: number }[];
  const order = { id: receipt!.orderId };
  await page.goto(`/tms/orders/${order.id}/warehouse-accounting`);
  await expect(page.getByTestId('warehouse-balance-places')).toHaveText('80', SAVE_TIMEOUT);
  await expect(page.getByTestId('warehouse-movement')).toHaveCount(2);
  expect(await seriousViolations(page)).toEqual([]);

  // The start page shows what each warehouse holds today, this order among it, opening its accounting.
  await page.goto('/dashboard');
  const podolsk = page
    .getByTestId('warehouse-dashboard')
    .locator('[data-testid^="warehouse-held-"]')
    .filter({ hasText: 'Склад Подольск' });
  const held = podolsk.getByRole('row').filter({ hasText: String(order.id).padStart(6, '0') });
  await expect(held).toContainText('80', SAVE_TIMEOUT);
  await held.getByRole('link').click();
  await expect(page.getByTestId('warehouse-new-release')).toBeVisible(SAVE_TIMEOUT);

  await page.getByTestId('warehouse-new-release').click();
  await expect(page).toHaveURL(/\/warehouse\/accounting\/new\?orderId=\d+&kind=release/);
  // The one warehouse holding the order's places is chosen already.
  await expect(page.locator('#field-warehouseId')).toHaveValue('Склад Подольск', SAVE_TIMEOUT);
  await page.locator('#field-places').fill('81');
  await page.getByTestId('resource-save').click();
  await expect(page.locator('#field-places-error')).toHaveText(
    'На этот день на складе нет столько мест этого заказа.',
    SAVE_TIMEOUT,
  );
  await page.locator('#field-places').fill('80');
  await page.getByTestId('resource-save').click();
  await expectSnackbar(page, 'Сохранено');

  await page.goto(`/tms/orders/${order.id}/warehouse-accounting`);
  await expect(page.getByTestId('order-warehouse-accounting')).toContainText(
    'На складах ничего из этого заказа нет.',
    SAVE_TIMEOUT,
  );
  await expect(page.getByTestId('warehouse-movement')).toHaveCount(3);

  await page.goto('/warehouse/events');
  await expect(rows.first()).toContainText('Груз выдан', SAVE_TIMEOUT);
  await expect(rows.first()).toContainText('80');
});

test('warehouse services done for an order are billed to its client at the price list’s prices', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const api = apiOf(page, await signIn(page, '/dashboard'));
  const [receipt] = (await api('GET', `/warehouse/accounting?search=${encodeURIComponent('СТ-001…СТ-140')}`))
    .collection as { orderId: number }[];
  await page.goto(`/tms/orders/${receipt!.orderId}/warehouse-accounting`);
  await page.getByTestId('warehouse-services-bill').click();
  const dialog = page.getByRole('dialog', { name: 'Счёт клиенту за услуги склада' });
  const number = `СК-${unique()}`;
  await dialog.getByTestId('services-bill-number').fill(number);
  await choose(page, 'services-bill-payment-form', 'Евразия Бел — Приорбанк RUB');
  const line = dialog.getByTestId('services-bill-line').first();
  await line.getByLabel('Услуга').fill('Приёмка');
  await page.getByRole('option', { name: /^Приёмка паллеты/ }).click();
  await line.getByLabel('Количество').fill('4');
  await expect(dialog.getByTestId('services-bill-total')).toContainText('1 400,00');
  await dialog.getByTestId('services-bill-make').click();
  await expectSnackbar(page, `Счёт ${number} выставлен`);
  await expect(dialog).toBeHidden();
});
