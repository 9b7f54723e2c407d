import {
  BILL_MESSAGES,
  CURRENCY_RATE_MESSAGES,
  decimalAdd,
  decimalFixed,
  decimalSubtract,
  flattenTree,
  type Role,
} from '@tms/domain';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/connection';
import { createTestApp, type TestContext } from '../../test/harness';
import { type SignedIn, signIn } from '../../test/users';
import { bills, ledgerEntries } from './tables';
import { type BillsWorld, billsWorld } from './test-fixtures';

const ROLES: Role[] = [
  'ROLE_COUNTERPARTY_VIEW_ALL',
  'ROLE_ORDER_VIEW_ALL',
  'ROLE_BILL_CREATE',
  'ROLE_BILL_VIEW_ALL',
  'ROLE_BILL_EDIT_ALL',
  'ROLE_BILL_DELETE',
  'ROLE_RECOGNITION_DATE_CHANGE',
];

/** March has USD rates, April only roubles: a USD bill in April is refused for its missing rate. */
const day = fc.constantFrom('2026-03-02', '2026-03-15', '2026-03-31', '2026-04-01', '2026-04-20');
const amount = fc
  .tuple(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 99 }))
  .filter(([units, cents]) => units > 0 || cents > 0)
  .map(([units, cents]) => `${units}.${String(cents).padStart(2, '0')}`);
const command = fc.oneof(
  fc.record({
    kind: fc.constant('create' as const),
    direction: fc.constantFrom('INCOME', 'EXPENSE'),
    usd: fc.boolean(),
    amount,
    date: day,
    disbursement: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('update' as const), pick: fc.nat(), amount, date: day, flip: fc.boolean() }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('lock' as const),
    month: fc.constantFrom('2026-03', '2026-04'),
    on: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('rate' as const), date: day, rate: fc.integer({ min: 50, max: 150 }) }),
);

/**
 * Random sequences of bill creates, updates and deletes, month locks and rate edits; after every step the
 * ledger's invariants hold (docs/finance.md "Ledger"). Every refusal must be one of the rules' messages.
 */
describe('ledger invariants', () => {
  let ctx: TestContext;
  let world: BillsWorld;
  let user: SignedIn;
  let order: number;
  beforeAll(async () => {
    ctx = await createTestApp();
    world = await billsWorld(ctx);
    user = await signIn(ctx, ROLES);
    order = await world.order();
  });
  afterAll(async () => {
    await ctx?.close();
  });
  const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url: `/api${url}`, headers: user.headers, payload });

  /** A refusal is a rule's: the locked month or the missing rate, under the recognition date. */
  const expectRuleRefusal = (res: { statusCode: number; body: string; json: () => { errors: unknown } }) => {
    expect(res.statusCode, res.body).toBe(400);
    const errors = flattenTree(res.json().errors as never) as Record<string, string[]>;
    expect(Object.keys(errors)).toEqual(['recognitionDate']);
    expect([BILL_MESSAGES.periodLocked, CURRENCY_RATE_MESSAGES.noRate]).toContain(errors.recognitionDate![0]);
  };

  async function checkInvariants(posted: Map<number, string>, lockedCounts: Map<string, number>) {
    const db = ctx.database.db;
    const unbalanced = await rowsOf(
      db,
      sql`SELECT transaction_id FROM ledger_entries GROUP BY transaction_id, currency_id
          HAVING sum(amount) <> 0 OR sum(base_amount) <> 0`,
    );
    expect(unbalanced).toEqual([]);
    // Entries once posted keep their base amounts, whatever happened to the rates since.
    for (const entry of await db.select().from(ledgerEntries)) {
      const before = posted.get(entry.id);
      if (before !== undefined) expect(entry.baseAmount).toBe(before);
      posted.set(entry.id, entry.baseAmount);
    }
    for (const bill of await db.select().from(bills)) {
      const entries = await db.select().from(ledgerEntries).where(sql`${ledgerEntries.billId} = ${bill.id}`);
      const balance = entries
        .filter((e) => e.account === 'RECEIVABLE' || e.account === 'PAYABLE')
        .reduce(
          (sum, e) =>
            e.account === 'RECEIVABLE' ? decimalAdd(sum, e.amount) : decimalSubtract(sum, e.amount),
          '0',
        );
      expect(decimalFixed(balance, 2)).toBe(bill.balance);
      expect(bill.balance).toBe(bill.amount);
    }
    for (const [month, count] of lockedCounts) {
      const [row] = await rowsOf<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM ledger_transactions WHERE date_trunc('month', date) = ${`${month}-01`}::date`,
      );
      expect(row!.n, `postings into locked ${month}`).toBe(count);
    }
  }

  it('every transaction balances per currency, bills match the ledger, locked months stay closed', async () => {
    const posted = new Map<number, string>();
    const lockedCounts = new Map<string, number>();
    const live: { id: number; version: number }[] = [];
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 12 }), async (commands) => {
        for (const step of commands) {
          if (step.kind === 'create') {
            const res = await call('POST', '/finances/bills', {
              number: 'P',
              direction: step.direction,
              counterpartyId: step.direction === 'INCOME' ? world.client : world.contractor,
              legalEntityId: world.company,
              paymentFormId: world.form,
              currencyId: step.usd ? world.usd : world.rub,
              amount: step.amount,
              date: step.date,
              recognitionDate: step.date,
              disbursement: step.disbursement,
              orderIds: [order],
            });
            if (res.statusCode === 201) live.push(res.json().data);
            else expectRuleRefusal(res);
          } else if ((step.kind === 'update' || step.kind === 'delete') && live.length) {
            const index = step.pick % live.length;
            const bill = live[index]!;
            if (step.kind === 'delete') {
              const res = await call('DELETE', `/finances/bills/${bill.id}`);
              if (res.statusCode === 200) live.splice(index, 1);
              else expectRuleRefusal(res);
            } else {
              const res = await call('PUT', `/finances/bills/${bill.id}`, {
                amount: step.amount,
                recognitionDate: step.date,
                ...(step.flip ? { direction: 'EXPENSE', counterpartyId: world.contractor } : {}),
                version: bill.version,
              });
              if (res.statusCode === 200) live[index] = res.json().data;
              else expectRuleRefusal(res);
            }
          } else if (step.kind === 'lock') {
            const res = await call(step.on ? 'PUT' : 'DELETE', `/finances/period-locks/${step.month}`);
            expect(res.statusCode).toBe(200);
            if (!step.on) lockedCounts.delete(step.month);
            else if (!lockedCounts.has(step.month)) {
              const [row] = await rowsOf<{ n: number }>(
                ctx.database.db,
                sql`SELECT count(*)::int AS n FROM ledger_transactions WHERE date_trunc('month', date) = ${`${step.month}-01`}::date`,
              );
              lockedCounts.set(step.month, row!.n);
            }
          } else if (step.kind === 'rate' && step.date.startsWith('2026-03')) {
            await ctx.database.db.execute(
              sql`UPDATE currency_rates SET rate = ${step.rate} WHERE date = ${step.date} AND currency_id = ${world.usd}`,
            );
          }
          await checkInvariants(posted, lockedCounts);
        }
      }),
      { numRuns: 12 },
    );
  }, 240_000);
});
