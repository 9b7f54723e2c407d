import { readFileSync } from 'node:fs';
import { BILL_MESSAGES, flattenTree, PAYMENT_MESSAGES, type Role } from '@tms/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/connection';
import { decodeBankStatement } from '../../src/modules/finance/import-files';
import { paymentForms } from '../../src/modules/finance/tables';
import { type BillsWorld, billsWorld } from '../../src/modules/finance/test-fixtures';
import { createTestApp, type TestContext } from '../../src/test/harness';
import { multipart } from '../../src/test/multipart';
import { type SignedIn, signIn } from '../../src/test/users';

/**
 * Frozen money stays frozen (issue 31): once finance control accepts an order, nothing moves its money: not
 * its bills (moved to another order, taken off it, changed or deleted, a new one added), not the payments'
 * links to them (added, re-sized, removed, or the payment deleted), not the postings of an operation that
 * pays them (bank acquiring's delete). A closed month keeps its bills where they are too. Each attack is the
 * hostile request, its refusal, and the money as it was.
 */

type Body = Record<string, unknown>;
type Entity = Body & { id: number; version: number };

/** An accountant of every office: the bills, the payments, acquiring, finance control and period locks. */
const FINANCE: Role[] = [
  'ROLE_COUNTERPARTY_VIEW_ALL',
  'ROLE_ORDER_VIEW_ALL',
  'ROLE_JOB_VIEW_ALL',
  'ROLE_BILL_CREATE',
  'ROLE_BILL_VIEW_ALL',
  'ROLE_BILL_EDIT_ALL',
  'ROLE_BILL_DELETE',
  'ROLE_RECOGNITION_DATE_CHANGE',
  'ROLE_PAYMENT_LIST_ALL',
  'ROLE_PAYMENT_CREATE',
  'ROLE_PAYMENT_LINKED',
  'ROLE_PAYMENT_UNLINKED',
  'ROLE_PAYMENT_DELETE_ALL',
  'ROLE_ACQUIRING_MANAGE',
  'ROLE_ORDER_FINANCE_CONTROL',
  'ROLE_COUNTERPARTY_CREDIT_LIMIT_EXCEED',
];

describe('frozen money stays frozen', () => {
  let ctx: TestContext;
  let world: BillsWorld;
  let finance: SignedIn;
  let forwarder: SignedIn;
  let accepted: number;
  let open: number;
  /** The accepted order's income: 410,000 RUB, no payment. */
  let income: Entity;
  /** Another income bill of the accepted order, half paid by `payment`. */
  let paid: Entity;
  let payment: Entity;
  /** A card payment (bank acquiring) of a third bill of the accepted order. */
  let card: Entity;
  let acquirerId: number;
  /** A job of the accepted order, and its contractor's bill naming the job alone. */
  let job: number;
  let jobBill: Entity;

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    who: SignedIn,
    payload?: Body,
  ) => ctx.app.inject({ method, url: `/api${url}`, headers: who.headers, payload });
  const refused = async (res: Awaited<ReturnType<typeof call>>) => {
    expect(res.statusCode, res.body).toBe(400);
    return flattenTree(res.json().errors);
  };
  const newBill = async (values: Body = {}) => {
    const res = await call('POST', '/finances/bills', finance, {
      number: `С-${Math.random().toString(36).slice(2, 7)}`,
      direction: 'INCOME',
      counterpartyId: world.client,
      legalEntityId: world.company,
      paymentFormId: world.form,
      currencyId: world.rub,
      amount: '410000.00',
      date: '2026-03-10',
      recognitionDate: '2026-03-10',
      orderIds: [accepted],
      ...values,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as Entity;
  };
  const incomeOf = async (orderId: number) =>
    (await call('GET', `/finances/bills/of-operation/${orderId}?operation=order`, finance)).json().data
      .income as string;
  /** Everything the attacks could move: the bills, the payments' links, the payments and the ledger. */
  const money = async () => ({
    bills: await rowsOf(
      ctx.database.db,
      sql`SELECT id, order_ids, job_ids, amount::text, currency_id, counterparty_id, balance::text, version
          FROM bills ORDER BY id`,
    ),
    links: await rowsOf(
      ctx.database.db,
      sql`SELECT payment_id, bill_id, amount::text FROM payment_bills ORDER BY payment_id, bill_id`,
    ),
    payments: await rowsOf(ctx.database.db, sql`SELECT id, version FROM payments ORDER BY id`),
    entries: await rowsOf(ctx.database.db, sql`SELECT count(*)::int AS n FROM ledger_entries`),
    income: await incomeOf(accepted),
  });
  const moveFinanceControl = async (who: SignedIn, status: string) => {
    const { version } = (await call('GET', `/tms/orders/${accepted}`, finance)).json().data;
    const res = await call('PUT', `/tms/orders/${accepted}/statuses/financeControl`, who, {
      status,
      version,
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    world = await billsWorld(ctx);
    finance = await signIn(ctx, FINANCE, { serviceOfficeId: world.office });
    forwarder = await signIn(ctx, ['ROLE_ORDER_VIEW_ALL', 'ROLE_ORDER_EDIT_ALL']);
    accepted = await world.order();
    open = await world.order();
    income = await newBill();
    paid = await newBill({ amount: '1000.00' });
    const paying = await call('POST', '/finances/payments', finance, {
      number: '15',
      direction: 'INCOMING',
      date: '2026-03-12',
      paymentFormId: world.form,
      amount: '500.00',
      counterpartyId: world.client,
      links: [{ billId: paid.id, amount: '500.00' }],
    });
    expect(paying.statusCode, paying.body).toBe(201);
    payment = paying.json().data;
    const cardBill = await newBill({ amount: '2000.00' });
    const [acquirer] = await rowsOf<{ id: number }>(
      ctx.database.db,
      sql`INSERT INTO counterparties (name, client, contractor, country_id, application_required)
          SELECT 'Эквайер', false, true, country_id, false FROM counterparties WHERE id = ${world.client}
          RETURNING id`,
    );
    acquirerId = acquirer!.id;
    const acquiring = await call('POST', '/bank-acquiring', finance, {
      number: 'Р-1',
      date: '2026-03-12',
      acquirerId,
      paymentFormId: world.form,
      counterpartyId: world.client,
      grossAmount: '2000.00',
      commissionRate: '2',
      links: [{ billId: cardBill.id, amount: '2000.00' }],
    });
    expect(acquiring.statusCode, acquiring.body).toBe(201);
    card = acquiring.json().data;
    job = await world.job(accepted);
    jobBill = await newBill({
      direction: 'EXPENSE',
      counterpartyId: world.contractor,
      amount: '300.00',
      orderIds: [],
      jobIds: [job],
    });
    // The forwarder says the money is complete, finance accepts it: from now on it is frozen.
    await moveFinanceControl(forwarder, 'READY');
    await moveFinanceControl(finance, 'ACCEPTED');
    expect(await incomeOf(accepted)).toBe('413000.00');
  });
  afterAll(() => ctx?.close());

  it('refuses to move a bill off an accepted order, or to delete it, and the order keeps its income', async () => {
    const before = await money();
    const moved = await call('PATCH', `/finances/bills/${income.id}`, finance, {
      orderIds: [open],
      version: income.version,
    });
    expect(await refused(moved)).toEqual({ orderIds: [BILL_MESSAGES.operationLocked] });
    const widened = await call('PATCH', `/finances/bills/${income.id}`, finance, {
      orderIds: [open, accepted],
      version: income.version,
    });
    expect(await refused(widened)).toEqual({ 'orderIds.1': [BILL_MESSAGES.operationLocked] });
    const removed = await call('DELETE', `/finances/bills/${income.id}`, finance);
    expect(await refused(removed)).toEqual({ '': [BILL_MESSAGES.operationLocked] });
    expect(await money()).toEqual(before);
    expect(await incomeOf(open)).toBe('0.00');
  });

  it("refuses to change an accepted order's bill in amount, currency or counterparty", async () => {
    const before = await money();
    for (const change of [
      { amount: '1.00' },
      { currencyId: world.usd },
      { counterpartyId: world.contractor },
    ]) {
      const res = await call('PATCH', `/finances/bills/${income.id}`, finance, {
        ...change,
        version: income.version,
      });
      expect(await refused(res), JSON.stringify(change)).toMatchObject({
        'orderIds.0': [BILL_MESSAGES.operationLocked],
      });
    }
    expect(await money()).toEqual(before);
  });

  it('refuses a new bill on an accepted order', async () => {
    const before = await money();
    const res = await call('POST', '/finances/bills', finance, {
      number: 'С-новый',
      direction: 'EXPENSE',
      counterpartyId: world.contractor,
      legalEntityId: world.company,
      paymentFormId: world.form,
      currencyId: world.rub,
      amount: '409999.00',
      date: '2026-03-10',
      recognitionDate: '2026-03-10',
      orderIds: [open, accepted],
    });
    expect(await refused(res)).toEqual({ 'orderIds.1': [BILL_MESSAGES.operationLocked] });
    expect(await money()).toEqual(before);
  });

  it("refuses a payment link added to, re-sized on or taken off an accepted order's bill, and the payment's delete", async () => {
    const before = await money();
    const added = await call('POST', '/finances/payments', finance, {
      number: '16',
      direction: 'INCOMING',
      date: '2026-03-13',
      paymentFormId: world.form,
      amount: '100.00',
      counterpartyId: world.client,
      links: [{ billId: income.id, amount: '100.00' }],
    });
    expect(await refused(added)).toEqual({ 'links.0.billId': [PAYMENT_MESSAGES.billAccepted] });
    const resized = await call('PUT', `/finances/payments/${payment.id}`, finance, {
      links: [{ billId: paid.id, amount: '400.00' }],
      version: payment.version,
    });
    expect(await refused(resized)).toEqual({ 'links.0.billId': [PAYMENT_MESSAGES.billAccepted] });
    const unlinked = await call('PUT', `/finances/payments/${payment.id}`, finance, {
      links: [],
      version: payment.version,
    });
    expect(await refused(unlinked)).toEqual({ links: [PAYMENT_MESSAGES.billAccepted] });
    const deleted = await call('DELETE', `/finances/payments/${payment.id}`, finance);
    expect(await refused(deleted)).toEqual({ '': [PAYMENT_MESSAGES.paysAccepted] });
    expect(await money()).toEqual(before);
  });

  it("refuses the delete of a card payment of an accepted order's bill: neither its payment nor its commission is reversed", async () => {
    const before = await money();
    const operations = async () =>
      rowsOf(ctx.database.db, sql`SELECT id, payment_id FROM acquiring_operations ORDER BY id`);
    const kept = await operations();
    const res = await call('DELETE', `/bank-acquiring/${card.id}`, finance);
    expect(await refused(res)).toEqual({ '': [PAYMENT_MESSAGES.paysAccepted] });
    expect(await operations()).toEqual(kept);
    expect(await money()).toEqual(before);
  });

  it("refuses a statement line or a new card payment paying an accepted order's bill: the import writes nothing", async () => {
    // The recorded 1C statement, received on the world's account: line 21 is the client's payment of 354,000.
    const [form] = await ctx.database.db.select().from(paymentForms).where(eq(paymentForms.id, world.form));
    const text = decodeBankStatement(
      readFileSync(new URL('../../src/modules/finance/fixtures/statement-1c.txt', import.meta.url)),
    ).replaceAll('40702810038000012345', form!.accountNumber);
    const body = multipart('statement.txt', Buffer.from(text), 'text/plain', {
      decisions: JSON.stringify([
        { line: 21, action: 'link', billId: income.id, counterparty: { counterpartyId: world.client } },
        { line: 52, action: 'skip' },
      ]),
    });
    const before = await money();
    const imported = await ctx.app.inject({
      method: 'POST',
      url: '/api/finances/bank-statements/import',
      headers: { ...finance.headers, ...body.headers },
      payload: body.payload,
    });
    expect(await refused(imported)).toEqual({ 'lines.21.links.0.billId': [PAYMENT_MESSAGES.billAccepted] });
    // Bank acquiring enters its payment through the same door.
    const acquired = await call('POST', '/bank-acquiring', finance, {
      number: 'Р-2',
      date: '2026-03-13',
      acquirerId,
      paymentFormId: world.form,
      counterpartyId: world.client,
      grossAmount: '100.00',
      commissionRate: '2',
      links: [{ billId: income.id, amount: '100.00' }],
    });
    expect(acquired.statusCode, acquired.body).toBe(400);
    expect(JSON.stringify(acquired.json().errors)).toContain(PAYMENT_MESSAGES.billAccepted);
    expect(await money()).toEqual(before);
  });

  it("freezes the bills of an accepted order's job with it, though they name only the job", async () => {
    const otherJob = await world.job(open);
    const before = await money();
    const moved = await call('PATCH', `/finances/bills/${jobBill.id}`, finance, {
      jobIds: [otherJob],
      version: jobBill.version,
    });
    expect(await refused(moved)).toEqual({ jobIds: [BILL_MESSAGES.operationLocked] });
    const added = await call('POST', '/finances/bills', finance, {
      number: 'С-работа',
      direction: 'EXPENSE',
      counterpartyId: world.contractor,
      legalEntityId: world.company,
      paymentFormId: world.form,
      currencyId: world.rub,
      amount: '1.00',
      date: '2026-03-10',
      recognitionDate: '2026-03-10',
      jobIds: [job],
    });
    expect(await refused(added)).toEqual({ 'jobIds.0': [BILL_MESSAGES.operationLocked] });
    const removed = await call('DELETE', `/finances/bills/${jobBill.id}`, finance);
    expect(await refused(removed)).toEqual({ '': [BILL_MESSAGES.operationLocked] });
    expect(await money()).toEqual(before);
  });

  it("keeps a closed month's bill on its order: moving it is refused without the ignore-lock role", async () => {
    const closed = await newBill({
      orderIds: [open],
      amount: '700.00',
      date: '2026-02-10',
      recognitionDate: '2026-02-10',
    });
    expect((await call('PUT', '/finances/period-locks/2026-02', finance)).statusCode).toBe(200);
    const other = await world.order();
    const before = await money();
    const moved = await call('PATCH', `/finances/bills/${closed.id}`, finance, {
      orderIds: [other],
      version: closed.version,
    });
    expect(await refused(moved)).toEqual({ recognitionDate: [BILL_MESSAGES.periodLocked] });
    expect(await money()).toEqual(before);
    const closer = await signIn(ctx, [...FINANCE, 'ROLE_RECOGNITION_DATE_IGNORE_LOCK']);
    const allowed = await call('PATCH', `/finances/bills/${closed.id}`, closer, {
      orderIds: [other],
      version: closed.version,
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
  });

  it('thaws only when finance reopens the order: the same move then goes through', async () => {
    await moveFinanceControl(finance, 'NOT_READY');
    const moved = await call('PATCH', `/finances/bills/${income.id}`, finance, {
      orderIds: [open],
      version: income.version,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await incomeOf(open)).toBe('410000.00');
    expect(await incomeOf(accepted)).toBe('3000.00');
  });
});
