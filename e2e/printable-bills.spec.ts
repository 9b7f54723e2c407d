import { readFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import { extractText } from 'unpdf';
import { apiOf, expectSnackbar, newOrder, SAVE_TIMEOUT, signIn, test, unique } from './helpers';

/**
 * A bill's way to being paid (issue 17): from an income bill's page a printable bill is made (its line
 * prefilled by the server for the bill's amount), saved, and its PDF downloaded and read; then the bill is
 * paid from its page by a payment of its open balance, which leaves it at zero.
 */
test('an income bill gets a printable bill whose PDF prints the bill, then is paid to a zero balance', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const token = await signIn(page, '/dashboard');
  const api = apiOf(page, token);
  const id = unique();
  const order = await newOrder(api);
  const { clientId } = await api('GET', `/tms/orders/${order.id}`);
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
  const form = await api('POST', '/finances/payment-forms', {
    name: `Безнал ${id}`,
    legalEntityId: company.id,
    bankId: bank.id,
    accountNumber: `ACC${id}`.toUpperCase(),
    currencyId: rub.id,
  });
  const bill = await api('POST', '/finances/bills', {
    number: `С-${id}`,
    direction: 'INCOME',
    counterpartyId: clientId,
    legalEntityId: company.id,
    paymentFormId: form.id,
    currencyId: rub.id,
    amount: '1500.00',
    date: '2026-03-10',
    recognitionDate: '2026-03-10',
    orderIds: [order.id],
  });

  await page.goto(`/finances/bills/${bill.id}`);
  await page.getByTestId('bill-create-printable-bill').click();
  await expect(page).toHaveURL(/\/finances\/printable-bills\/from-bill\/\d+$/);
  await expect(page.getByTestId('printable-bill-lines-total')).toContainText('1 500');
  await page.getByTestId('resource-save').click();
  await expectSnackbar(page, 'Сохранено');
  await expect(page).toHaveURL(/\/finances\/printable-bills\/\d+$/, SAVE_TIMEOUT);

  await page.getByTestId('printable-bill-pdf').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('pdf-ru').click()]);
  const pdf = await readFile((await download.path())!);
  const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
  const printed = text.replace(/\s+/g, ' ');
  expect(printed).toContain(`ООО «Экспедитор ${id}»`);
  expect(printed).toContain('Транспортно-экспедиционные услуги по счёту');
  expect(printed).toContain('Всего наименований 1, на сумму 1 500,00 RUB');
  expect(printed).toContain('Одна тысяча пятьсот рублей 00 копеек');

  // The bill now links to its printable bill, and is paid from its page.
  await page.goto(`/finances/bills/${bill.id}`);
  await expect(page.getByTestId('bill-printable-bill')).toBeVisible();
  await page.getByTestId('tab-payments').click();
  await page.getByTestId('bill-pay').click();
  await expect(page).toHaveURL(/\/finances\/payments\/new\/by-bill\/\d+$/);
  await expect(page.locator('#field-amount')).toHaveValue(/^1\s500,00$/);
  await page.locator('#field-number').fill(`П-${id}`);
  await page.getByTestId('resource-save').click();
  await expectSnackbar(page, 'Сохранено');
  await expect(page).toHaveURL(/\/finances\/payments\/\d+$/, SAVE_TIMEOUT);
  await page.goto(`/finances/bills/${bill.id}`);
  await page.getByTestId('tab-payments').click();
  await expect(page.getByTestId('bill-balance')).toContainText('0,00');
  await expect(page.getByTestId('bill-payments')).toContainText(`П-${id}`);
});
