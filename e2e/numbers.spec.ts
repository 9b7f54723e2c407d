import { expect } from '@playwright/test';
import { type Api, apiOf, expectSnackbar, newOrder, SAVE_TIMEOUT, signIn, test } from './helpers';

/**
 * Numbers keep their look (issue 15): a decimal typed the Russian way ("12,5", "1 500 000") is shown so
 * while editing and after the save and a reload, not as the API's plain text ("12.5", "1500000"); in
 * English the same numbers read "12.5" and "1,500,000". The order is created through the API.
 */

const NBSP = '\u00a0';

/** A new order whose cargo's declared value has its currency. */
async function orderWithCurrency(api: Api) {
  const [currency] = (await api('GET', '/settings/currencies?search=EUR')).collection as { id: number }[];
  return (await newOrder(api, { cargo: { declaredValueCurrencyId: currency!.id } })).id;
}

test('cargo numbers keep the Russian look while editing, after the save and after a reload', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const api = apiOf(page, await signIn(page, '/dashboard'));
  const id = await orderWithCurrency(api);

  await page.goto(`/tms/orders/${id}`);
  const cargo = page.getByTestId('section-cargo');
  const weight = page.locator('#cargo-weight');
  const value = page.locator('#cargo-declaredValue');
  await page.getByTestId('edit-cargo').click();
  await weight.fill('12,5');
  await value.fill('1500000');
  // Leaving the field writes the number out with its groups.
  await weight.click();
  await expect(value).toHaveValue(`1${NBSP}500${NBSP}000`);
  await expect(weight).toHaveValue('12,5');
  await page.getByTestId('resource-save').click();
  await expectSnackbar(page, 'Сохранено');
  // The saved block reads the same way.
  await expect(cargo).toContainText('12,5');
  await expect(cargo).toContainText(`1${NBSP}500${NBSP}000`);
  await page.reload();
  await page.getByTestId('edit-cargo').click(SAVE_TIMEOUT);
  await expect(weight).toHaveValue('12,5', SAVE_TIMEOUT);
  await expect(value).toHaveValue(`1${NBSP}500${NBSP}000`);
  expect(
    ((await api('GET', `/tms/orders/${id}`)) as { cargo: { declaredValue: string } }).cargo.declaredValue,
  ).toBe('1500000');
});

test('cargo numbers read and show the English way in English', async ({ page }) => {
  test.setTimeout(120_000);
  const api = apiOf(page, await signIn(page, '/dashboard', 'en'));
  const id = await orderWithCurrency(api);

  await page.goto(`/tms/orders/${id}`);
  const weight = page.locator('#cargo-weight');
  const value = page.locator('#cargo-declaredValue');
  await page.getByTestId('edit-cargo').click();
  await weight.fill('12.5');
  await value.fill('2,500,000.75');
  await weight.click();
  await expect(value).toHaveValue('2,500,000.75');
  await page.getByTestId('resource-save').click();
  await expectSnackbar(page, 'Saved');
  await expect(page.getByTestId('section-cargo')).toContainText('2,500,000.75');
  await page.reload();
  await page.getByTestId('edit-cargo').click(SAVE_TIMEOUT);
  await expect(weight).toHaveValue('12.5', SAVE_TIMEOUT);
  await expect(value).toHaveValue('2,500,000.75');
  expect(
    ((await api('GET', `/tms/orders/${id}`)) as { cargo: { declaredValue: string } }).cargo.declaredValue,
  ).toBe('2500000.75');
});
