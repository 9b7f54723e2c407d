import { readFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import { apiOf, SAVE_TIMEOUT, signIn, test, unique } from './helpers';

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
 * Bank statements (issue 17): the recorded 1C statement goes through the review into payments, and a second
 * import finds them imported. (A bill paid from its page: printable-bills.spec.ts.)
 */
test('a bank statement is imported into payments once', async ({ page }) => {
  test.setTimeout(120_000);
  const token = await signIn(page, '/dashboard');
  const api = apiOf(page, token);
  const id = unique();
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
