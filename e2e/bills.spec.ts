import { expect } from '@playwright/test';
import { apiOf, choose, expectSnackbar, newOrder, SAVE_TIMEOUT, signIn, test, unique } from './helpers';

/**
 * Bills (issue 17): an income bill made from an order's bills block (client and order prefilled by the
 * server), saved, and seen back in the order's block with the profit from the ledger.
 */
test('a bill from an order shows in the order bills block with the profit', async ({ page }) => {
  test.setTimeout(120_000);
  const token = await signIn(page, '/dashboard');
  const api = apiOf(page, token);
  const id = unique();
  const order = await newOrder(api);
  const countries = (await api('GET', '/settings/countries?itemsPerPage=300')).collection as {
    id: number;
    code: string;
  }[];
  const us = countries.find((c) => c.code === 'US')!;
  const currencies = (await api('GET', '/settings/currencies?itemsPerPage=300')).collection as {
    id: number;
    code: string;
  }[];
  const rub = currencies.find((c) => c.code === 'RUB')!;
  const company = await api('POST', '/settings/legal-entities', {
    name: `ООО «Экспедитор ${id}»`,
    shortName: `Экспедитор ${id}`,
    countryId: us.id,
  });
  const bank = await api('POST', '/banks', { name: `Bank ${id}`, countryId: us.id });
  await api('POST', '/finances/payment-forms', {
    name: `Безнал ${id}`,
    legalEntityId: company.id,
    bankId: bank.id,
    accountNumber: `ACC${id}`.toUpperCase(),
    currencyId: rub.id,
  });

  await page.goto(`/tms/orders/${order.id}`);
  await page.getByTestId('tab-bills').click();
  await expect(page.getByTestId('operation-bills')).toContainText('Счетов пока нет.');
  await page.getByTestId('bills-new-income').click();
  await expect(page).toHaveURL(/\/finances\/bills\/from-operation\//);
  await page.locator('#field-number').fill(`С-${id}`);
  await choose(page, 'field-legalEntityId', `Экспедитор ${id}`);
  await choose(page, 'field-paymentFormId', `Безнал ${id}`);
  await choose(page, 'field-currencyId', 'RUB');
  await page.locator('#field-amount').fill('1500');
  await page.getByTestId('resource-save').click();
  await expectSnackbar(page, 'Сохранено');
  await expect(page).toHaveURL(/\/finances\/bills\/\d+$/, SAVE_TIMEOUT);

  await page.goto(`/tms/orders/${order.id}`);
  await page.getByTestId('tab-bills').click();
  await expect(page.getByTestId('operation-bill-row')).toContainText(`С-${id}`);
  await expect(page.getByTestId('operation-profit')).toHaveText('1 500,00 ₽');
});
