import { readFileSync } from 'node:fs';
import { REQUEST_MESSAGES, type Role } from '@tms/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/connection';
import { counterparties } from '../../src/modules/counterparties/tables';
import { decodeBankStatement } from '../../src/modules/finance/import-files';
import { paymentForms } from '../../src/modules/finance/tables';
import { createTestApp, type TestContext } from '../../src/test/harness';
import { multipart } from '../../src/test/multipart';
import { countryId, currencyId, insertBank, insertLegalEntity, SBER } from '../../src/test/reference-rows';
import { type SignedIn, signIn } from '../../src/test/users';

const recorded = decodeBankStatement(
  readFileSync(new URL('../../src/modules/finance/fixtures/statement-1c.txt', import.meta.url)),
);
/** The recorded statement (two payments: one in, one out) with documents numbered `n` and `n + 1`. */
const statement = (n: number) =>
  Buffer.from(recorded.replace('Номер=418', `Номер=${n}`).replace('Номер=1027', `Номер=${n + 1}`));

const ROLES: Role[] = [
  'ROLE_COUNTERPARTY_VIEW_ALL',
  'ROLE_PAYMENT_LIST_ALL',
  'ROLE_PAYMENT_CREATE',
  'ROLE_PAYMENT_UNLINKED',
];

/**
 * Money entering through a bank statement enters once: a retried import with its Idempotency-Key gets the first
 * answer, the key with another file is refused, and parallel imports of one statement create its payments once.
 */
describe('the bank statement import under retries and races', () => {
  let ctx: TestContext;
  let clerk: SignedIn;

  beforeAll(async () => {
    ctx = await createTestApp();
    clerk = await signIn(ctx, ROLES);
    const db = ctx.database.db;
    const ru = await countryId(ctx.database, 'RU');
    const company = await insertLegalEntity(ctx.database);
    const bank = await insertBank(ctx.database, 'RU', SBER);
    await db.insert(paymentForms).values({
      name: 'Сбербанк RUB',
      legalEntityId: company.id,
      bankId: bank.id,
      accountNumber: '40702810038000012345',
      currencyId: await currencyId(ctx.database, 'RUB'),
    });
    await db.insert(counterparties).values([
      { name: 'БАШТЕХСНАБ', inn: '0274062111', client: true, countryId: ru, applicationRequired: false },
      {
        name: 'ИП Абрамов',
        inn: '026801234567',
        contractor: true,
        countryId: ru,
        applicationRequired: false,
      },
    ]);
  });
  afterAll(() => ctx.close());

  const importStatement = (content: Buffer, key?: string) => {
    const body = multipart('statement.txt', content, 'text/plain');
    return ctx.app.inject({
      method: 'POST',
      url: '/api/finances/bank-statements/import',
      payload: body.payload,
      headers: { ...clerk.headers, ...body.headers, ...(key ? { 'idempotency-key': key } : {}) },
    });
  };

  /** What the money of the books is: the payments, their amounts, and the change log's entries. */
  const books = async () =>
    (
      await rowsOf<{ payments: number; total: string; changes: number }>(
        ctx.database.db,
        sql`SELECT (SELECT count(*)::int FROM payments) AS payments,
          (SELECT coalesce(sum(amount), 0)::text FROM payments) AS total,
          (SELECT count(*)::int FROM change_log) AS changes`,
      )
    )[0]!;

  it('answers a retry with its Idempotency-Key with the first answer, and writes nothing more', async () => {
    const first = await importStatement(statement(5000), 'statement-5000');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({
      created: 2,
      linked: 0,
      duplicates: 0,
      skipped: 0,
      counterparties: 0,
    });
    const after = await books();

    const retry = await importStatement(statement(5000), 'statement-5000');
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await books()).toEqual(after);
  });

  it('refuses the used key with another statement (422), and writes nothing of it', async () => {
    const first = await importStatement(statement(6000), 'statement-6000');
    expect(first.statusCode, first.body).toBe(200);
    const before = await books();

    const other = await importStatement(statement(7000), 'statement-6000');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ code: 422, message: REQUEST_MESSAGES.idempotencyKeyReused });
    expect(await books()).toEqual(before);
    // The other statement itself was not lost: under a key of its own it imports.
    const own = await importStatement(statement(7000), 'statement-7000');
    expect(own.json().data).toEqual({ created: 2, linked: 0, duplicates: 0, skipped: 0, counterparties: 0 });
  });

  it('creates the payments of one statement once when ten imports of it run at once', async () => {
    const before = await books();
    const answers = await Promise.all(Array.from({ length: 10 }, () => importStatement(statement(8000))));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const results = answers.map((a) => a.json().data);
    // One import created the two payments; each of the other nine found both imported.
    expect(results.reduce((sum, r) => sum + r.created, 0)).toBe(2);
    expect(results.filter((r) => r.duplicates === 2)).toHaveLength(9);
    const after = await books();
    expect(after.payments).toBe(before.payments + 2);
    expect(Number(after.total) - Number(before.total)).toBe(354000 + 87500.5);
  });

  it('creates them once too when ten retries with one key run at once', async () => {
    const before = await books();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => importStatement(statement(9000), 'statement-9000')),
    );
    // The first claims the key; a retry while it runs is told so (409), one after it gets its answer.
    for (const answer of answers) expect([200, 409], answer.body).toContain(answer.statusCode);
    const created = answers
      .filter((a) => a.statusCode === 200 && a.headers['idempotent-replayed'] === undefined)
      .map((a) => a.json().data);
    expect(created).toEqual([{ created: 2, linked: 0, duplicates: 0, skipped: 0, counterparties: 0 }]);
    expect((await books()).payments).toBe(before.payments + 2);
  });
});
