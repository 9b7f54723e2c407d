import { WAREHOUSE_MESSAGES, WAREHOUSE_SERVICE_BILL_MESSAGES } from '@tms/domain';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/connection';
import { EDIT_ALL, errorsOf, setUpOperations } from '../../test/operations-world';
import { currencyId, insertBank, insertLegalEntity } from '../../test/reference-rows';
import { type SignedIn, signIn } from '../../test/users';
import { bills } from '../finance';
import { monthBefore, storageBillingJob } from './storage-billing';
import { warehouseStorageCharges } from './tables';

/** Storage billing: a month of an order's stay billed once, at place-days × the storage price. */

// The billing runs on 2 December: November is the month it bills.
const ops = setUpOperations([], { clock: () => new Date('2026-12-02T10:00:00Z') });
let keeper: SignedIn;
let client: number;
let operator: number;
let form: number;
let priced: number;

beforeAll(async () => {
  keeper = await signIn(ops.ctx, [
    'ROLE_WAREHOUSE_ACCOUNTING_EDIT',
    'ROLE_ORDER_VIEW_ALL',
    'ROLE_COUNTERPARTY_VIEW_ALL',
    'ROLE_BILL_VIEW_ALL',
  ]);
  client = await ops.world.counterparty();
  operator = await ops.world.counterparty();
  const company = await insertLegalEntity(ops.ctx.database);
  const bank = await insertBank(ops.ctx.database, 'RU');
  const rub = await currencyId(ops.ctx.database, 'RUB');
  const [row] = await rowsOf<{ id: number }>(
    ops.db,
    sql`INSERT INTO payment_forms (name, legal_entity_id, bank_id, account_number, currency_id)
      VALUES ('Безнал', ${company.id}, ${bank.id}, '40702810938000009998', ${rub}) RETURNING id`,
  );
  form = row!.id;
  const service = async (body: Record<string, unknown>) => {
    const res = await ops.call('POST', '/api/warehouse/services', keeper, { unit: 'place', ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as number;
  };
  priced = await service({ code: 'STORE', name: 'Хранение', price: '12.50', currencyId: rub });
});

async function warehouse(body: Record<string, unknown>) {
  const res = await ops.call('POST', '/api/warehouse/warehouses', keeper, {
    address: 'Подольск, Складская 5',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

async function move(orderId: number, warehouseId: number, kind: string, movedOn: string, places: number) {
  const res = await ops.call('POST', '/api/warehouse/accounting', keeper, {
    orderId,
    warehouseId,
    kind,
    movedOn,
    places,
  });
  expect(res.statusCode, res.body).toBe(201);
}

describe('storage billing', () => {
  it('names the month before', () => {
    expect(monthBefore('2026-12-02')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(monthBefore('2026-03-31', 2)).toEqual({ from: '2026-01-01', to: '2026-01-31' });
    expect(monthBefore('2026-01-15')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });

  it('a warehouse bills storage with both its service and payment form, and a priced service', async () => {
    const rub = await currencyId(ops.ctx.database, 'RUB');
    const half = await ops.call('POST', '/api/warehouse/warehouses', keeper, {
      code: 'HALF',
      name: 'Полсклада',
      ownership: 'own',
      address: 'Москва',
      storageServiceId: priced,
    });
    expect(errorsOf(half)).toEqual({ storagePaymentFormId: [WAREHOUSE_MESSAGES.storageBoth] });
    const unpriced = await ops.call('POST', '/api/warehouse/services', keeper, {
      code: 'FREE',
      name: 'Хранение без цены',
      unit: 'place',
      currencyId: rub,
    });
    const free = await ops.call('POST', '/api/warehouse/warehouses', keeper, {
      code: 'FREE',
      name: 'Склад без цены',
      ownership: 'own',
      address: 'Москва',
      storageServiceId: unpriced.json().data.id,
      storagePaymentFormId: form,
    });
    expect(errorsOf(free)).toEqual({ storageServiceId: [WAREHOUSE_MESSAGES.storagePrice] });
  });

  it("bills each order's place-days of the month once: the client at our warehouse, the partner at his", async () => {
    const manager = await signIn(ops.ctx, EDIT_ALL);
    const own = await warehouse({
      code: 'OWN-S',
      name: 'Свой склад',
      ownership: 'own',
      storageServiceId: priced,
      storagePaymentFormId: form,
    });
    const partner = await warehouse({
      code: 'PART-S',
      name: 'Склад партнёра',
      ownership: 'partner',
      operatorId: operator,
      storageServiceId: priced,
      storagePaymentFormId: form,
    });
    const unbilled = await warehouse({ code: 'NONE-S', name: 'Склад без счетов', ownership: 'own' });
    const order = await ops.createOrder(manager, client);
    // 10 places from 5 November, 4 of them out on 20 November: 15 days × 10 + 11 days × 6 = 216.
    await move(order.id, own, 'receipt', '2026-11-05', 10);
    await move(order.id, own, 'release', '2026-11-20', 4);
    // In October and out on 3 November: the 1st and 2nd count, 2 days × 3 = 6.
    await move(order.id, partner, 'receipt', '2026-10-30', 3);
    await move(order.id, partner, 'release', '2026-11-03', 3);
    await move(order.id, unbilled, 'receipt', '2026-11-01', 50);

    await ops.runJob(storageBillingJob);
    const charges = await ops.db
      .select()
      .from(warehouseStorageCharges)
      .where(eq(warehouseStorageCharges.orderId, order.id));
    const november = charges.filter((c) => c.periodFrom === '2026-11-01');
    expect(november.map((c) => [c.warehouseId, c.placeDays]).sort()).toEqual(
      [
        [own, 216],
        [partner, 6],
      ].sort(),
    );
    // October's two days at the partner's were billed too (the job looks two months back).
    expect(charges.find((c) => c.periodFrom === '2026-10-01')?.placeDays).toBe(2 * 3);
    const billOf = async (warehouseId: number) => {
      const charge = november.find((c) => c.warehouseId === warehouseId)!;
      return (await ops.db.select().from(bills).where(eq(bills.id, charge.billId)))[0]!;
    };
    const income = await billOf(own);
    expect([income.direction, income.counterpartyId, income.amount, income.recognitionDate]).toEqual([
      'INCOME',
      client,
      '2700.00',
      '2026-11-30',
    ]);
    expect(income.orderIds).toEqual([order.id]);
    const expense = await billOf(partner);
    expect([expense.direction, expense.counterpartyId, expense.amount]).toEqual([
      'EXPENSE',
      operator,
      '75.00',
    ]);

    // A second run bills nothing again; the order's page lists what was billed.
    await ops.runJob(storageBillingJob);
    const again = await ops.db
      .select()
      .from(warehouseStorageCharges)
      .where(eq(warehouseStorageCharges.orderId, order.id));
    expect(again).toHaveLength(charges.length);
    const page = await ops.call('GET', `/api/tms/orders/${order.id}/warehouse-accounting`, keeper);
    expect(page.statusCode, page.body).toBe(200);
    expect(
      page
        .json()
        .data.storageCharges.filter((c: { periodFrom: string }) => c.periodFrom === '2026-11-01')
        .map((c: { billNumber: string; placeDays: number }) => [c.billNumber, c.placeDays]),
    ).toEqual(expect.arrayContaining([[expect.stringMatching(/^ХР-\d{6}-2026-11$/), 216]]));
  });
});

describe('warehouse services billed to the order', () => {
  it('bills the client each service × its quantity on one bill of the order, refusing what cannot be priced', async () => {
    const manager = await signIn(ops.ctx, EDIT_ALL);
    const order = await ops.createOrder(manager, client);
    const rub = await currencyId(ops.ctx.database, 'RUB');
    const usd = await currencyId(ops.ctx.database, 'USD');
    const service = async (body: Record<string, unknown>) =>
      (await ops.call('POST', '/api/warehouse/services', keeper, { unit: 'place', ...body })).json().data
        .id as number;
    const handling = await service({ code: 'HANDLE', name: 'Погрузка', price: '40.00', currencyId: rub });
    const labels = await service({ code: 'LABEL', name: 'Маркировка', price: '3.35', currencyId: rub });
    const dollars = await service({ code: 'USD-S', name: 'Упаковка', price: '1.00', currencyId: usd });
    const bare = await service({ code: 'BARE', name: 'Без цены' });
    const biller = await signIn(ops.ctx, [
      'ROLE_ORDER_VIEW_ALL',
      'ROLE_BILL_CREATE',
      'ROLE_BILL_VIEW_ALL',
      'ROLE_COUNTERPARTY_VIEW_ALL',
      'ROLE_COUNTERPARTY_CREDIT_LIMIT_EXCEED',
    ]);
    const url = `/api/tms/orders/${order.id}/warehouse-services/bill`;
    const body = (lines: { serviceId: number; quantity: number }[]) => ({
      number: `СК-${order.id}`,
      paymentFormId: form,
      date: '2026-11-20',
      lines,
    });
    const before = await ops.count(bills);
    const refused = await ops.call(
      'POST',
      url,
      biller,
      body([
        { serviceId: handling, quantity: 12 },
        { serviceId: dollars, quantity: 1 },
        { serviceId: bare, quantity: 1 },
      ]),
    );
    expect(errorsOf(refused)).toEqual({
      'lines.1.serviceId': [WAREHOUSE_SERVICE_BILL_MESSAGES.oneCurrency],
      'lines.2.serviceId': [WAREHOUSE_SERVICE_BILL_MESSAGES.noPrice],
    });
    expect(await ops.count(bills)).toBe(before);
    // Whoever may not enter bills may not bill services either.
    expect(
      (await ops.call('POST', url, keeper, body([{ serviceId: handling, quantity: 1 }]))).statusCode,
    ).toBe(403);

    const made = await ops.call(
      'POST',
      url,
      biller,
      body([
        { serviceId: handling, quantity: 12 },
        { serviceId: labels, quantity: 2.5 },
      ]),
    );
    expect(made.statusCode, made.body).toBe(201);
    // 12 × 40.00 + 2.5 × 3.35 = 480.00 + 8.375 → 488.38 (half away from zero).
    const [bill] = await ops.db.select().from(bills).where(eq(bills.id, made.json().data.id));
    expect([bill!.direction, bill!.counterpartyId, bill!.amount, bill!.currencyId, bill!.orderIds]).toEqual([
      'INCOME',
      client,
      '488.38',
      rub,
      [order.id],
    ]);
    expect(bill!.comment).toBe('Погрузка × 12; Маркировка × 2,5');
  });
});
