import { ACQUIRING_MESSAGES, flattenTree, PAYMENT_MESSAGES, type Role } from '@tms/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/connection';
import { fileTestApp } from '../../test/harness';
import { type SignedIn, signIn } from '../../test/users';
import { type BillsWorld, billsWorld } from './test-fixtures';

type Body = Record<string, unknown>;

const BILLS: Role[] = [
  'ROLE_COUNTERPARTY_VIEW_ALL',
  'ROLE_ORDER_VIEW_ALL',
  'ROLE_BILL_CREATE',
  'ROLE_BILL_VIEW_ALL',
];
/** Manages acquiring without any payment role: the operation enters and deletes its own payment. */
const MANAGER: Role[] = ['ROLE_ACQUIRING_MANAGE', 'ROLE_COUNTERPARTY_VIEW_ALL', 'ROLE_BILL_VIEW_ALL'];

const app = fileTestApp();

describe('bank acquiring', () => {
  let world: BillsWorld;
  let accountant: SignedIn;
  let manager: SignedIn;
  let acquirer: number;
  let order: number;
  beforeAll(async () => {
    world = await billsWorld(app());
    accountant = await signIn(app(), BILLS);
    manager = await signIn(app(), MANAGER, { serviceOfficeId: world.office });
    order = await world.order();
    [{ id: acquirer }] = (await rowsOf<{ id: number }>(
      app().database.db,
      sql`INSERT INTO counterparties (name, client, contractor, country_id, application_required)
          SELECT 'Эквайер Банк', false, true, country_id, false FROM counterparties WHERE id = ${world.client}
          RETURNING id`,
    )) as [{ id: number }];
  });
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: SignedIn, payload?: Body) =>
    app().app.inject({ method, url: `/api${url}`, headers: who.headers, payload });
  const bill = async (values: Body = {}) => {
    const res = await call('POST', '/finances/bills', accountant, {
      number: `С-${Math.random().toString(36).slice(2, 7)}`,
      direction: 'INCOME',
      counterpartyId: world.client,
      legalEntityId: world.company,
      paymentFormId: world.form,
      currencyId: world.rub,
      amount: '1234.56',
      date: '2026-03-10',
      recognitionDate: '2026-03-10',
      orderIds: [order],
      ...values,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as Body & { id: number; balance: string };
  };
  const body = (billId: number, values: Body = {}): Body => ({
    number: 'Р-17',
    date: '2026-03-12',
    acquirerId: acquirer,
    paymentFormId: world.form,
    counterpartyId: world.client,
    grossAmount: '1234.56',
    commissionRate: '1.9',
    links: [{ billId, amount: '1234.56' }],
    comment: 'Оплата картой',
    ...values,
  });
  const enter = async (values: Body, who = manager) => {
    const res = await call('POST', '/bank-acquiring', who, values);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as Body & { id: number; version: number; paymentId: number };
  };
  const counts = async () =>
    (
      await rowsOf<{ operations: number; payments: number }>(
        app().database.db,
        sql`SELECT (SELECT count(*) FROM acquiring_operations)::int AS operations,
              (SELECT count(*) FROM payments)::int AS payments`,
      )
    )[0]!;
  const refusal = async (values: Body) => {
    const before = await counts();
    const res = await call('POST', '/bank-acquiring', manager, values);
    expect(res.statusCode, res.body).toBe(400);
    expect(await counts()).toEqual(before);
    return flattenTree(res.json().errors);
  };
  /** What the operation moved in the ledger (its payment and its commission), per account, netted. */
  const ledgerOf = (operation: { id: number; paymentId: number }) =>
    rowsOf<{ account: string; bill: number | null; form: number | null; amount: string; base: string }>(
      app().database.db,
      sql`SELECT e.account, e.bill_id AS bill, e.payment_form_id AS form,
            sum(e.amount)::text AS amount, sum(e.base_amount)::text AS base
          FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
          WHERE (t.source_type = 'payment' AND t.source_id = ${operation.paymentId})
             OR (t.source_type = 'acquiring' AND t.source_id = ${operation.id})
          GROUP BY e.account, e.bill_id, e.payment_form_id HAVING sum(e.amount) <> 0
          ORDER BY e.account`,
    );
  const balanceOf = async (billId: number) =>
    (
      await rowsOf<{ balance: string }>(
        app().database.db,
        sql`SELECT balance::text FROM bills WHERE id = ${billId}`,
      )
    )[0]!.balance;

  it('reduces the receivable by the gross, puts the net on the form and the commission to its expense', async () => {
    const paid = await bill();
    const created = await enter(body(paid.id));
    // 1234.56 × 1.9% = 23.45664: rounded half away from zero to kopecks.
    expect(created).toMatchObject({
      commissionRate: '1.9000',
      commissionAmount: '23.46',
      netAmount: '1211.10',
      currencyId: world.rub,
      legalEntityId: world.company,
      links: [{ billId: paid.id, amount: '1234.56' }],
    });
    expect(await balanceOf(paid.id)).toBe('0.00');
    expect(await ledgerOf(created)).toEqual([
      { account: 'ACQUIRING_COMMISSION', bill: null, form: null, amount: '23.46', base: '23.46' },
      { account: 'CASH', bill: null, form: world.form, amount: '1211.10', base: '1211.10' },
      { account: 'RECEIVABLE', bill: paid.id, form: null, amount: '-1234.56', base: '-1234.56' },
    ]);
    // Its payment is an incoming one of the gross, in the payments.
    const payment = await call(
      'GET',
      `/finances/payments/${created.paymentId}`,
      await signIn(app(), ['ROLE_ADMIN']),
    );
    expect(payment.json().data).toMatchObject({ direction: 'INCOMING', amount: '1234.56', number: 'Р-17' });
  });

  it('takes a commission amount as given, and converts a foreign currency at the date once', async () => {
    const [{ id: usdForm }] = (await rowsOf<{ id: number }>(
      app().database.db,
      sql`INSERT INTO payment_forms (name, legal_entity_id, bank_id, account_number, currency_id)
          SELECT 'Эквайринг USD', legal_entity_id, bank_id, '40702840' || lpad((id + 4000)::text, 12, '0'), ${world.usd}
          FROM payment_forms WHERE id = ${world.form} RETURNING id`,
    )) as [{ id: number }];
    const paid = await bill({ paymentFormId: usdForm, currencyId: world.usd, amount: '100.00' });
    const created = await enter(
      body(paid.id, {
        paymentFormId: usdForm,
        grossAmount: '100.00',
        commissionRate: undefined,
        commissionAmount: '2.5',
        links: [{ billId: paid.id, amount: '100.00' }],
      }),
    );
    expect(created).toMatchObject({ commissionRate: null, commissionAmount: '2.50', netAmount: '97.50' });
    // 12 March: 90.12 RUB per USD.
    expect(await ledgerOf(created)).toEqual([
      { account: 'ACQUIRING_COMMISSION', bill: null, form: null, amount: '2.50', base: '225.30' },
      { account: 'CASH', bill: null, form: usdForm, amount: '97.50', base: '8786.70' },
      { account: 'RECEIVABLE', bill: paid.id, form: null, amount: '-100.00', base: '-9012.00' },
    ]);
  });

  it('refuses a missing, doubled or too large commission and the payments’ link rules, changing nothing', async () => {
    const paid = await bill();
    expect(await refusal(body(paid.id, { commissionRate: undefined }))).toEqual({
      commissionAmount: [ACQUIRING_MESSAGES.commissionRequired],
    });
    expect(await refusal(body(paid.id, { commissionAmount: '10.00' }))).toEqual({
      commissionAmount: [ACQUIRING_MESSAGES.commissionTwice],
    });
    expect(await refusal(body(paid.id, { commissionRate: '100' }))).toEqual({
      commissionRate: [ACQUIRING_MESSAGES.commissionOverGross],
    });
    expect(await refusal(body(paid.id, { commissionRate: '1,5' }))).toEqual({
      commissionRate: [ACQUIRING_MESSAGES.rate],
    });
    const other = await bill({ counterpartyId: world.contractor });
    expect(await refusal(body(other.id, { links: [{ billId: other.id, amount: '1234.56' }] }))).toEqual({
      'links.0.billId': [PAYMENT_MESSAGES.billCounterparty],
    });
    // Without ROLE_PAYMENT_UNLINKED the whole gross pays bills.
    expect(await refusal(body(paid.id, { links: [{ billId: paid.id, amount: '1000.00' }] }))).toEqual({
      links: [PAYMENT_MESSAGES.unlinkedDenied],
    });
    expect(await balanceOf(paid.id)).toBe('1234.56');
  });

  it('is not changed; deleting it reverses the commission and deletes its payment, which goes only with it', async () => {
    const paid = await bill();
    const created = await enter(body(paid.id));
    const changed = await call('PUT', `/bank-acquiring/${created.id}`, manager, {
      comment: 'Другое',
      version: created.version,
    });
    expect(changed.statusCode).toBe(400);
    expect(flattenTree(changed.json().errors)).toEqual({ '': [ACQUIRING_MESSAGES.fixed] });
    const cashier = await signIn(app(), ['ROLE_PAYMENT_LIST_ALL', 'ROLE_PAYMENT_DELETE_ALL']);
    const alone = await call('DELETE', `/finances/payments/${created.paymentId}`, cashier);
    expect(alone.statusCode).toBe(400);
    expect(flattenTree(alone.json().errors)).toEqual({ '': [ACQUIRING_MESSAGES.paymentOfOperation] });

    const removed = await call('DELETE', `/bank-acquiring/${created.id}`, manager);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await ledgerOf(created)).toEqual([]);
    expect(await balanceOf(paid.id)).toBe('1234.56');
    const payments = await rowsOf(
      app().database.db,
      sql`SELECT id FROM payments WHERE id = ${created.paymentId}`,
    );
    expect(payments).toEqual([]);
  });

  it('reads by its roles: manage and view all every operation, view own the ones one entered', async () => {
    const mine = await enter(body((await bill()).id));
    const other = await signIn(app(), MANAGER);
    const theirs = await enter(body((await bill()).id), other);
    const ids = async (who: SignedIn) => {
      const res = await call('GET', '/bank-acquiring?itemsPerPage=100', who);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data.collection as { id: number }[]).map((row) => row.id);
    };
    expect(await ids(manager)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    const all = await signIn(app(), ['ROLE_ACQUIRING_VIEW_ALL']);
    expect(await ids(all)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    // "Own": the ones the user entered. A viewer enters none, so a manager's own view is tested by scope SQL.
    const own = await signIn(app(), ['ROLE_ACQUIRING_VIEW_OWN']);
    expect(await ids(own)).toEqual([]);
    expect((await call('GET', `/bank-acquiring/${mine.id}`, own)).statusCode).toBe(404);
    await app().database.db.execute(
      sql`UPDATE acquiring_operations SET created_by_id = ${own.user.id} WHERE id = ${mine.id}`,
    );
    expect(await ids(own)).toEqual([mine.id]);
    // Viewers neither enter nor delete; nobody else reads.
    expect((await call('POST', '/bank-acquiring', all, body((await bill()).id))).statusCode).toBe(403);
    expect((await call('DELETE', `/bank-acquiring/${theirs.id}`, all)).statusCode).toBe(403);
    expect((await call('GET', '/bank-acquiring', accountant)).statusCode).toBe(403);
  });

  it('totals the filtered operations per currency', async () => {
    const res = await call('GET', `/bank-acquiring/totals?paymentFormId=${world.form}`, manager);
    expect(res.statusCode, res.body).toBe(200);
    const [rub] = res.json().data as {
      currencyCode: string;
      gross: string;
      commission: string;
      net: string;
    }[];
    const [expected] = await rowsOf<{ gross: string; commission: string; net: string }>(
      app().database.db,
      sql`SELECT sum(gross_amount)::text AS gross, sum(commission_amount)::text AS commission,
            sum(net_amount)::text AS net FROM acquiring_operations WHERE payment_form_id = ${world.form}`,
    );
    expect(rub).toMatchObject({ currencyCode: 'RUB', ...expected });
  });
});
