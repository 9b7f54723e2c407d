import {
  BILL_MESSAGES,
  COUNTERPARTY_MESSAGES,
  decimalAdd,
  decimalFixed,
  decimalSubtract,
  flattenTree,
  type Role,
} from '@tms/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/connection';
import { files } from '../../platform/files/tables';
import { createTestApp, type TestContext } from '../../test/harness';
import { type SignedIn, signIn } from '../../test/users';
import { counterparties } from '../counterparties';
import { bills, ledgerEntries, ledgerLockedMonths } from './tables';
import { type BillsWorld, billsWorld } from './test-fixtures';

type Body = Record<string, unknown>;

/** Whoever links a bill reads its counterparty and operations. */
const REFS: Role[] = ['ROLE_COUNTERPARTY_VIEW_ALL', 'ROLE_ORDER_VIEW_ALL', 'ROLE_JOB_VIEW_ALL'];
const FINANCE: Role[] = [
  ...REFS,
  'ROLE_BILL_CREATE',
  'ROLE_BILL_VIEW_ALL',
  'ROLE_BILL_EDIT_ALL',
  'ROLE_BILL_DELETE',
  'ROLE_BILL_COUNTER',
  'ROLE_RECOGNITION_DATE_CHANGE',
];

describe('bills', () => {
  let ctx: TestContext;
  let world: BillsWorld;
  let finance: SignedIn;
  let order: number;
  beforeAll(async () => {
    ctx = await createTestApp();
    world = await billsWorld(ctx);
    finance = await signIn(ctx, FINANCE);
    order = await world.order();
  });
  afterAll(async () => {
    await ctx?.close();
  });
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: SignedIn, payload?: Body) =>
    ctx.app.inject({ method, url: `/api${url}`, headers: who.headers, payload });
  const income = (values: Body = {}): Body => ({
    number: 'С-1',
    direction: 'INCOME',
    counterpartyId: world.client,
    legalEntityId: world.company,
    paymentFormId: world.form,
    currencyId: world.usd,
    amount: '1000.00',
    date: '2026-03-10',
    recognitionDate: '2026-03-10',
    orderIds: [order],
    ...values,
  });
  const create = async (values: Body = {}, who = finance) => {
    const res = await call('POST', '/finances/bills', who, income(values));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as Body & { id: number; version: number };
  };
  const errorsOf = async (values: Body, who = finance) => {
    const res = await call('POST', '/finances/bills', who, income(values));
    expect(res.statusCode, res.body).toBe(400);
    return flattenTree(res.json().errors);
  };
  const entriesOf = (billId: number) =>
    ctx.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.billId, billId));

  it('posts an income bill to the ledger at the recognition date rate, once, as decimal strings', async () => {
    const bill = await create();
    // 1000 USD × 90.10 (the rate of 10 March) = 90100.00 RUB
    expect(bill).toMatchObject({ amount: '1000.00', amountInBase: '90100.00', balance: '1000.00' });
    const entries = await entriesOf(bill.id);
    expect(entries.map((e) => [e.account, e.amount, e.baseAmount]).sort()).toEqual([
      ['RECEIVABLE', '1000.00', '90100.00'],
      ['REVENUE', '-1000.00', '-90100.00'],
    ]);
    // A later edit of the rate changes nothing posted.
    await ctx.database.db.execute(sql`UPDATE currency_rates SET rate = 99 WHERE date = '2026-03-10'`);
    expect((await entriesOf(bill.id)).map((e) => e.baseAmount).sort()).toEqual(['-90100.00', '90100.00']);
  });

  it('reverses and posts again when the money changes, and reverses on delete', async () => {
    const bill = await create({ amount: '10.00', currencyId: world.rub });
    const res = await call('PUT', `/finances/bills/${bill.id}`, finance, {
      amount: '25.50',
      version: bill.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.balance).toBe('25.50');
    const entries = await entriesOf(bill.id);
    expect(entries).toHaveLength(6);
    const receivable = entries
      .filter((e) => e.account === 'RECEIVABLE')
      .reduce((s, e) => decimalAdd(s, e.amount), '0');
    expect(decimalFixed(receivable, 2)).toBe('25.50');
    expect((await call('DELETE', `/finances/bills/${bill.id}`, finance)).statusCode).toBe(200);
    const [sum] = await rowsOf<{ total: string }>(
      ctx.database.db,
      sql`SELECT sum(amount)::text AS total FROM ledger_entries WHERE bill_id = ${bill.id} AND account = 'RECEIVABLE'`,
    );
    expect(sum!.total).toBe('0.00');
  });

  it('keeps disbursements out of revenue and the operation profit', async () => {
    const own = await world.order();
    await create({ orderIds: [own], currencyId: world.rub, amount: '500.00' });
    await create({ orderIds: [own], currencyId: world.rub, amount: '70.00', disbursement: true });
    await create({
      orderIds: [own],
      direction: 'EXPENSE',
      counterpartyId: world.contractor,
      currencyId: world.rub,
      amount: '300.00',
    });
    await create({
      orderIds: [own],
      direction: 'EXPENSE',
      counterpartyId: world.contractor,
      currencyId: world.rub,
      amount: '70.00',
      disbursement: true,
    });
    const res = await call('GET', `/finances/bills/of-operation/${own}?operation=order`, finance);
    expect(res.json().data).toMatchObject({
      baseCurrency: 'RUB',
      income: '500.00',
      expense: '300.00',
      profit: '200.00',
      disbursements: '0.00',
    });
    expect(res.json().data.bills).toHaveLength(4);
  });

  it('needs orders or jobs for a direct bill, and none of a tracking job, an archived or accepted operation', async () => {
    expect(await errorsOf({ orderIds: [] })).toEqual({ orderIds: [BILL_MESSAGES.operationsRequired] });
    const archived = await world.order({ archived: true });
    const accepted = await world.order({ financeControlStatus: 'ACCEPTED' });
    expect(await errorsOf({ orderIds: [order, archived, accepted] })).toEqual({
      'orderIds.1': [BILL_MESSAGES.operationLocked],
      'orderIds.2': [BILL_MESSAGES.operationLocked],
    });
    const tracking = await world.job(order, { tracking: true });
    expect(await errorsOf({ orderIds: [], jobIds: [tracking] })).toEqual({
      'jobIds.0': [BILL_MESSAGES.trackingJob],
    });
  });

  it('refuses a commission without its currency and a payment form of another company', async () => {
    expect(await errorsOf({ bankCommission: '15.00', paymentFormId: world.otherForm })).toEqual({
      bankCommissionCurrencyId: [BILL_MESSAGES.commissionCurrency],
      paymentFormId: [BILL_MESSAGES.paymentFormCompany],
    });
  });

  it('links counter bills of the opposite direction and the same counterparty only', async () => {
    const first = await create();
    expect(await errorsOf({ counterBillId: first.id })).toEqual({
      counterBillId: [BILL_MESSAGES.counterDirection],
    });
    expect(
      await errorsOf({ direction: 'EXPENSE', counterpartyId: world.contractor, counterBillId: first.id }),
    ).toEqual({ counterBillId: [BILL_MESSAGES.counterCounterparty] });
    const counter = await create({ direction: 'EXPENSE', counterBillId: first.id });
    expect(counter.counterBillId).toBe(first.id);
    const noRole = await signIn(ctx, [...REFS, 'ROLE_BILL_CREATE', 'ROLE_BILL_VIEW_ALL']);
    const res = await call(
      'POST',
      '/finances/bills',
      noRole,
      income({ direction: 'EXPENSE', counterBillId: first.id }),
    );
    expect(res.statusCode).toBe(403);
  });

  it('refuses a locked month unless the user may ignore the lock, also in the database', async () => {
    const locker = await signIn(ctx, ['ROLE_RECOGNITION_DATE_CHANGE']);
    const bill = await create({ recognitionDate: '2026-03-20', currencyId: world.rub });
    expect((await call('PUT', '/finances/period-locks/2026-03', locker)).statusCode).toBe(200);
    expect(await errorsOf({ recognitionDate: '2026-03-21' })).toEqual({
      recognitionDate: [BILL_MESSAGES.periodLocked],
    });
    const del = await call('DELETE', `/finances/bills/${bill.id}`, finance);
    expect(flattenTree(del.json().errors)).toEqual({ recognitionDate: [BILL_MESSAGES.periodLocked] });
    // The database refuses a posting into the month whoever writes it.
    const direct = await ctx.database.db
      .execute(
        sql`INSERT INTO ledger_transactions (date, source_type, source_id) VALUES ('2026-03-05', 'probe', 1)`,
      )
      .catch((error: Error) => error.cause ?? error);
    expect(String(direct)).toMatch(/period locked/);
    const ignorer = await signIn(ctx, [...FINANCE, 'ROLE_RECOGNITION_DATE_IGNORE_LOCK']);
    const passed = await create({ recognitionDate: '2026-03-22', currencyId: world.rub }, ignorer);
    expect(passed.balance).toBe('1000.00');
    expect((await call('DELETE', '/finances/period-locks/2026-03', locker)).statusCode).toBe(200);
    expect(await ctx.database.db.select().from(ledgerLockedMonths)).toEqual([]);
  });

  it('changes the recognition date of a saved bill only with its role', async () => {
    const editor = await signIn(ctx, [
      ...REFS,
      'ROLE_BILL_CREATE',
      'ROLE_BILL_EDIT_ALL',
      'ROLE_BILL_VIEW_ALL',
    ]);
    const bill = await create({ currencyId: world.rub }, editor);
    const res = await call('PUT', `/finances/bills/${bill.id}`, editor, {
      recognitionDate: '2026-03-11',
      version: bill.version,
    });
    expect(res.statusCode).toBe(403);
  });

  it('refuses to change or delete a bill with files', async () => {
    const bill = await create({ currencyId: world.rub });
    await ctx.database.db.insert(files).values({
      description: 'счёт.pdf',
      storageKey: `bill-${bill.id}`,
      size: 1,
      sha256: '0'.repeat(64),
      mimeType: 'application/pdf',
      temporary: false,
      ownerType: 'bill',
      ownerId: bill.id,
    });
    const update = await call('PUT', `/finances/bills/${bill.id}`, finance, {
      comment: 'x',
      version: bill.version,
    });
    expect(update.json().errors).toMatchObject({ errors: [BILL_MESSAGES.changeBlocked] });
    const del = await call('DELETE', `/finances/bills/${bill.id}`, finance);
    expect(del.json().errors).toMatchObject({ errors: [BILL_MESSAGES.changeBlocked] });
  });

  it('gives overhead bills to their own roles and keeps them from direct-bill readers', async () => {
    const overhead = await signIn(ctx, [...REFS, 'ROLE_OVERHEAD_BILL_CREATE', 'ROLE_OVERHEAD_BILL_VIEW']);
    const rent = await create({ kind: 'OVERHEAD', orderIds: [], currencyId: world.rub }, overhead);
    expect(await errorsOf({ kind: 'OVERHEAD' }, overhead)).toEqual({
      orderIds: [BILL_MESSAGES.overheadOperations],
    });
    const direct = await call('POST', '/finances/bills', overhead, income());
    expect(direct.statusCode).toBe(403);
    const reader = await signIn(ctx, ['ROLE_BILL_VIEW_ALL']);
    expect((await call('GET', `/finances/bills/${rent.id}`, reader)).statusCode).toBe(404);
    expect((await call('GET', `/finances/bills/${rent.id}`, overhead)).statusCode).toBe(200);
  });

  it('reaches bills by scope: own, payment-form office, all', async () => {
    const own = await signIn(ctx, [...REFS, 'ROLE_BILL_CREATE', 'ROLE_BILL_VIEW_OWN']);
    const mine = await create({ currencyId: world.rub }, own);
    const theirs = await create({
      currencyId: world.rub,
      legalEntityId: world.otherCompany,
      paymentFormId: world.otherForm,
    });
    const ids = async (who: SignedIn) =>
      (
        (await call('GET', '/finances/bills?itemsPerPage=100', who)).json().data.collection as {
          id: number;
        }[]
      ).map((b) => b.id);
    expect(await ids(own)).toEqual([mine.id]);
    const formOffice = await signIn(ctx, ['ROLE_BILL_VIEW_PAYMENT_FORM_OFFICE'], {
      serviceOfficeId: world.office,
    });
    const seen = await ids(formOffice);
    expect(seen).toContain(mine.id);
    expect(seen).not.toContain(theirs.id);
    expect((await call('GET', `/finances/bills/${theirs.id}`, formOffice)).statusCode).toBe(404);
  });

  it('prefills a bill from a job (expense to its contractor at its cost) and copies one', async () => {
    const job = await world.job(order, { cost: '750.00' });
    const res = await call('GET', `/finances/bills/from-operation/${job}?operation=job`, finance);
    expect(res.json().data).toMatchObject({
      direction: 'EXPENSE',
      counterpartyId: world.contractor,
      amount: '750.00',
      currencyId: world.usd,
      jobIds: [job],
      orderIds: [order],
    });
    const bill = await create({ comment: 'копия' });
    const copy = await call('GET', `/finances/bills/${bill.id}/copy`, finance);
    expect(copy.json().data).toMatchObject({ amount: '1000.00', comment: 'копия', orderIds: [order] });
    expect(copy.json().data.number).toBeUndefined();
  });

  it('refuses, in the database, an unbalanced transaction at commit and any edit of a posted entry', async () => {
    const db = ctx.database.db;
    const unbalanced = await db
      .transaction(async (tx) => {
        const [row] = await rowsOf<{ id: number }>(
          tx,
          sql`INSERT INTO ledger_transactions (date, source_type, source_id) VALUES ('2026-05-05', 'probe', 2) RETURNING id`,
        );
        await tx.execute(
          sql`INSERT INTO ledger_entries (transaction_id, account, currency_id, amount, base_amount)
              VALUES (${row!.id}, 'COST', ${world.rub}, 10, 10), (${row!.id}, 'PAYABLE', ${world.rub}, -9, -9)`,
        );
      })
      .catch((error: Error) => error.cause ?? error);
    expect(String(unbalanced)).toMatch(/does not balance/);
    const bill = await create({ currencyId: world.rub });
    const edit = await db
      .execute(sql`UPDATE ledger_entries SET base_amount = base_amount + 1 WHERE bill_id = ${bill.id}`)
      .catch((error: Error) => error.cause ?? error);
    expect(String(edit)).toMatch(/append only/);
  });

  it("refuses an income bill beyond the client's credit limit unless the user may exceed it", async () => {
    const db = ctx.database.db;
    const [owed] = await rowsOf<{ total: string }>(
      db,
      sql`SELECT coalesce(sum(base_amount), 0)::text AS total FROM ledger_entries
          WHERE account = 'RECEIVABLE' AND counterparty_id = ${world.client}`,
    );
    const limit = decimalAdd(owed!.total, '100');
    await db.update(counterparties).set({ creditLimit: limit }).where(eq(counterparties.id, world.client));
    try {
      const over = { currencyId: world.rub, amount: '100.01' };
      expect(await errorsOf(over)).toEqual({ counterpartyId: [COUNTERPARTY_MESSAGES.creditLimitExhausted] });
      // Only what an edit adds counts against the limit.
      const bill = await create({ currencyId: world.rub, amount: '60.00' });
      const edit = (amount: string, version: number) =>
        call('PUT', `/finances/bills/${bill.id}`, finance, { amount, version });
      expect((await edit('100.00', bill.version)).statusCode).toBe(200);
      expect((await edit('100.01', bill.version + 1)).statusCode).toBe(400);
      const exceeding = await signIn(ctx, [...FINANCE, 'ROLE_COUNTERPARTY_CREDIT_LIMIT_EXCEED']);
      await create({ currencyId: world.rub, amount: '500.00' }, exceeding);
    } finally {
      await db.update(counterparties).set({ creditLimit: null }).where(eq(counterparties.id, world.client));
    }
  });

  it('holds every bill balance equal to its ledger entries', async () => {
    const rows = await ctx.database.db.select().from(bills);
    for (const row of rows) {
      const entries = (await entriesOf(row.id)).filter(
        (e) => e.account === 'RECEIVABLE' || e.account === 'PAYABLE',
      );
      const posted = entries.reduce(
        (s, e) => (e.account === 'RECEIVABLE' ? decimalAdd(s, e.amount) : decimalSubtract(s, e.amount)),
        '0',
      );
      expect(decimalFixed(posted, 2)).toBe(row.balance);
    }
  });
});
