import { COUNTERPARTY_MESSAGES, type Role } from '@tms/domain';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/connection';
import { EDIT_ALL, type Entity, errorsOf, setUpOperations } from '../../test/operations-world';
import { currencyId, insertBank, insertLegalEntity } from '../../test/reference-rows';
import { type SignedIn, signIn } from '../../test/users';
import { today } from './stages';
import { orders } from './tables';

const ops = setUpOperations();
const EXCEED: Role = 'ROLE_COUNTERPARTY_CREDIT_LIMIT_EXCEED';
let editor: SignedIn;
let exceeder: SignedIn;
let finance: SignedIn;
let company: number;
let form: number;
let rub: number;
let seq = 0;

beforeAll(async () => {
  editor = await signIn(ops.ctx, EDIT_ALL as Role[]);
  exceeder = await signIn(ops.ctx, [...(EDIT_ALL as Role[]), EXCEED]);
  finance = await signIn(ops.ctx, [
    'ROLE_COUNTERPARTY_VIEW_ALL',
    'ROLE_ORDER_VIEW_ALL',
    'ROLE_BILL_CREATE',
    'ROLE_BILL_VIEW_ALL',
    'ROLE_PAYMENT_CREATE',
    'ROLE_PAYMENT_UNLINKED',
  ]);
  company = (await insertLegalEntity(ops.ctx.database)).id;
  const bank = await insertBank(ops.ctx.database, 'RU');
  rub = await currencyId(ops.ctx.database, 'RUB');
  const [row] = await rowsOf<{ id: number }>(
    ops.db,
    sql`INSERT INTO payment_forms (name, legal_entity_id, bank_id, account_number, currency_id)
      VALUES ('Безнал', ${company}, ${bank.id}, '40702810938000007777', ${rub}) RETURNING id`,
  );
  form = row!.id;
});

const order = (who: SignedIn, clientId: number, plannedIncome?: string | null) =>
  ops.call('POST', '/api/tms/orders', who, {
    clientId,
    productId: ops.world.productId,
    route: [
      { kind: 'dispatch', address: 'Москва', countryId: ops.world.ru },
      { kind: 'delivery', address: 'Berlin', countryId: ops.world.de },
    ],
    ...(plannedIncome === undefined ? {} : { plannedIncome }),
  });
const created = async (who: SignedIn, clientId: number, plannedIncome?: string | null) => {
  const res = await order(who, clientId, plannedIncome);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Entity;
};
const edit = (who: SignedIn, record: Entity, body: Record<string, unknown>) =>
  ops.call('PATCH', `/api/tms/orders/${record.id}`, who, { version: record.version, ...body });
/** An income bill of `amount` RUB for `clientId` linked to `orderIds`, entered by finance (no exceed role). */
const bill = (clientId: number, amount: string, orderIds: number[]) =>
  ops.call('POST', '/api/finances/bills', finance, {
    number: `К-${++seq}`,
    direction: 'INCOME',
    counterpartyId: clientId,
    legalEntityId: company,
    paymentFormId: form,
    currencyId: rub,
    amount,
    date: today(),
    recognitionDate: today(),
    orderIds,
  });
const credit = async (clientId: number) => {
  const res = await ops.call('GET', `/api/counterparties/${clientId}/credit`, editor);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe("a client's credit with its open orders' planned income", () => {
  it('sums the receivable and the unbilled planned income of open orders, never counting a billed order twice', async () => {
    const client = await ops.world.counterparty({ creditLimit: '10000.00', creditLimitThreshold: '8000.00' });
    const first = await created(editor, client, '3000');
    expect(first.plannedIncome).toBe('3000.00');
    const second = await created(editor, client, '2000.50');
    await created(editor, client);
    expect(await credit(client)).toMatchObject({
      exposure: '5000.50',
      sources: { bills: '0.00', orders: '5000.50' },
      available: '4999.50',
      state: 'WITHIN',
      advances: '0.00',
      balance: null,
    });

    // Billed in part: the bill is receivable, the rest of the plan still counts.
    expect((await bill(client, '1200.00', [first.id])).statusCode).toBe(201);
    expect((await credit(client)).sources).toEqual({ bills: '1200.00', orders: '3800.50' });
    // Billed beyond its plan: the order adds nothing more, its bills count whole.
    expect((await bill(client, '2500.00', [first.id])).statusCode).toBe(201);
    expect(await credit(client)).toMatchObject({
      exposure: '5700.50',
      sources: { bills: '3700.00', orders: '2000.50' },
    });
    const read = await ops.call('GET', `/api/counterparties/${client}`, editor);
    expect(read.json().data).toMatchObject({ creditExposure: '5700.50', creditState: 'WITHIN' });

    // A closed order (finance-accepted, archived) counts no more.
    await ops.db.update(orders).set({ financeControlStatus: 'ACCEPTED' }).where(eq(orders.id, second.id));
    expect((await credit(client)).sources).toEqual({ bills: '3700.00', orders: '0.00' });
    await ops.db
      .update(orders)
      .set({ financeControlStatus: 'NOT_READY', archived: true })
      .where(eq(orders.id, second.id));
    expect((await credit(client)).sources.orders).toBe('0.00');
  });

  it('refuses an order past the limit, under the client or the raised planned income, unless the user may exceed it', async () => {
    const client = await ops.world.counterparty({ creditLimit: '1000.00', creditLimitThreshold: '800.00' });
    const first = await created(editor, client, '600');
    const refused = await order(editor, client, '500');
    expect(errorsOf(refused)).toEqual({ clientId: [COUNTERPARTY_MESSAGES.creditLimitExhausted] });
    const second = await created(editor, client, '400');
    expect(await credit(client)).toMatchObject({ exposure: '1000.00', state: 'EXHAUSTED' });
    // At its limit, the client takes no new order, even one without a planned income.
    expect(errorsOf(await order(editor, client))).toEqual({
      clientId: [COUNTERPARTY_MESSAGES.creditLimitExhausted],
    });
    const raised = await edit(editor, first, { plannedIncome: '600.01' });
    expect(errorsOf(raised)).toEqual({ plannedIncome: [COUNTERPARTY_MESSAGES.creditLimitExhausted] });
    const lowered = await edit(editor, first, { plannedIncome: '500' });
    expect(lowered.statusCode, lowered.body).toBe(200);
    // Other changes of an order at the limit go through.
    expect((await edit(editor, second, { paymentTermsDays: 10 })).statusCode).toBe(200);

    // Billing a planned order moves its plan to the receivable: nothing is added, nothing refused.
    expect((await bill(client, '500.00', [first.id])).statusCode).toBe(201);
    expect(await credit(client)).toMatchObject({
      exposure: '900.00',
      sources: { bills: '500.00', orders: '400.00' },
    });
    const beyond = await bill(client, '100.01', [first.id]);
    expect(errorsOf(beyond)).toEqual({ counterpartyId: [COUNTERPARTY_MESSAGES.creditLimitExhausted] });

    // Moving an order to an exhausted client is refused like a new one.
    const other = await ops.world.counterparty();
    const elsewhere = await created(editor, other, '300');
    const mover = await signIn(ops.ctx, [...(EDIT_ALL as Role[]), 'ROLE_ORDER_COUNTERPARTY_CHANGE']);
    const moved = await edit(mover, elsewhere, { clientId: client });
    expect(errorsOf(moved)).toEqual({ clientId: [COUNTERPARTY_MESSAGES.creditLimitExhausted] });

    await created(exceeder, client, '5000');
    expect(await credit(client)).toMatchObject({ exposure: '5900.00', available: '-4900.00' });
  });

  it('holds a prepayment client (limit 0) to its advances: "Balance exhausted." past them', async () => {
    const client = await ops.world.counterparty({ creditLimit: '0.00' });
    expect(errorsOf(await order(editor, client, '1'))).toEqual({
      clientId: [COUNTERPARTY_MESSAGES.balanceExhausted],
    });
    const paid = await ops.call('POST', '/api/finances/payments', finance, {
      number: `П-${++seq}`,
      direction: 'INCOMING',
      date: today(),
      paymentFormId: form,
      amount: '1000.00',
      counterpartyId: client,
      purpose: 'Предоплата',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(await credit(client)).toMatchObject({ advances: '1000.00', balance: '1000.00', exposure: '0.00' });

    await created(editor, client, '700');
    expect((await credit(client)).balance).toBe('300.00');
    expect(errorsOf(await order(editor, client, '300.01'))).toEqual({
      clientId: [COUNTERPARTY_MESSAGES.balanceExhausted],
    });
    await created(editor, client, '300');
    // Covered whole: an order without a planned income still goes; one more kopeck does not.
    await created(editor, client);
    expect(errorsOf(await order(editor, client, '0.01'))).toEqual({
      clientId: [COUNTERPARTY_MESSAGES.balanceExhausted],
    });
    await created(exceeder, client, '250');
    expect(await credit(client)).toMatchObject({ balance: '-250.00', state: 'EXHAUSTED' });
  });
});
