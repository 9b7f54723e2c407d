import { readFileSync } from 'node:fs';
import { LEDGER_ACCOUNTS } from '@tms/domain';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/connection';
import { createTestApp, type TestContext } from '../../test/harness';
import { signIn } from '../../test/users';
import { ledgerAccounts } from './tables';

const reportTexts = (lang: 'ru' | 'en') =>
  JSON.parse(
    readFileSync(new URL(`../../../../web/src/locales/${lang}/reports.json`, import.meta.url), 'utf8'),
  ) as { ledgerAccounts: Record<string, string> };

describe('chart of accounts', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx?.close());

  it('holds every account the ledger posts to, named as the reports name it', async () => {
    const rows = await ctx.database.db.select().from(ledgerAccounts).orderBy(asc(ledgerAccounts.code));
    expect(rows.map((r) => r.code)).toEqual([...LEDGER_ACCOUNTS].sort());
    const ru = reportTexts('ru').ledgerAccounts;
    const en = reportTexts('en').ledgerAccounts;
    for (const row of rows) {
      expect(row.enabled).toBe(true);
      expect([row.code, row.name, row.nameEn]).toEqual([row.code, ru[row.code], en[row.code]]);
    }
  });

  it('is listed read only to the books role', async () => {
    const reader = await signIn(ctx, ['ROLE_REPORT_BOOKS_ALL']);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/finances/ledger-accounts?kind=expense',
      headers: reader.headers,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(
      list
        .json()
        .data.collection.map((a: { code: string }) => a.code)
        .sort(),
    ).toEqual(['ACQUIRING_COMMISSION', 'COMMISSION', 'COST']);
    const other = await signIn(ctx, ['ROLE_BILL_VIEW_ALL']);
    const refused = await ctx.app.inject({
      method: 'GET',
      url: '/api/finances/ledger-accounts',
      headers: other.headers,
    });
    expect(refused.statusCode).toBe(403);
    const create = await ctx.app.inject({
      method: 'POST',
      url: '/api/finances/ledger-accounts',
      headers: reader.headers,
      payload: { code: 'PETTY_CASH', name: 'Касса', kind: 'asset' },
    });
    expect(create.statusCode).toBeGreaterThanOrEqual(403);
  });

  it('refuses an entry to an account it has not', async () => {
    const attempt = ctx.database.db.transaction(async (tx) => {
      const [t] = await rowsOf<{ id: number }>(
        tx,
        sql`INSERT INTO ledger_transactions (date, source_type, source_id) VALUES ('2026-03-01', 'test', 1) RETURNING id`,
      );
      await tx.execute(
        sql`INSERT INTO ledger_entries (transaction_id, account, currency_id, amount, base_amount)
          VALUES (${t!.id}, 'PETTY_CASH', (SELECT id FROM currencies LIMIT 1), 1, 1)`,
      );
    });
    const error = await attempt.then(
      () => null,
      (e: Error & { cause?: { message?: string; constraint?: string } }) => e.cause,
    );
    expect(error?.message ?? '').toMatch(/ledger_entries_account_ledger_accounts_code_fk/);
  });
});
