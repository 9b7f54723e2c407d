import { readFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import { ADMIN, apiOf, choose, SAVE_TIMEOUT, signIn, test, unique } from './helpers';

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

/** `account` with the control key its bank's BIK gives (the ninth digit; Bank of Russia's 7-1-3 weights). */
function withKey(bik: string, account: string): string {
  for (let digit = 0; digit < 10; digit++) {
    const candidate = `${account.slice(0, 8)}${digit}${account.slice(9)}`;
    const digits = `${bik.slice(-3)}${candidate}`;
    let sum = 0;
    for (let i = 0; i < digits.length; i++) sum += (Number(digits[i]) * [7, 1, 3][i % 3]!) % 10;
    if (sum % 10 === 0) return candidate;
  }
  throw new Error(`no key for ${account}`);
}

/** A legal entity's INN (10 digits) of nine random digits and their check digit: unknown to every run. */
function newInn(): string {
  const base = `77${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const weights = [2, 4, 10, 3, 5, 9, 4, 6, 8];
  const sum = weights.reduce((total, weight, i) => total + weight * Number(base[i]), 0);
  return `${base}${(sum % 11) % 10}`;
}

/**
 * Statement lines of new counterparties (issue 38), as finance (sidorova) meets them: the client's INN is
 * known to no counterparty, its card was made without one, so she picks it and links its bill; the carrier is
 * new, so she creates it from the statement's details. One import writes both payments and the counterparty.
 */
test('a statement line of an unknown INN gets its counterparty created or picked and its bill linked', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const login = await page.request.post('/api/auth/login', { data: ADMIN });
  const api = apiOf(page, ((await login.json()) as { data: { token: string } }).data.token);
  const id = unique();
  const list = async (path: string) =>
    (await api('GET', path)).collection as { id: number; code?: string; legalEntityId?: number }[];
  const rub = (await list('/settings/currencies?itemsPerPage=300')).find((c) => c.code === 'RUB')!;
  const ru = (await list('/settings/countries?itemsPerPage=300')).find((c) => c.code === 'RU')!;
  // The form of the test above, made here when this one runs first.
  if (!(await list(`/finances/payment-forms?search=${ACCOUNT}`)).length) {
    const [company] = await list('/settings/legal-entities?itemsPerPage=1');
    const bank =
      (await list(`/banks?search=${SBER_BIK}`))[0] ??
      (await api('POST', '/banks', { name: `Сбербанк ${id}`, bik: SBER_BIK, countryId: ru.id }));
    await api('POST', '/finances/payment-forms', {
      name: `Сбербанк ${id}`,
      legalEntityId: company!.id,
      bankId: bank.id,
      accountNumber: ACCOUNT,
      currencyId: rub.id,
    });
  }
  const [stored] = await list(`/finances/payment-forms?search=${ACCOUNT}`);
  const client = await api('POST', '/counterparties', {
    name: `Баштехснаб ${id}`,
    client: true,
    countryId: ru.id,
  });
  const bill = await api('POST', '/finances/bills', {
    number: `15-${id}`,
    direction: 'INCOME',
    kind: 'OVERHEAD',
    counterpartyId: client.id,
    legalEntityId: stored!.legalEntityId,
    paymentFormId: stored!.id,
    currencyId: rub.id,
    amount: '354000.00',
    date: '2024-03-01',
    recognitionDate: '2024-03-01',
  });
  const carrierInn = newInn();
  const carrierAccount = withKey('044525593', '40802810900000000321');
  const text = recorded
    .toString('latin1')
    .replaceAll('40702810038000012345', ACCOUNT)
    .replaceAll('0274062111', newInn())
    .replaceAll('026801234567', carrierInn)
    .replaceAll('00702810900000000321', carrierAccount)
    // The document numbers (Номер=, read here as Latin-1) of this run: no fingerprint of an earlier one.
    .replace(/=418\r\n/, `=${id.slice(-6)}1\r\n`)
    .replace(/=1027\r\n/, `=${id.slice(-6)}2\r\n`);
  const file = { name: 'statement.txt', mimeType: 'text/plain', buffer: Buffer.from(text, 'latin1') };

  await signIn(page, '/finances/payments', 'ru', { user: { username: 'sidorova', password: 'Demo12345' } });
  await page.getByTestId('statement-file').setInputFiles(file);
  const review = page.getByTestId('statement-review');
  await expect(review.getByTestId('statement-reason-21')).toContainText('Нет контрагента с ИНН');
  await expect(review.getByTestId('statement-reason-52')).toContainText(carrierInn);
  // The client: picked from the directory, then its bill linked.
  await page.getByTestId('statement-party-choice-21').click();
  await page.getByRole('option', { name: 'Выбрать существующего' }).click();
  await choose(page, 'statement-counterparty-21', `Баштехснаб ${id}`);
  await page.getByTestId('statement-action-21').click();
  await page.getByRole('option', { name: 'Привязать к счёту…' }).click();
  await choose(page, 'statement-bill-21', `15-${id}`);
  // The carrier: created from the statement's details.
  await page.getByTestId('statement-party-choice-52').click();
  await page.getByRole('option', { name: 'Создать контрагента из выписки' }).click();
  await expect(page.getByTestId('statement-party-52')).toContainText(`ИНН ${carrierInn}`);
  await expect(page.getByTestId('statement-party-52')).toContainText(`р/с ${carrierAccount}`);
  await page.getByTestId('statement-confirm').click();
  await expect(page.getByTestId('statement-done')).toContainText('создано контрагентов: 1', SAVE_TIMEOUT);
  await expect(page.getByTestId('statement-done')).toContainText('привязано к счетам: 1');
  expect((await api('GET', `/finances/bills/${bill.id}`)).balance).toBe('0.00');
  const carriers = (await api('GET', `/counterparties?search=${carrierInn}`)).collection as {
    name: string;
    contractor: boolean;
  }[];
  expect(carriers).toMatchObject([{ name: 'ИП Абрамов Олег Викторович', contractor: true }]);
});
