import type { LedgerAccount } from '@tms/domain';
import { type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/connection';
import { systemPrincipal } from '../../platform/auth/context';
import { createTestApp, type TestContext } from '../../test/harness';
import { insertLegalEntity } from '../../test/reference-rows';
import { reportsWorld } from '../../test/reports-world';
import { post, reconcileMonthTotals, reverse, setMonthLocked } from '../finance';
import { type BooksFilter, bookLines, rolledMonths } from './books';
import { type BillFilters, closedMonthsIn, liveOrderFacts, orderMonthFacts } from './facts';

/*
 * The totals of closed months (docs/reports.md "Rollups of closed months") on random books: postings in
 * roubles and dollars over four months, reversals, months locked and unlocked between them, postings into
 * locked months by a user who may ignore the lock. Whatever happened, every locked month's totals (with and
 * without the counterparty) equal its entries summed again, and the books read through the totals (the closed
 * months before a period and those wholly within it) give the figures the entries give, opening and
 * turnover, for all counterparties and for each.
 */

const MONTHS = ['2026-01', '2026-02', '2026-03', '2026-04'];
const PAIRS: [LedgerAccount, LedgerAccount][] = [
  ['RECEIVABLE', 'REVENUE'],
  ['CASH', 'RECEIVABLE'],
  ['COST', 'PAYABLE'],
  ['PAYABLE', 'CASH'],
  ['CASH', 'ADVANCES_RECEIVED'],
];

const day = fc
  .tuple(fc.constantFrom(...MONTHS), fc.integer({ min: 1, max: 28 }))
  .map(([month, d]) => `${month}-${String(d).padStart(2, '0')}`);
const operation = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('post' as const),
      date: day,
      pair: fc.constantFrom(...PAIRS),
      usd: fc.boolean(),
      cents: fc.integer({ min: 1, max: 9_999_999 }),
      client: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reverse' as const), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('lock' as const),
      month: fc.constantFrom(...MONTHS),
      locked: fc.boolean(),
    }),
  },
);

describe('totals of closed months', () => {
  let ctx: TestContext;
  let w: Awaited<ReturnType<typeof reportsWorld>>;
  let clients: number[];
  let source = 0;
  /** Bills reaching orders (one order, two, through a job, both), entered before any month is locked. */
  let orderBills: { id: number; income: boolean; currencyId: number }[];

  beforeAll(async () => {
    ctx = await createTestApp();
    w = await reportsWorld(ctx);
    clients = [await w.counterparty('Альфа'), await w.counterparty('Бета')];
    const carrier = await w.counterparty('Перевозчик', false);
    const [o1, o2, o3] = [
      await w.order({ clientId: clients[0]! }),
      await w.order({ clientId: clients[1]! }),
      await w.order({ clientId: clients[1]!, officeId: w.spb }),
    ];
    const job = await w.job(o2!, carrier);
    await ctx.database.db.execute(
      sql`UPDATE jobs SET order_ids = ARRAY[${o2}, ${o3}]::integer[] WHERE id = ${job}`,
    );
    const entered = [
      { orderIds: [o1], counterpartyId: clients[0], amount: '1000.00', date: '2026-01-10' },
      {
        orderIds: [o1, o2],
        counterpartyId: clients[1],
        amount: '100.00',
        date: '2026-02-10',
        currencyId: w.usd,
      },
      { orderIds: [o2, o3], counterpartyId: clients[1], amount: '100.00', date: '2026-03-11' },
      { direction: 'EXPENSE', jobIds: [job], counterpartyId: carrier, amount: '700.00', date: '2026-03-05' },
      {
        direction: 'EXPENSE',
        orderIds: [o3],
        jobIds: [job],
        counterpartyId: carrier,
        amount: '50.00',
        date: '2026-01-20',
        currencyId: w.usd,
      },
    ];
    orderBills = [];
    for (const values of entered) {
      const bill = await w.bill(values);
      orderBills.push({
        id: bill.id,
        income: values.direction !== 'EXPENSE',
        currencyId: values.currencyId ?? w.rub,
      });
    }
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('equal the entries of their month, and the books read through them give the same figures', async () => {
    const db = ctx.database.db;
    const auth = systemPrincipal('rollup property test');
    await fc.assert(
      fc.asyncProperty(
        fc.array(operation, { minLength: 4, maxLength: 14 }),
        fc.constantFrom(...MONTHS),
        fc.constantFrom('01', '15'),
        fc.constantFrom('2026-04-30', '2026-03-31', '2026-03-20'),
        async (ops, fromMonth, fromDay, to) => {
          // Each run's books are a legal entity of their own; locks and totals are shared, as in production.
          const company = (await insertLegalEntity(ctx.database)).id;
          const posted: number[] = [];
          for (const op of ops) {
            if (op.kind === 'lock') {
              await db.transaction((tx) => setMonthLocked({ tx, auth }, op.month, op.locked));
            } else if (op.kind === 'post') {
              const id = ++source;
              const currencyId = op.usd ? w.usd : w.rub;
              const amount = (op.cents / 100).toFixed(2);
              const line = (account: LedgerAccount, signed: string) => ({
                account,
                currencyId,
                amount: signed,
                legalEntityId: company,
                counterpartyId: op.client ? clients[id % 2]! : null,
                paymentFormId: account === 'CASH' ? (op.usd ? w.usdForm : w.rubForm) : null,
              });
              await db.transaction((tx) =>
                post(
                  { tx, auth },
                  {
                    source: { type: 'rollup-test', id },
                    date: op.date,
                    ignoreLock: true,
                    lines: [line(op.pair[0], amount), line(op.pair[1], `-${amount}`)],
                  },
                ),
              );
              posted.push(id);
            } else if (posted.length) {
              const id = posted.splice(op.pick % posted.length, 1)[0]!;
              await db.transaction((tx) =>
                reverse({ tx, auth }, { type: 'rollup-test', id }, { ignoreLock: true }),
              );
            }
          }

          expect(await db.transaction((tx) => reconcileMonthTotals(tx))).toEqual([]);

          // A period from a month's first day or its middle, to a month's end or its middle: its whole closed
          // months are read as totals (turnover), as are those before it (opening).
          const from = `${fromMonth}-${fromDay}`;
          // All counterparties (read through the totals without them), and each client's (through those with).
          const filters = [undefined, ...clients].flatMap((clientId) =>
            (['currency', 'base'] as const).map(
              (amounts): BooksFilter => ({ to, legalEntityId: company, clientId, amounts }),
            ),
          );
          for (const q of filters) {
            const figures = async (rolled: boolean) =>
              rowsOf<Record<string, string>>(
                db,
                sql`SELECT l.account, l.cur, l.payment_form_id,
                  coalesce(sum(l.amt) FILTER (WHERE l.date < ${from}), 0)::text AS opening,
                  coalesce(sum(l.amt) FILTER (WHERE l.date >= ${from} AND l.side > 0), 0)::text AS debit,
                  coalesce(sum(l.amt) FILTER (WHERE l.date >= ${from} AND l.side < 0), 0)::text AS credit
                FROM ${bookLines(q, 'RUB', undefined, rolled ? await rolledMonths(db, from, to) : undefined)} l
                GROUP BY 1, 2, 3 HAVING bool_or(l.amt <> 0) ORDER BY 1, 2, 3`,
              );
            const normalise = (rows: Record<string, string>[]) =>
              rows
                .map((row) => ({
                  ...row,
                  opening: Number(row.opening),
                  debit: Number(row.debit),
                  credit: Number(row.credit),
                }))
                .filter((row) => row.opening !== 0 || row.debit !== 0 || row.credit !== 0);
            expect(normalise(await figures(true))).toEqual(normalise(await figures(false)));
          }
        },
      ),
      { numRuns: 15 },
    );
  });

  it('keep the order facts of locked months equal to their entries, and the order reports read through them', async () => {
    const db = ctx.database.db;
    const auth = systemPrincipal('order facts property test');
    const billOperation = fc.oneof(
      {
        weight: 5,
        arbitrary: fc.record({
          kind: fc.constant('post' as const),
          date: day,
          bill: fc.nat(),
          cents: fc.integer({ min: 1, max: 9_999_999 }),
        }),
      },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('reverse' as const), pick: fc.nat() }) },
      {
        weight: 2,
        arbitrary: fc.record({
          kind: fc.constant('lock' as const),
          month: fc.constantFrom(...MONTHS),
          locked: fc.boolean(),
        }),
      },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(billOperation, { minLength: 4, maxLength: 14 }),
        fc.constantFrom(...MONTHS),
        fc.constantFrom('01', '15'),
        async (ops, fromMonth, fromDay) => {
          const posted: number[] = [];
          for (const op of ops) {
            if (op.kind === 'lock') {
              await db.transaction((tx) => setMonthLocked({ tx, auth }, op.month, op.locked));
            } else if (op.kind === 'post') {
              const id = ++source;
              const bill = orderBills[op.bill % orderBills.length]!;
              const amount = (op.cents / 100).toFixed(2);
              const line = (account: LedgerAccount, signed: string) => ({
                account,
                currencyId: bill.currencyId,
                amount: signed,
                legalEntityId: w.company,
                counterpartyId: clients[0]!,
                // The bill's side of revenue or cost; the other side leaves its balance as it is.
                billId: account === 'REVENUE' || account === 'COST' ? bill.id : null,
              });
              const [debit, credit]: [LedgerAccount, LedgerAccount] = bill.income
                ? ['ADVANCES_RECEIVED', 'REVENUE']
                : ['COST', 'ADVANCES_PAID'];
              await db.transaction((tx) =>
                post(
                  { tx, auth },
                  {
                    source: { type: 'rollup-test', id },
                    date: op.date,
                    ignoreLock: true,
                    lines: [line(debit, amount), line(credit, `-${amount}`)],
                  },
                ),
              );
              posted.push(id);
            } else if (posted.length) {
              const id = posted.splice(op.pick % posted.length, 1)[0]!;
              await db.transaction((tx) =>
                reverse({ tx, auth }, { type: 'rollup-test', id }, { ignoreLock: true }),
              );
            }
          }

          // Every locked month's stored facts are its entries summed again by the reports' own live reading.
          const [{ n } = { n: -1 }] = await rowsOf<{ n: number }>(
            db,
            sql`WITH locked AS (SELECT month FROM ledger_locked_months),
              stored AS (
                SELECT to_char(month, 'YYYY-MM') AS month, order_id, legal_entity_id, payment_form_id, currency_id,
                  revenue, cost
                FROM ledger_order_month_facts WHERE month IN (SELECT month FROM locked)
              ),
              live AS (
                SELECT f.month, f.order_id, f.legal_entity_id, f.payment_form_id, f.currency_id, sum(f.revenue) AS revenue,
                  sum(f.cost) AS cost
                FROM ${liveOrderFacts(sql`date_trunc('month', t.date)::date IN (SELECT month FROM locked)`)} f
                GROUP BY 1, 2, 3, 4, 5
              )
              SELECT (SELECT count(*)::int FROM ((SELECT * FROM stored EXCEPT SELECT * FROM live)
                UNION ALL (SELECT * FROM live EXCEPT SELECT * FROM stored)) d) AS n`,
          );
          expect(n).toBe(0);
          expect(await db.transaction((tx) => reconcileMonthTotals(tx))).toEqual([]);

          // The facts the order-level reports read, through the locked months' facts and from the entries alone.
          const period = { from: `${fromMonth}-${fromDay}`, to: '2026-04-30' };
          const closed = await closedMonthsIn(db, period);
          const filters: BillFilters[] = [
            {},
            { currencyId: w.usd },
            { paymentFormId: w.rubForm },
            { legalEntityId: w.company },
          ];
          for (const q of filters) {
            const figures = (months: readonly string[]) =>
              rowsOf<Record<string, string>>(
                db,
                sql`SELECT f.order_id, f.month, f.revenue::text, f.cost::text FROM ${orderMonthFacts(period, q, months)} f
                  ORDER BY 1, 2`,
              );
            expect(await figures(closed)).toEqual(await figures([]));
          }
        },
      ),
      { numRuns: 15 },
    );
  });

  it('are summed when a month is locked and dropped when it is unlocked', async () => {
    const db = ctx.database.db;
    const auth = systemPrincipal('rollup test');
    const company = (await insertLegalEntity(ctx.database)).id;
    await db.transaction((tx) => setMonthLocked({ tx, auth }, '2026-02', false));
    await db.transaction((tx) =>
      post(
        { tx, auth },
        {
          source: { type: 'rollup-test', id: ++source },
          date: '2026-02-10',
          lines: [
            { account: 'RECEIVABLE', currencyId: w.rub, amount: '100.00', legalEntityId: company },
            { account: 'REVENUE', currencyId: w.rub, amount: '-100.00', legalEntityId: company },
          ],
        },
      ),
    );
    // With the counterparty and without it: the same two sides.
    const totals = async () => {
      const of = (table: SQL) =>
        rowsOf<{ account: string; debit: string; credit: string }>(
          db,
          sql`SELECT account, debit::text, credit::text FROM ${table}
            WHERE month = '2026-02-01' AND legal_entity_id = ${company} ORDER BY account`,
        );
      const [fine, coarse] = [await of(sql`ledger_month_totals`), await of(sql`ledger_month_account_totals`)];
      expect(coarse).toEqual(fine);
      return fine;
    };
    expect(await totals()).toEqual([]);
    await db.transaction((tx) => setMonthLocked({ tx, auth }, '2026-02', true));
    expect(await totals()).toEqual([
      { account: 'RECEIVABLE', debit: '100.00', credit: '0' },
      { account: 'REVENUE', debit: '0', credit: '-100.00' },
    ]);
    await db.transaction((tx) => setMonthLocked({ tx, auth }, '2026-02', false));
    expect(await totals()).toEqual([]);
  });
});
