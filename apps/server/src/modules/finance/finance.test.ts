import {
  COUNTERPARTY_MESSAGES,
  financeControlStatusReasonResource,
  flattenTree,
  MESSAGES,
  PAYMENT_FORM_MESSAGES,
  paymentFormResource,
} from '@tms/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, fileTestApp, type TestContext } from '../../test/harness';
import { currencyId, insertBank, insertLegalEntity, SBER } from '../../test/reference-rows';
import { describeResource } from '../../test/resource-suite';
import { signIn } from '../../test/users';
import { paymentForms } from './tables';

const app = fileTestApp();

let seq = 0;
const next = () => ++seq;

/** A settlement account whose key agrees with Sberbank's BIK. */
const SBER_EUR = '40702978100000012345';

describeResource({
  app,
  descriptor: paymentFormResource,
  validCreate: async ({ database }) => {
    const n = next();
    // BIKs ending in 000-002 are Bank of Russia divisions, whose accounts are keyed otherwise: start past them.
    const bank = await insertBank(database, 'RU', {
      bik: SBER.bik.replace('225', String(n + 10).padStart(3, '0')),
    });
    const entity = await insertLegalEntity(database);
    // The key of a settlement account runs over the BIK's last 3 digits, so each bank gets its own account.
    const account = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']
      .map((d) => `40702810${d}00000012345`)
      .find((a) => isKeyed(a, bank.bik!));
    return {
      name: `Евразия RUB ${n}`,
      legalEntityId: entity.id,
      bankId: bank.id,
      accountNumber: account,
      currencyId: await currencyId(database, 'RUB'),
      withVat: true,
    };
  },
  update: { withVat: false },
  invalidCreate: {
    body: { name: '', legalEntityId: 0, bankId: 1, accountNumber: '', currencyId: -1 },
    errorPaths: ['name', 'legalEntityId', 'accountNumber', 'currencyId'],
  },
  unique: ['name'],
  search: 'Евразия RUB',
});

/** The Bank of Russia key of a settlement account (mirrors isValidRussianAccount, to build test data). */
function isKeyed(account: string, bik: string): boolean {
  const digits = bik.slice(6) + account;
  const sum = [...digits].reduce((s, d, i) => s + Number(d) * [7, 1, 3][i % 3]!, 0);
  return sum % 10 === 0;
}

describeResource({
  app,
  descriptor: financeControlStatusReasonResource,
  validCreate: () => {
    const n = next();
    return { name: `Нет оригиналов документов ${n}`, nameEn: `No original documents ${n}` };
  },
  update: { nameEn: 'Originals missing' },
  invalidCreate: { body: { name: 'x'.repeat(256), nameEn: 5 }, errorPaths: ['name', 'nameEn'] },
  unique: ['name'],
  search: 'оригиналов',
});

describe('payment form rules', () => {
  let ctx: TestContext;
  let headers: { authorization: string };
  beforeAll(async () => {
    ctx = await createTestApp();
    ({ headers } = await signIn(ctx, [...paymentFormResource.roles.edit]));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const send = (method: 'POST' | 'PATCH', url: string, payload: object) =>
    ctx.app.inject({ method, url, payload, headers });
  const count = async (table: typeof paymentForms) => (await ctx.database.db.select().from(table)).length;

  it('checks the account number against the bank: BIK key in Russia, IBAN in Belarus, its form in China', async () => {
    const entity = await insertLegalEntity(ctx.database);
    // Settlement account keys run over the BIK's last three digits only: this BIK keeps Sberbank's accounts.
    const sber = await insertBank(ctx.database, 'RU', { bik: '044583225' });
    const prior = await insertBank(ctx.database, 'BY', { swift: 'PJCBBY2X' });
    const boc = await insertBank(ctx.database, 'CN', { swift: 'BKCHCNBJ' });
    const eur = await currencyId(ctx.database, 'EUR');
    const base = { legalEntityId: entity.id, currencyId: eur };
    const before = await count(paymentForms);

    const wrongKey = await send('POST', '/api/finances/payment-forms', {
      ...base,
      name: 'Сбер EUR',
      bankId: sber.id,
      accountNumber: '40702978200000012345',
    });
    expect(flattenTree(wrongKey.json().errors)).toEqual({
      accountNumber: [COUNTERPARTY_MESSAGES.bankAccount],
    });
    const notIban = await send('POST', '/api/finances/payment-forms', {
      ...base,
      name: 'Приор EUR',
      bankId: prior.id,
      accountNumber: 'BY95PJCB30120000000000000002',
    });
    expect(flattenTree(notIban.json().errors)).toEqual({ accountNumber: [COUNTERPARTY_MESSAGES.iban] });
    const unknownBank = await send('POST', '/api/finances/payment-forms', {
      ...base,
      name: 'Нет банка',
      bankId: 2_000_000_000,
      accountNumber: SBER_EUR,
    });
    expect(flattenTree(unknownBank.json().errors)).toEqual({ bankId: [MESSAGES.invalid] });
    expect(await count(paymentForms)).toBe(before);

    const sberForm = await send('POST', '/api/finances/payment-forms', {
      ...base,
      name: 'Сбер EUR',
      bankId: sber.id,
      accountNumber: SBER_EUR,
    });
    expect(sberForm.statusCode, sberForm.body).toBe(201);
    const priorForm = await send('POST', '/api/finances/payment-forms', {
      ...base,
      name: 'Приор EUR',
      bankId: prior.id,
      accountNumber: 'by95 pjcb 3012 0000 0000 0000 0001',
    });
    expect(priorForm.statusCode, priorForm.body).toBe(201);
    expect(priorForm.json().data.accountNumber).toBe('BY95PJCB30120000000000000001');
    const bocForm = await send('POST', '/api/finances/payment-forms', {
      ...base,
      name: 'BOC CNY',
      bankId: boc.id,
      accountNumber: '4563 7701 2345',
    });
    expect(bocForm.statusCode, bocForm.body).toBe(201);

    // Moving the Russian account to the Belarusian bank is checked against that bank.
    const moved = await send('PATCH', `/api/finances/payment-forms/${sberForm.json().data.id}`, {
      bankId: prior.id,
      version: 1,
    });
    expect(flattenTree(moved.json().errors)).toEqual({ accountNumber: [COUNTERPARTY_MESSAGES.iban] });
    expect(PAYMENT_FORM_MESSAGES.inUse).toMatch(/payment form/);
  });
});
