import { readFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import { apiOf, expectSnackbar, newOrder, SAVE_TIMEOUT, signIn, test, unique } from './helpers';

/** Sberbank's BIK, and an account whose key is right for it (the recorded statement's is not). */
const SBER_BIK = '044525225';
const ACCOUNT = '40702810938000012345';
/** The recorded statement (Windows-1251) on that account: digits are the same bytes in any code page. */
const recorded = readFileSync(
  new URL('../apps/server/src/modules/finance/fixtures/statement-1c.txt', import.meta.url),
);
const STATEMENT = {
  name: 'statement.txt',
  mimeType: 'text/plain',
  buffer: Buffer.from(recorded.toString('latin1').replaceAll('40702810038000012345', ACCOUNT), 'latin1'),
};

/**
 * Payments (issue 17): a bill paid from its page by a payment of its open balance leaves it at zero; the
 * recorded 1C statement goes through the review into payments, and a second import finds them imported.
 */
test('a bill paid by its payment, then a bank statement imported once', async ({ page }) => {
  test.setTimeout(120_000);
  const token = await signIn(page, '/dashboard');
  const api = apiOf(page, token);
  const id = unique();
  const order = await newOrder(api);
  const list = async (path: string) =>
    (await api('GET', path)).collection as { id: number; code?: string; name?: string }[];
  const rub = (await list('/settings/currencies?itemsPerPage=300')).find((c) => c.code === 'RUB')!;
  const ru = (await list('/settings/countries?itemsPerPage=300')).find((c) => c.code === 'RU')!;
  // Looked up before created: a retried test finds the form of its first run.
  let [form] = await list(`/finances/payment-forms?search=${ACCOUNT}`);
  if (!form) {
    // A company of the demo data: a Russian one needs its INN and more to be made here.
    const [company] = await list('/settings/legal-entities?itemsPerPage=1');
    const bank =
      (await list(`/banks?search=${SBER_BIK}`))[0] ??
      (await api('POST', '/banks', { name: `Сбербанк ${id}`, bik: SBER_BIK, countryId: ru.id }));
    form = (await api('POST', '/finances/payment-forms', {
      name: `Сбербанк ${id}`,
      legalEntityId: company!.id,
      bankId: bank.id,
      accountNumber: ACCOUNT,
      currencyId: rub.id,
    })) as { id: number };
  }
  const formRow = (await api('GET', `/finances/payment-forms/${form.id}`)) as { legalEntityId: number };
  const orderRow = (await api('GET', `/tms/orders/${order.id}`)) as { clientId: number };
  const bill = await api('POST', '/finances/bills', {
    number: `С-${id}`,
    direction: 'INCOME',
    counterpartyId: orderRow.clientId,
    legalEntityId: formRow.legalEntityId,
    paymentFormId: form.id,
    currencyId: rub.id,
    amount: '1500.00',
    date: '2026-01-15',
    recognitionDate: '2026-01-15',
    orderIds: [order.id],
  });

  await page.goto(`/finances/bills/${bill.id}`);
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

  await page.goto('/finances/payments');
  await page.getByTestId('statement-file').setInputFiles(STATEMENT);
  const review = page.getByTestId('statement-review');
  await expect(review.getByTestId('statement-line-21')).toContainText('418');
  await expect(review.getByTestId('statement-line-52')).toContainText('026801234567');
  await page.getByTestId('statement-confirm').click();
  await expect(page.getByTestId('statement-done')).toBeVisible(SAVE_TIMEOUT);
  await page.keyboard.press('Escape');
  await page.getByTestId('statement-file').setInputFiles(STATEMENT);
  await expect(review.getByTestId('statement-line-21')).toContainText('Уже импортирован');
  await expect(review.getByTestId('statement-line-52')).toContainText('Уже импортирован');
});
