import {
  ACQUIRING_MESSAGES,
  BILL_MESSAGES,
  CURRENCY_RATE_MESSAGES,
  decimalAdd,
  decimalCompare,
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
import { bills, ledgerEntries, paymentBills, payments } from './tables';
import { type BillsWorld, billsWorld } from './test-fixtures';

const ROLES: Role[] = [
  'ROLE_COUNTERPARTY_VIEW_ALL',
  'ROLE_ORDER_VIEW_ALL',
  'ROLE_BILL_CREATE',
  'ROLE_BILL_VIEW_ALL',
  'ROLE_BILL_EDIT_ALL',
  'ROLE_BILL_DELETE',
  'ROLE_RECOGNITION_DATE_CHANGE',
  'ROLE_PAYMENT_LIST_ALL',
  'ROLE_PAYMENT_CREATE',
  'ROLE_PAYMENT_DELETE_ALL',
  'ROLE_PAYMENT_UNLINKED',
  'ROLE_INTERNAL_TRANSFER_CREATE',
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
  fc.record({ kind: fc.constant('pay' as const), pick: fc.nat(), amount, date: day, link: fc.boolean() }),
  fc.record({ kind: fc.constant('unpay' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('convert' as const),
    sold: amount,
    bought: amount,
    date: day,
    buyUsd: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('unconvert' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('transfer' as const), amount, date: day, usd: fc.boolean() }),
  fc.record({ kind: fc.constant('untransfer' as const), pick: fc.nat() }),
);

/**
 * Random sequences of bill creates, updates and deletes, payments (linked to a bill or not), currency
 * conversions and their deletes, internal transfers and their deletes, month locks and rate edits; after every step the ledger's invariants hold (docs/finance.md
 * "Ledger", "Payments"). Every refusal must be one of the rules' messages.
 */
describe('ledger invariants', () => {
  let ctx: TestContext;
  let world: BillsWorld;
  let user: SignedIn;
  let order: number;
  /** The payment form of each currency, and a second one of another company (internal transfers). */
  const forms = new Map<number, number>();
  const otherForms = new Map<number, number>();
  beforeAll(async () => {
    ctx = await createTestApp();
    world = await billsWorld(ctx);
    user = await signIn(ctx, ROLES);
    order = await world.order();
    const [usdForm] = await rowsOf<{ id: number }>(
      ctx.database.db,
      sql`INSERT INTO payment_forms (name, legal_entity_id, bank_id, account_number, currency_id)
          SELECT 'USD ' || id, legal_entity_id, bank_id, '40702840' || lpad(id::text, 12, '0'), ${world.usd}
          FROM payment_forms WHERE id = ${world.form} RETURNING id`,
    );
    const [otherUsdForm] = await rowsOf<{ id: number }>(
      ctx.database.db,
      sql`INSERT INTO payment_forms (name, legal_entity_id, bank_id, account_number, currency_id)
          SELECT 'USD ' || id, legal_entity_id, bank_id, '40702840' || lpad((id + 500)::text, 12, '0'), ${world.usd}
          FROM payment_forms WHERE id = ${world.otherForm} RETURNING id`,
    );
    forms.set(world.rub, world.form).set(world.usd, usdForm!.id);
    otherForms.set(world.rub, world.otherForm).set(world.usd, otherUsdForm!.id);
  });
  afterAll(async () => {
    await ctx?.close();
  });
  const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url: `/api${url}`, headers: user.headers, payload });

  /**
   * A refusal is a rule's: the locked month or the missing rate under the date field, or a bill with
   * payments that no longer changes.
   */
  const expectRuleRefusal = (
    res: { statusCode: number; body: string; json: () => { errors: unknown } },
    field = 'recognitionDate',
  ) => {
    expect(res.statusCode, res.body).toBe(400);
    const errors = flattenTree(res.json().errors as never) as Record<string, string[]>;
    if (errors['']) {
      expect(errors).toEqual({ '': [BILL_MESSAGES.changeBlocked] });
      return;
    }
    expect(Object.keys(errors)).toEqual([field]);
    expect([BILL_MESSAGES.periodLocked, CURRENCY_RATE_MESSAGES.noRate]).toContain(errors[field]![0]);
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
      const links = await db.select().from(paymentBills).where(sql`${paymentBills.billId} = ${bill.id}`);
      const paid = links.reduce((sum, link) => decimalAdd(sum, link.amount), '0');
      expect(decimalFixed(decimalSubtract(bill.amount, paid), 2)).toBe(bill.balance);
    }
    for (const payment of await db.select().from(payments)) {
      const links = await db
        .select()
        .from(paymentBills)
        .where(sql`${paymentBills.paymentId} = ${payment.id}`);
      const linked = links.reduce((sum, link) => decimalAdd(sum, link.amount), '0');
      expect(decimalFixed(linked, 2)).toBe(payment.linkedAmount);
      // The payment's standing entries move its amount on its form's cash.
      const [cash] = await rowsOf<{ sum: string | null }>(
        db,
        sql`SELECT sum(e.amount)::text AS sum FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
            WHERE t.source_type = 'payment' AND t.source_id = ${payment.id} AND e.account = 'CASH'`,
      );
      expect(cash!.sum).toBe(payment.direction === 'INCOMING' ? payment.amount : `-${payment.amount}`);
    }
    // A deleted payment's or conversion's entries net to zero.
    const leftovers = await rowsOf(
      db,
      sql`SELECT t.source_id FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
          WHERE (t.source_type = 'payment' AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.id = t.source_id))
             OR (t.source_type = 'conversion' AND NOT EXISTS (SELECT 1 FROM currency_conversions c WHERE c.id = t.source_id))
          GROUP BY t.source_type, t.source_id, e.account, e.currency_id HAVING sum(e.amount) <> 0`,
    );
    expect(leftovers).toEqual([]);
    // Internal transfers' payments stand or go in pairs, so their clearing account is empty in each currency.
    const clearing = await rowsOf(
      db,
      sql`SELECT currency_id FROM ledger_entries WHERE account = 'INTERNAL_TRANSFERS'
          GROUP BY currency_id HAVING sum(amount) <> 0 OR sum(base_amount) <> 0`,
    );
    expect(clearing).toEqual([]);
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
    const paid: number[] = [];
    const converted: number[] = [];
    const transferred: number[] = [];
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
          } else if (step.kind === 'pay' && live.length) {
            const target = live[step.pick % live.length]!;
            const [bill] = await ctx.database.db.select().from(bills).where(sql`${bills.id} = ${target.id}`);
            const linked =
              decimalCompare(step.amount, bill!.balance) <= 0 ? step.amount : decimalFixed(bill!.balance, 2);
            const res = await call('POST', '/finances/payments', {
              number: 'PP',
              direction: bill!.direction === 'INCOME' ? 'INCOMING' : 'OUTGOING',
              date: step.date,
              paymentFormId: forms.get(bill!.currencyId),
              amount: step.amount,
              counterpartyId: bill!.counterpartyId,
              links:
                step.link && decimalCompare(linked, '0') > 0 ? [{ billId: bill!.id, amount: linked }] : [],
            });
            if (res.statusCode === 201) paid.push(res.json().data.id);
            else expectRuleRefusal(res, 'date');
          } else if (step.kind === 'unpay' && paid.length) {
            const index = step.pick % paid.length;
            const res = await call('DELETE', `/finances/payments/${paid[index]}`);
            if (res.statusCode === 200) paid.splice(index, 1);
            else expectRuleRefusal(res, 'date');
          } else if (step.kind === 'convert') {
            const [sold, bought] = step.buyUsd ? [world.rub, world.usd] : [world.usd, world.rub];
            const res = await call('POST', '/currency-conversion', {
              date: step.date,
              soldFormId: forms.get(sold),
              soldAmount: step.sold,
              boughtFormId: forms.get(bought),
              boughtAmount: step.bought,
            });
            if (res.statusCode === 201) converted.push(res.json().data.id);
            else expectRuleRefusal(res, 'date');
          } else if (step.kind === 'unconvert' && converted.length) {
            const index = step.pick % converted.length;
            const res = await call('DELETE', `/currency-conversion/${converted[index]}`);
            if (res.statusCode === 200) converted.splice(index, 1);
            else expectRuleRefusal(res, 'date');
          } else if (step.kind === 'transfer') {
            const currency = step.usd ? world.usd : world.rub;
            const res = await call('POST', '/finances/internal-transfers', {
              date: step.date,
              senderFormId: forms.get(currency),
              recipientFormId: otherForms.get(currency),
              amount: step.amount,
            });
            if (res.statusCode === 201) transferred.push(res.json().data.id);
            else expectRuleRefusal(res, 'date');
          } else if (step.kind === 'untransfer' && transferred.length) {
            const index = step.pick % transferred.length;
            const res = await call('DELETE', `/finances/internal-transfers/${transferred[index]}`);
            if (res.statusCode === 200) transferred.splice(index, 1);
            else expectRuleRefusal(res, 'date');
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
          if (step.kind === 'pay' || step.kind === 'unpay') {
            // A payment's links change its bills' balances, and so their versions.
            for (const bill of live) {
              const [row] = await ctx.database.db.select().from(bills).where(sql`${bills.id} = ${bill.id}`);
              bill.version = row!.version;
            }
          }
          await checkInvariants(posted, lockedCounts);
        }
      }),
      { numRuns: 12 },
    );
  }, 240_000);
});

// ---- Bank commissions and automatic transfers (docs/finance.md "Automatic transfers") ----

const commissionCommand = fc.oneof(
  fc.record({
    kind: fc.constant('bill' as const),
    income: fc.boolean(),
    pick: fc.nat(),
    amount,
    commission: fc.option(amount, { nil: undefined }),
  }),
  fc.record({
    kind: fc.constant('pay' as const),
    pick: fc.nat(),
    amount,
    date: fc.constantFrom('2026-03-02', '2026-03-12'),
  }),
  fc.record({ kind: fc.constant('unpay' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('run' as const) }),
  fc.record({ kind: fc.constant('untransfer' as const), pick: fc.nat() }),
);

/**
 * Random bills with bank commissions paid in part or in full and unpaid, runs of the automatic transfers
 * and deletes of the transfers they made: every transaction balances; a bill's commission stands exactly
 * while the bill is paid in full; an automatic transfer's commission stands exactly while the transfer does;
 * no rule enters an order's transfer twice and none moves more than the order's plan needs.
 */
describe('ledger invariants with bank commissions and automatic transfers', () => {
  let ctx: TestContext;
  let world: BillsWorld;
  let user: SignedIn;
  const orders: number[] = [];
  beforeAll(async () => {
    ctx = await createTestApp({}, [], () => new Date('2026-03-12T09:00:00Z'));
    world = await billsWorld(ctx);
    user = await signIn(ctx, ['ROLE_ADMIN']);
    for (let i = 0; i < 3; i++) orders.push(await world.order());
    const [bank] = await rowsOf<{ id: number }>(
      ctx.database.db,
      sql`INSERT INTO counterparties (name, client, contractor, country_id, application_required)
          SELECT 'Банк', false, true, country_id, false FROM counterparties WHERE id = ${world.client} RETURNING id`,
    );
    await ctx.database.db.execute(sql`UPDATE payment_forms SET bank_counterparty_id = ${bank!.id}`);
    const pairs = await call('PUT', '/finances/automatic-transfers/legal-entity-rules', {
      rules: [
        {
          senderLegalEntityId: world.company,
          recipientLegalEntityId: world.otherCompany,
          enabled: true,
          senderFormId: world.form,
          recipientFormId: world.otherForm,
        },
      ],
    });
    expect(pairs.statusCode, pairs.body).toBe(200);
    const rule = await call('POST', '/finances/automatic-transfers/rules', {
      name: 'Покрытие расходов',
      senderLegalEntityId: world.company,
      recipientLegalEntityId: world.otherCompany,
      currencyId: world.rub,
      commissionPercent: '0.50',
      commissionFixed: '30.00',
    });
    expect(rule.statusCode, rule.body).toBe(201);
  });
  afterAll(async () => {
    await ctx?.close();
  });
  const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url: `/api${url}`, headers: user.headers, payload });

  async function checkCommissionInvariants() {
    const db = ctx.database.db;
    expect(
      await rowsOf(
        db,
        sql`SELECT transaction_id FROM ledger_entries GROUP BY transaction_id, currency_id
            HAVING sum(amount) <> 0 OR sum(base_amount) <> 0`,
      ),
    ).toEqual([]);
    // A bill's commission is on COMMISSION exactly while the bill is paid in full.
    const wrongBills = await rowsOf(
      db,
      sql`SELECT b.id FROM bills b
          LEFT JOIN (SELECT t.source_id, sum(e.amount) AS posted FROM ledger_entries e
                     JOIN ledger_transactions t ON t.id = e.transaction_id
                     WHERE t.source_type = 'bill_commission' AND e.account = 'COMMISSION' GROUP BY t.source_id) c
            ON c.source_id = b.id
          WHERE coalesce(c.posted, 0) <> CASE WHEN b.balance = 0 THEN coalesce(b.bank_commission, 0) ELSE 0 END`,
    );
    expect(wrongBills).toEqual([]);
    // An automatic transfer's commission stands exactly while the transfer does.
    const wrongTransfers = await rowsOf(
      db,
      sql`SELECT i.id FROM automatic_transfer_run_items i
          LEFT JOIN (SELECT t.source_id, sum(e.amount) AS posted FROM ledger_entries e
                     JOIN ledger_transactions t ON t.id = e.transaction_id
                     WHERE t.source_type = 'transfer_commission' AND e.account = 'COMMISSION' GROUP BY t.source_id) c
            ON c.source_id = i.transfer_id
          WHERE i.status = 'created' AND i.transfer_id IS NOT NULL AND coalesce(c.posted, 0) <> coalesce(i.commission, 0)`,
    );
    expect(wrongTransfers).toEqual([]);
    // A deleted transfer's commission is reversed with it.
    const orphans = await rowsOf(
      db,
      sql`SELECT t.source_id FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
          WHERE t.source_type = 'transfer_commission'
            AND NOT EXISTS (SELECT 1 FROM internal_transfers x WHERE x.id = t.source_id)
          GROUP BY t.source_id, e.account HAVING sum(e.amount) <> 0`,
    );
    expect(orphans).toEqual([]);
    // Once per rule and order; never more than the order's expenses on the recipient company.
    const twice = await rowsOf(
      db,
      sql`SELECT rule_id, order_id FROM automatic_transfer_run_items WHERE status = 'created'
          GROUP BY rule_id, order_id HAVING count(*) > 1`,
    );
    expect(twice).toEqual([]);
    const over = await rowsOf(
      db,
      sql`SELECT t.order_id FROM internal_transfers t
          WHERE t.order_id IS NOT NULL AND t.recipient_legal_entity_id = ${world.otherCompany}
          GROUP BY t.order_id
          HAVING sum(t.amount) > (SELECT coalesce(sum(b.amount), 0) FROM bills b
            WHERE b.direction = 'EXPENSE' AND b.legal_entity_id = ${world.otherCompany} AND b.order_ids @> ARRAY[t.order_id])`,
    );
    expect(over).toEqual([]);
  }

  it('commissions follow what they are charged for; automatic transfers are made once', async () => {
    const live: number[] = [];
    const paid: number[] = [];
    await fc.assert(
      fc.asyncProperty(fc.array(commissionCommand, { minLength: 1, maxLength: 10 }), async (commands) => {
        for (const step of commands) {
          if (step.kind === 'bill') {
            const res = await call('POST', '/finances/bills', {
              number: 'K',
              direction: step.income ? 'INCOME' : 'EXPENSE',
              counterpartyId: step.income ? world.client : world.contractor,
              legalEntityId: step.income ? world.company : world.otherCompany,
              paymentFormId: step.income ? world.form : world.otherForm,
              currencyId: world.rub,
              amount: step.amount,
              date: '2026-03-02',
              recognitionDate: '2026-03-02',
              orderIds: [orders[step.pick % orders.length]!],
              ...(step.commission
                ? { bankCommission: step.commission, bankCommissionCurrencyId: world.rub }
                : {}),
            });
            expect(res.statusCode, res.body).toBe(201);
            live.push(res.json().data.id);
          } else if (step.kind === 'pay' && live.length) {
            const [bill] = await ctx.database.db
              .select()
              .from(bills)
              .where(sql`${bills.id} = ${live[step.pick % live.length]!}`);
            if (decimalCompare(bill!.balance, '0') === 0) continue;
            const linked = decimalCompare(step.amount, bill!.balance) <= 0 ? step.amount : bill!.balance;
            const res = await call('POST', '/finances/payments', {
              number: 'KP',
              direction: bill!.direction === 'INCOME' ? 'INCOMING' : 'OUTGOING',
              date: step.date,
              paymentFormId: bill!.paymentFormId,
              amount: decimalFixed(linked, 2),
              counterpartyId: bill!.counterpartyId,
              links: [{ billId: bill!.id, amount: decimalFixed(linked, 2) }],
            });
            expect(res.statusCode, res.body).toBe(201);
            paid.push(res.json().data.id);
          } else if (step.kind === 'unpay' && paid.length) {
            const [id] = paid.splice(step.pick % paid.length, 1);
            expect((await call('DELETE', `/finances/payments/${id}`)).statusCode).toBe(200);
          } else if (step.kind === 'run') {
            const res = await call('POST', '/finances/automatic-transfers/runs');
            expect(res.statusCode, res.body).toBe(200);
            expect(res.json().data.run.errors).toBe(0);
          } else if (step.kind === 'untransfer') {
            const made = await rowsOf<{ id: number }>(
              ctx.database.db,
              sql`SELECT transfer_id AS id FROM automatic_transfer_run_items WHERE transfer_id IS NOT NULL ORDER BY id`,
            );
            if (!made.length) continue;
            const res = await call(
              'DELETE',
              `/finances/internal-transfers/${made[step.pick % made.length]!.id}`,
            );
            expect(res.statusCode, res.body).toBe(200);
          }
          await checkCommissionInvariants();
        }
      }),
      { numRuns: 10 },
    );
  }, 240_000);
});

/** A commission rate in percent (0 to 9.99 with two decimals) or an amount; sometimes one the gross cannot bear. */
const acquiringCommission = fc.oneof(
  fc.record({ rate: fc.integer({ min: 0, max: 999 }).map((n) => (n / 100).toFixed(2)) }),
  fc.record({ amount }),
);
const acquiringCommand = fc.oneof(
  fc.record({
    kind: fc.constant('bill' as const),
    usd: fc.boolean(),
    amount,
    date: day,
  }),
  fc.record({
    kind: fc.constant('acquire' as const),
    pick: fc.nat(),
    gross: amount,
    commission: acquiringCommission,
    date: day,
    link: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('unacquire' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('lock' as const),
    month: fc.constantFrom('2026-03', '2026-04'),
    on: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('rate' as const), date: day, rate: fc.integer({ min: 50, max: 150 }) }),
);

/**
 * Bank acquiring (docs/finance.md "Bank acquiring"): random income bills, acquiring operations paying them
 * (commission by rate or amount, linked or not) and their deletes, month locks and rate edits. After every step
 * each transaction balances per currency; a standing operation moved its gross off the receivable, its net onto
 * the form's cash and its commission to ACQUIRING_COMMISSION; a deleted one left nothing behind.
 */
describe('ledger invariants with bank acquiring', () => {
  let ctx: TestContext;
  let world: BillsWorld;
  let user: SignedIn;
  let order: number;
  let acquirer: number;
  const forms = new Map<number, number>();
  beforeAll(async () => {
    ctx = await createTestApp();
    world = await billsWorld(ctx);
    user = await signIn(ctx, [...ROLES, 'ROLE_ACQUIRING_MANAGE']);
    order = await world.order();
    const [usdForm] = await rowsOf<{ id: number }>(
      ctx.database.db,
      sql`INSERT INTO payment_forms (name, legal_entity_id, bank_id, account_number, currency_id)
          SELECT 'USD ' || id, legal_entity_id, bank_id, '40702840' || lpad(id::text, 12, '0'), ${world.usd}
          FROM payment_forms WHERE id = ${world.form} RETURNING id`,
    );
    forms.set(world.rub, world.form).set(world.usd, usdForm!.id);
    acquirer = world.contractor;
  });
  afterAll(async () => {
    await ctx?.close();
  });
  const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url: `/api${url}`, headers: user.headers, payload });

  /** A refusal is a rule's: the date's locked month or missing rate, or the commission the gross cannot bear. */
  const expectRuleRefusal = (
    res: { statusCode: number; body: string; json: () => { errors: unknown } },
    dateField = 'date',
  ) => {
    expect(res.statusCode, res.body).toBe(400);
    const errors = flattenTree(res.json().errors as never) as Record<string, string[]>;
    const [field] = Object.keys(errors);
    if (field === 'commissionRate' || field === 'commissionAmount') {
      expect(errors[field]).toEqual([ACQUIRING_MESSAGES.commissionOverGross]);
      return;
    }
    expect(Object.keys(errors)).toEqual([dateField]);
    expect([BILL_MESSAGES.periodLocked, CURRENCY_RATE_MESSAGES.noRate]).toContain(errors[dateField]![0]);
  };

  async function checkInvariants() {
    const db = ctx.database.db;
    const unbalanced = await rowsOf(
      db,
      sql`SELECT transaction_id FROM ledger_entries GROUP BY transaction_id, currency_id
          HAVING sum(amount) <> 0 OR sum(base_amount) <> 0`,
    );
    expect(unbalanced).toEqual([]);
    for (const bill of await db.select().from(bills)) {
      const [row] = await rowsOf<{ receivable: string | null }>(
        db,
        sql`SELECT sum(amount)::text AS receivable FROM ledger_entries WHERE bill_id = ${bill.id} AND account = 'RECEIVABLE'`,
      );
      expect(decimalFixed(row!.receivable ?? '0', 2)).toBe(bill.balance);
    }
    const operations = await rowsOf<{
      id: number;
      paymentId: number;
      gross: string;
      commission: string;
      net: string;
      form: number;
    }>(
      db,
      sql`SELECT id, payment_id AS "paymentId", gross_amount::text AS gross, commission_amount::text AS commission,
            net_amount::text AS net, payment_form_id AS form FROM acquiring_operations`,
    );
    for (const operation of operations) {
      expect(decimalFixed(decimalSubtract(operation.gross, operation.commission), 2)).toBe(operation.net);
      const moved = await rowsOf<{ account: string; amount: string }>(
        db,
        sql`SELECT e.account, sum(e.amount)::text AS amount
            FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
            WHERE (t.source_type = 'payment' AND t.source_id = ${operation.paymentId})
               OR (t.source_type = 'acquiring' AND t.source_id = ${operation.id})
            GROUP BY e.account HAVING sum(e.amount) <> 0`,
      );
      const of = (account: string) => moved.find((row) => row.account === account)?.amount ?? '0';
      expect(decimalCompare(of('CASH'), operation.net), 'cash gets the net').toBe(0);
      expect(decimalCompare(of('ACQUIRING_COMMISSION'), operation.commission), 'the commission').toBe(0);
      // The gross leaves the receivable (linked) or lands in the client's advances (unlinked).
      const credited = decimalAdd(of('RECEIVABLE'), of('ADVANCES_RECEIVED'));
      expect(decimalCompare(credited, `-${operation.gross}`), 'the gross').toBe(0);
    }
    const leftovers = await rowsOf(
      db,
      sql`SELECT t.source_id FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
          WHERE (t.source_type = 'acquiring' AND NOT EXISTS (SELECT 1 FROM acquiring_operations a WHERE a.id = t.source_id))
             OR (t.source_type = 'payment' AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.id = t.source_id))
          GROUP BY t.source_type, t.source_id, e.account, e.currency_id HAVING sum(e.amount) <> 0 OR sum(e.base_amount) <> 0`,
    );
    expect(leftovers).toEqual([]);
  }

  it('an operation moves gross, net and commission; its delete undoes them; nothing else moves', async () => {
    const open: number[] = [];
    const entered: number[] = [];
    await fc.assert(
      fc.asyncProperty(fc.array(acquiringCommand, { minLength: 1, maxLength: 10 }), async (commands) => {
        for (const step of commands) {
          if (step.kind === 'bill') {
            const res = await call('POST', '/finances/bills', {
              number: 'A',
              direction: 'INCOME',
              counterpartyId: world.client,
              legalEntityId: world.company,
              paymentFormId: world.form,
              currencyId: step.usd ? world.usd : world.rub,
              amount: step.amount,
              date: step.date,
              recognitionDate: step.date,
              orderIds: [order],
            });
            if (res.statusCode === 201) open.push(res.json().data.id);
            else expectRuleRefusal(res, 'recognitionDate');
          } else if (step.kind === 'acquire') {
            const billId = open.length ? open[step.pick % open.length]! : null;
            const [bill] = billId
              ? await ctx.database.db.select().from(bills).where(sql`${bills.id} = ${billId}`)
              : [];
            const currency = bill?.currencyId ?? world.rub;
            const linked =
              bill && step.link && decimalCompare(bill.balance, '0') > 0
                ? decimalCompare(step.gross, bill.balance) <= 0
                  ? step.gross
                  : decimalFixed(bill.balance, 2)
                : null;
            const res = await call('POST', '/bank-acquiring', {
              number: 'ЭК',
              date: step.date,
              acquirerId: acquirer,
              paymentFormId: forms.get(currency),
              counterpartyId: world.client,
              grossAmount: step.gross,
              ...('rate' in step.commission
                ? { commissionRate: step.commission.rate }
                : { commissionAmount: step.commission.amount }),
              links: linked ? [{ billId: bill!.id, amount: linked }] : [],
            });
            if (res.statusCode === 201) entered.push(res.json().data.id);
            else expectRuleRefusal(res);
          } else if (step.kind === 'unacquire' && entered.length) {
            const index = step.pick % entered.length;
            const res = await call('DELETE', `/bank-acquiring/${entered[index]}`);
            if (res.statusCode === 200) entered.splice(index, 1);
            else expectRuleRefusal(res);
          } else if (step.kind === 'lock') {
            const res = await call(step.on ? 'PUT' : 'DELETE', `/finances/period-locks/${step.month}`);
            expect(res.statusCode).toBe(200);
          } else if (step.kind === 'rate' && step.date.startsWith('2026-03')) {
            await ctx.database.db.execute(
              sql`UPDATE currency_rates SET rate = ${step.rate} WHERE date = ${step.date} AND currency_id = ${world.usd}`,
            );
          }
          await checkInvariants();
        }
      }),
      { numRuns: 8 },
    );
  }, 240_000);
});
