import { AUTOMATIC_TRANSFER_MESSAGES, flattenTree } from '@tms/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/connection';
import { createTestApp, type TestContext } from '../../test/harness';
import { type SignedIn, signIn } from '../../test/users';
import { type BillsWorld, billsWorld } from './test-fixtures';

type Body = Record<string, unknown>;

/** The app's clock: 12 March 2026, Moscow's working day. */
const NOW = new Date('2026-03-12T09:00:00Z');

describe('automatic transfers', () => {
  let ctx: TestContext;
  let world: BillsWorld;
  let manager: SignedIn;
  let viewer: SignedIn;
  let accountant: SignedIn;
  let usdForm: number;
  let bank: number;
  beforeAll(async () => {
    ctx = await createTestApp({}, [], () => NOW);
    world = await billsWorld(ctx);
    manager = await signIn(ctx, ['ROLE_AUTOMATIC_TRANSFER_RULES']);
    viewer = await signIn(ctx, ['ROLE_INTERNAL_TRANSFER_VIEW']);
    accountant = await signIn(ctx, ['ROLE_ADMIN']);
    [{ id: usdForm }] = (await rowsOf<{ id: number }>(
      ctx.database.db,
      sql`INSERT INTO payment_forms (name, legal_entity_id, bank_id, account_number, currency_id)
          SELECT 'Авто USD', legal_entity_id, bank_id, '40702840' || lpad((id + 4000)::text, 12, '0'), ${world.usd}
          FROM payment_forms WHERE id = ${world.otherForm} RETURNING id`,
    )) as [{ id: number }];
    [{ id: bank }] = (await rowsOf<{ id: number }>(
      ctx.database.db,
      sql`INSERT INTO counterparties (name, client, contractor, country_id, application_required)
          SELECT 'ПАО Сбербанк', false, true, country_id, false FROM counterparties WHERE id = ${world.client}
          RETURNING id`,
    )) as [{ id: number }];
  });
  afterAll(async () => {
    await ctx?.close();
  });
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: SignedIn, payload?: Body) =>
    ctx.app.inject({ method, url: `/api${url}`, headers: who.headers, payload });
  const rule = (values: Body = {}): Body => ({
    name: `Правило ${Math.random().toString(36).slice(2, 8)}`,
    senderLegalEntityId: world.company,
    recipientLegalEntityId: world.otherCompany,
    currencyId: world.rub,
    ...values,
  });
  const createRule = async (values: Body = {}) => {
    const res = await call('POST', '/finances/automatic-transfers/rules', manager, rule(values));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as Body & { id: number };
  };
  /** An order with its income on the first company and an expense of `expense` RUB on the other one. */
  const orderNeeding = async (expense: string) => {
    const order = await world.order();
    const bill = async (values: Body) => {
      const res = await call('POST', '/finances/bills', accountant, {
        number: `С-${Math.random().toString(36).slice(2, 7)}`,
        currencyId: world.rub,
        date: '2026-03-10',
        recognitionDate: '2026-03-10',
        orderIds: [order],
        ...values,
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    await bill({
      direction: 'INCOME',
      counterpartyId: world.client,
      legalEntityId: world.company,
      paymentFormId: world.form,
      amount: '9000.00',
    });
    await bill({
      direction: 'EXPENSE',
      counterpartyId: world.contractor,
      legalEntityId: world.otherCompany,
      paymentFormId: world.otherForm,
      amount: expense,
    });
    return order;
  };
  const runNow = async (who = manager) => {
    const res = await call('POST', '/finances/automatic-transfers/runs', who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      ran: boolean;
      run: { id: number; created: number; errors: number; items: Body[]; finishedAt: string };
    };
  };
  const transfersOf = (order: number) =>
    rowsOf<{ id: number; amount: string; date: string; sender: number; recipient: number }>(
      ctx.database.db,
      sql`SELECT id, amount::text, date::text, sender_form_id AS sender, recipient_form_id AS recipient
          FROM internal_transfers WHERE order_id = ${order} ORDER BY id`,
    );
  const commissionEntries = (type: string, id: number) =>
    rowsOf<{ account: string; amount: string; form: number | null; counterparty: number | null }>(
      ctx.database.db,
      sql`SELECT e.account, sum(e.amount)::text AS amount, e.payment_form_id AS form, e.counterparty_id AS counterparty
          FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
          WHERE t.source_type = ${type} AND t.source_id = ${id}
          GROUP BY e.account, e.payment_form_id, e.counterparty_id ORDER BY e.account`,
    );
  const setPairs = (rules: Body[], who = manager) =>
    call('PUT', '/finances/automatic-transfers/legal-entity-rules', who, { rules });
  const pair = (values: Body = {}) => ({
    senderLegalEntityId: world.company,
    recipientLegalEntityId: world.otherCompany,
    enabled: true,
    senderFormId: world.form,
    recipientFormId: world.otherForm,
    ...values,
  });

  it('refuses a rule between one company, or with forms of another company or currency', async () => {
    const refused = async (values: Body) => {
      const res = await call('POST', '/finances/automatic-transfers/rules', manager, rule(values));
      expect(res.statusCode, res.body).toBe(400);
      return flattenTree(res.json().errors);
    };
    expect(await refused({ recipientLegalEntityId: world.company })).toEqual({
      recipientLegalEntityId: [AUTOMATIC_TRANSFER_MESSAGES.sameCompany],
    });
    expect(await refused({ senderFormId: world.otherForm, recipientFormId: usdForm })).toEqual({
      senderFormId: [AUTOMATIC_TRANSFER_MESSAGES.formCompany],
      recipientFormId: [AUTOMATIC_TRANSFER_MESSAGES.formCurrency],
    });
    expect(Object.keys(await refused({ commissionPercent: '120', name: '' })).sort()).toEqual([
      'commissionPercent',
      'name',
    ]);
    const created = await createRule({ senderFormId: world.form, commissionFixed: '10.00' });
    expect(created).toMatchObject({ createdById: manager.user.id, enabled: true, commissionFixed: '10.00' });
    const update = await call('PUT', `/finances/automatic-transfers/rules/${created.id}`, manager, {
      ...rule({ name: created.name }),
      recipientFormId: usdForm,
      version: created.version,
    });
    expect(flattenTree(update.json().errors)).toEqual({
      recipientFormId: [AUTOMATIC_TRANSFER_MESSAGES.formCurrency],
    });
    // Readers of internal transfers read the rules; only the manage role changes them.
    expect((await call('GET', '/finances/automatic-transfers/rules', viewer)).statusCode).toBe(200);
    expect((await call('POST', '/finances/automatic-transfers/rules', viewer, rule())).statusCode).toBe(403);
    expect(
      (await call('DELETE', `/finances/automatic-transfers/rules/${created.id}`, manager)).statusCode,
    ).toBe(200);
  });

  it('saves the legal-entity rules whole, refusing a pair of one company and a form of another company', async () => {
    const bad = await setPairs([
      pair({ recipientFormId: world.form }),
      pair({ recipientLegalEntityId: world.company }),
    ]);
    expect(bad.statusCode, bad.body).toBe(400);
    expect(flattenTree(bad.json().errors)).toEqual({
      'rules.0.recipientFormId': [AUTOMATIC_TRANSFER_MESSAGES.formCompany],
      'rules.1.recipientLegalEntityId': [AUTOMATIC_TRANSFER_MESSAGES.sameCompany],
      'rules.1.recipientFormId': [AUTOMATIC_TRANSFER_MESSAGES.formCompany],
    });
    expect((await setPairs([pair()], viewer)).statusCode).toBe(403);
    const saved = await setPairs([pair({ enabled: false })]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.rules).toEqual([pair({ enabled: false })]);
    const read = await call('GET', '/finances/automatic-transfers/legal-entity-rules', viewer);
    expect(read.json().data.companies.map((c: Body) => c.id)).toEqual(
      expect.arrayContaining([world.company, world.otherCompany]),
    );
  });

  it('creates each needed transfer once, with its commission, and logs the run', async () => {
    await ctx.database.db.execute(
      sql`UPDATE payment_forms SET bank_counterparty_id = ${bank} WHERE id = ${world.form}`,
    );
    const order = await orderNeeding('1200.00');
    const created = await createRule({ commissionPercent: '1.00', commissionFixed: '50.00' });
    // The pair is off: the rule waits.
    expect((await runNow()).run.items).toEqual([]);
    expect((await setPairs([pair()])).statusCode).toBe(200);

    const first = await runNow();
    expect(first.ran).toBe(true);
    expect(first.run.items.map((item) => item.message)).toEqual([null]);
    expect(first.run).toMatchObject({ created: 1, errors: 0 });
    expect(first.run.items).toMatchObject([
      {
        ruleId: created.id,
        orderId: order,
        status: 'created',
        amount: '1200.00',
        currencyCode: 'RUB',
        commission: '62.00',
        message: null,
      },
    ]);
    const [transfer, ...more] = await transfersOf(order);
    expect(more).toEqual([]);
    expect(transfer).toMatchObject({
      amount: '1200.00',
      date: '2026-03-12',
      sender: world.form,
      recipient: world.otherForm,
    });
    expect(first.run.items[0]!.transferId).toBe(transfer!.id);
    expect(await commissionEntries('transfer_commission', transfer!.id)).toEqual([
      { account: 'CASH', amount: '-62.00', form: world.form, counterparty: null },
      { account: 'COMMISSION', amount: '62.00', form: null, counterparty: bank },
    ]);

    // A second run finds the need covered and the key taken: nothing twice.
    const second = await runNow();
    expect(second.run).toMatchObject({ created: 0, errors: 0, items: [] });
    expect(await transfersOf(order)).toHaveLength(1);

    // The administrator's run of the scheduled job is the same run.
    const admin = await call('POST', '/system/scheduled-jobs/automatic-transfers/run', accountant);
    expect(admin.json().data.ran).toBe(true);
    expect(await transfersOf(order)).toHaveLength(1);

    // Deleting the transfer takes its commission back; the rule does not enter it again.
    const removed = await call('DELETE', `/finances/internal-transfers/${transfer!.id}`, accountant);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await commissionEntries('transfer_commission', transfer!.id)).map((e) => e.amount)).toEqual([
      '0.00',
      '0.00',
    ]);
    expect((await runNow()).run.items).toEqual([]);
    await call('POST', `/finances/automatic-transfers/rules/${created.id}/disable`, manager);

    // Runs that did nothing go after a month; the run that created the transfer stays (its item is the key).
    const [old] = await rowsOf<{ id: number }>(
      ctx.database.db,
      sql`INSERT INTO automatic_transfer_runs (started_at, finished_at, created, errors)
        VALUES ('2026-02-01T09:00:00Z', '2026-02-01T09:00:01Z', 0, 0) RETURNING id`,
    );
    const last = await runNow();
    const kept = await rowsOf<{ id: number }>(ctx.database.db, sql`SELECT id FROM automatic_transfer_runs`);
    expect(kept.map((run) => run.id)).not.toContain(old!.id);
    expect(kept.map((run) => run.id)).toEqual(
      expect.arrayContaining([first.run.id, second.run.id, last.run.id]),
    );
  });

  it('logs "no bank" as an error of its order and goes on; an inactive rule does nothing', async () => {
    await ctx.database.db.execute(
      sql`UPDATE payment_forms SET bank_counterparty_id = NULL WHERE id = ${world.form}`,
    );
    const withCommission = await createRule({ commissionFixed: '15.00' });
    const order = await orderNeeding('700.00');
    const run = await runNow();
    // The order of the test before is needed again (its transfer was deleted): this rule tries it too.
    const mine = run.run.items.filter((item) => item.orderId === order);
    expect(run.run).toMatchObject({ created: 0, errors: run.run.items.length });
    expect(mine).toMatchObject([
      { ruleId: withCommission.id, status: 'error', transferId: null, amount: '700.00', commission: '15.00' },
    ]);
    expect(mine[0]!.message).toBe(AUTOMATIC_TRANSFER_MESSAGES.noBank);
    expect(await transfersOf(order)).toEqual([]);

    // The rule switched off: nothing more is tried; another rule without a commission goes on alone.
    await call('POST', `/finances/automatic-transfers/rules/${withCommission.id}/disable`, manager);
    const plain = await createRule();
    const next = await runNow();
    expect(next.run.items.filter((item) => item.orderId === order)).toMatchObject([
      { ruleId: plain.id, status: 'created', transferId: expect.any(Number) },
    ]);
    expect(next.run.errors).toBe(0);
    await call('POST', `/finances/automatic-transfers/rules/${plain.id}/disable`, manager);
    expect((await runNow()).run.items).toEqual([]);
  });

  it('lets only the manage role run now; the transfers readers read the log', async () => {
    expect((await call('POST', '/finances/automatic-transfers/runs', viewer)).statusCode).toBe(403);
    const log = await call('GET', '/finances/automatic-transfers/runs?limit=2', viewer);
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json().data).toHaveLength(2);
    const stranger = await signIn(ctx, ['ROLE_BILL_VIEW_ALL']);
    expect((await call('GET', '/finances/automatic-transfers/runs', stranger)).statusCode).toBe(403);
  });
});

describe("a bill's bank commission", () => {
  let ctx: TestContext;
  let world: BillsWorld;
  let admin: SignedIn;
  beforeAll(async () => {
    ctx = await createTestApp({}, [], () => NOW);
    world = await billsWorld(ctx);
    admin = await signIn(ctx, ['ROLE_ADMIN']);
  });
  afterAll(async () => {
    await ctx?.close();
  });
  const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: Body) =>
    ctx.app.inject({ method, url: `/api${url}`, headers: admin.headers, payload });
  const net = (billId: number) =>
    rowsOf<{ account: string; amount: string; form: number | null; date: string }>(
      ctx.database.db,
      sql`SELECT e.account, sum(e.amount)::text AS amount, e.payment_form_id AS form, max(t.date)::text AS date
          FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
          WHERE t.source_type = 'bill_commission' AND t.source_id = ${billId}
          GROUP BY e.account, e.payment_form_id ORDER BY e.account`,
    );

  it('is posted when the bill is paid in full, on that payment date, and reversed when it is no longer', async () => {
    const order = await world.order();
    const bill = await call('POST', '/finances/bills', {
      number: 'К-1',
      direction: 'EXPENSE',
      counterpartyId: world.contractor,
      legalEntityId: world.company,
      paymentFormId: world.form,
      currencyId: world.rub,
      amount: '1000.00',
      date: '2026-03-10',
      recognitionDate: '2026-03-10',
      orderIds: [order],
      bankCommission: '25.00',
      bankCommissionCurrencyId: world.rub,
    });
    expect(bill.statusCode, bill.body).toBe(201);
    const billId = bill.json().data.id as number;
    const pay = async (amount: string, date: string) => {
      const res = await call('POST', '/finances/payments', {
        number: `П-${date}`,
        direction: 'OUTGOING',
        date,
        paymentFormId: world.form,
        amount,
        counterpartyId: world.contractor,
        links: [{ billId, amount }],
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.id as number;
    };
    await pay('400.00', '2026-03-11');
    expect(await net(billId)).toEqual([]);
    const last = await pay('600.00', '2026-03-12');
    expect(await net(billId)).toEqual([
      { account: 'CASH', amount: '-25.00', form: world.form, date: '2026-03-12' },
      { account: 'COMMISSION', amount: '25.00', form: null, date: '2026-03-12' },
    ]);
    expect((await call('DELETE', `/finances/payments/${last}`)).statusCode).toBe(200);
    expect((await net(billId)).map((row) => row.amount)).toEqual(['0.00', '0.00']);
  });
});
