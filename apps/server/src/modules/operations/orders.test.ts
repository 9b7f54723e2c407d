import { COUNTERPARTY_MESSAGES, OPERATION_MESSAGES as M, MESSAGES, padId } from '@tms/domain';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/connection';
import { createCreditProbe, creditProbeModule } from '../../test/credit-probe';
import { EDIT_ALL, type Entity, errorsOf, route, setUpOperations } from '../../test/operations-world';
import { type SignedIn, signIn } from '../../test/users';
import { financeControlStatusReasons } from '../finance';
import { orders } from './tables';

const ops = setUpOperations([creditProbeModule]);
let editor: SignedIn;
let finance: SignedIn;
let archivist: SignedIn;
let client: number;
let owe: (counterpartyId: number, amount: string) => Promise<void>;

/** Asks `who` to create an order of the client with a valid route, as `body` changes it. */
const postOrder = (body: Record<string, unknown>, who = editor) =>
  ops.call('POST', '/api/tms/orders', who, {
    clientId: client,
    productId: ops.world.productId,
    route: route(ops.world),
    ...body,
  });

beforeAll(async () => {
  owe = await createCreditProbe(ops.db);
  const edit = ['ROLE_ORDER_VIEW_ALL', 'ROLE_ORDER_EDIT_ALL', 'ROLE_COUNTERPARTY_VIEW_ALL'];
  editor = await signIn(ops.ctx, edit);
  finance = await signIn(ops.ctx, [...edit, 'ROLE_ORDER_FINANCE_CONTROL']);
  archivist = await signIn(ops.ctx, [...edit, 'ROLE_ORDER_ARCHIVE']);
  client = await ops.world.counterparty({ name: 'ООО Ромашка' });
});

describe('orders', () => {
  it('numbers an order by its id and finds it by the padded number, the client and the cargo', async () => {
    const order = await ops.createOrder(editor, client, {
      cargo: { description: 'Токарные станки', weight: '1200' },
    });
    expect(order).toMatchObject({
      number: order.id,
      clientName: 'ООО Ромашка',
      cargoDescription: 'Токарные станки',
      financeControlStatus: 'NOT_READY',
      dispatchCountryId: ops.world.ru,
      deliveryCountryId: ops.world.de,
      archived: false,
    });
    expect((order.cargo as Record<string, unknown>).unitSystem).toBe('metric');
    for (const search of [padId(order.id), 'ромашка', 'ТОКАРНЫЕ']) {
      const res = await ops.call('GET', `/api/tms/orders?search=${encodeURIComponent(search)}`, editor);
      expect(res.json().data.collection.map((o: Entity) => o.id)).toContain(order.id);
    }
    const none = await ops.call('GET', '/api/tms/orders?search=nothing-like-this', editor);
    expect(none.json().data.total).toBe(0);
  });

  it("keeps the product's name with the order, sorts by it and follows the product's renames", async () => {
    const productEditor = await signIn(ops.ctx, ['ROLE_SETTINGS_PRODUCTS']);
    const [road, direct] = await Promise.all(
      [ops.world.productId, ops.world.narrowProductId].map(
        async (id) => (await ops.call('GET', `/api/tms/products/${id}`, productEditor)).json().data,
      ),
    );
    const order = await ops.createOrder(editor, client);
    expect(order.productName).toBe(road.name);
    const moved = await ops.call('PATCH', `/api/tms/orders/${order.id}`, editor, {
      version: order.version,
      productId: direct.id,
    });
    expect(moved.json().data.productName).toBe(direct.name);
    const other = await ops.createOrder(editor, client);

    const renamed = await ops.call('PATCH', `/api/tms/products/${direct.id}`, productEditor, {
      version: direct.version,
      name: 'Аааа прямая',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const after = await ops.call('GET', `/api/tms/orders/${order.id}`, editor);
    expect(after.json().data).toMatchObject({
      productName: 'Аааа прямая',
      version: moved.json().data.version,
    });

    const ids = `${order.id},${other.id}`;
    const sorted = async (order: 'asc' | 'desc') =>
      (await ops.call('GET', `/api/tms/orders?id=${ids}&sort=productName&order=${order}`, editor))
        .json()
        .data.collection.map((o: Entity) => o.id);
    expect(await sorted('asc')).toEqual([order.id, other.id]);
    expect(await sorted('desc')).toEqual([other.id, order.id]);
  });

  it('exports the route as the list shows it, from the first dispatch to the last delivery', async () => {
    const order = await ops.createOrder(editor, client);
    const res = await ops.call(
      'GET',
      `/api/tms/orders/export?id=${order.id}&columns=number,route&lang=ru`,
      editor,
    );
    expect(res.statusCode, res.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(2).value).toBe('Маршрут');
    expect(sheet.getRow(2).getCell(2).value).toBe('Москва → Berlin');
  });

  it('answers in list rows what lists read: the route by its ends, of the cargo whether it is liquid', async () => {
    const order = await ops.createOrder(editor, client);
    const record = (await ops.call('GET', `/api/tms/orders/${order.id}`, editor)).json().data;
    const list = await ops.call('GET', `/api/tms/orders?id=${order.id}`, editor);
    expect(list.statusCode, list.body).toBe(200);
    const [row] = list.json().data.collection;
    const first = record.route.find((p: { kind: string }) => p.kind === 'dispatch');
    const last = record.route.findLast((p: { kind: string }) => p.kind === 'delivery');
    expect(row.route).toEqual([
      { kind: 'dispatch', address: first.address },
      { kind: 'delivery', address: last.address },
    ]);
    expect(row.cargo).toEqual({ liquid: record.cargo.liquid });
    expect(row).not.toHaveProperty('customFields');
    expect(row.cargoDescription).toBe(record.cargoDescription);
    expect(record.cargo).toBeTypeOf('object');
    expect(record.route[0]).toHaveProperty('dateFrom');
  });

  it('checks the route against the product: both kinds of points, the maximum, countries, dates', async () => {
    const before = await ops.count(orders);
    const onlyDispatch = await postOrder({ route: [route(ops.world)[0]] });
    expect(onlyDispatch.statusCode).toBe(400);
    expect(errorsOf(onlyDispatch)).toEqual({ route: [M.routePointsRequired] });

    const tooMany = await postOrder({
      productId: ops.world.narrowProductId,
      route: [route(ops.world)[0], ...route(ops.world)],
    });
    expect(errorsOf(tooMany)).toEqual({ route: [M.tooManyDispatchPoints] });

    const noCountry = await postOrder({
      route: [
        route(ops.world, { from: '2025-03-10' })[0],
        { kind: 'delivery', address: 'Somewhere', dateFrom: '2025-03-01' },
      ],
    });
    expect(errorsOf(noCountry)).toEqual({
      'route.1.countryId': [M.deliveryCountryMissing],
      'route.1.dateFrom': [M.deliveryBeforeDispatch],
    });
    expect(await ops.count(orders)).toBe(before);
  });

  it('keeps the service within the product and the cargo rules', async () => {
    const otherService = await postOrder({
      productId: ops.world.narrowProductId,
      serviceId: ops.world.serviceId,
    });
    expect(errorsOf(otherService)).toEqual({ serviceId: [M.serviceNotInProduct] });

    const imperial = await postOrder({
      cargo: { unitSystem: 'imperial', weight: '0.5', declaredValue: '100.00' },
    });
    expect(errorsOf(imperial)).toEqual({
      'cargo.weight': [M.weightMinimum],
      'cargo.declaredValueCurrencyId': [M.currencyRequired],
    });
    // The same weight on an order entered in metric units is fine.
    await ops.createOrder(editor, client, { cargo: { weight: '0.5' } });
  });

  it('refuses a black-listed client, a counterparty that is no client, and a client over its credit', async () => {
    const blackListed = await ops.world.counterparty({ blackList: true, blackListReason: 'Долги' });
    const contractorOnly = await ops.world.counterparty({ client: false });
    const res = await postOrder({ clientId: blackListed });
    expect(errorsOf(res)).toEqual({ clientId: [COUNTERPARTY_MESSAGES.blackListed] });
    const notClient = await postOrder({ clientId: contractorOnly });
    expect(errorsOf(notClient)).toEqual({ clientId: [M.notClient] });

    const indebted = await ops.world.counterparty({ creditLimit: '1000.00' });
    await owe(indebted, '1500');
    const over = await postOrder({ clientId: indebted });
    expect(errorsOf(over)).toEqual({ clientId: [COUNTERPARTY_MESSAGES.creditLimitExhausted] });
    const mayExceed = await signIn(ops.ctx, [
      'ROLE_ORDER_VIEW_ALL',
      'ROLE_ORDER_EDIT_ALL',
      'ROLE_COUNTERPARTY_VIEW_ALL',
      'ROLE_COUNTERPARTY_CREDIT_LIMIT_EXCEED',
    ]);
    await ops.createOrder(mayExceed, indebted);
  });

  it('answers every refused field of a save at once, the client and custom fields among them', async () => {
    const before = await ops.count(orders);
    const blackListed = await ops.world.counterparty({ blackList: true, blackListReason: 'Долги' });
    const res = await postOrder({
      clientId: blackListed,
      productId: ops.world.narrowProductId,
      serviceId: ops.world.serviceId,
      curatorIds: [999999],
      customFields: { ref: 'R-3' },
    });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual({
      clientId: [COUNTERPARTY_MESSAGES.blackListed],
      serviceId: [M.serviceNotInProduct],
      'curatorIds.0': [MESSAGES.invalid],
      customFieldGroupId: [MESSAGES.required],
    });
    expect(await ops.count(orders)).toBe(before);
  });

  it('needs the field roles to set damage, the completion date or to change the client', async () => {
    const damaged = await postOrder({ damaged: true });
    expect(damaged.statusCode).toBe(403);
    expect(damaged.json().message).toBe(COUNTERPARTY_MESSAGES.fieldEditDenied);

    const order = await ops.createOrder(editor, client);
    const other = await ops.world.counterparty();
    const change = await ops.call('PATCH', `/api/tms/orders/${order.id}`, editor, {
      version: order.version,
      clientId: other,
    });
    expect(change.statusCode).toBe(403);
    const sameClient = await ops.call('PATCH', `/api/tms/orders/${order.id}`, editor, {
      version: order.version,
      clientId: client,
      paymentTermsDays: 30,
    });
    expect(sameClient.statusCode, sameClient.body).toBe(200);

    const allowed = await signIn(ops.ctx, [
      'ROLE_ORDER_VIEW_ALL',
      'ROLE_ORDER_EDIT_ALL',
      'ROLE_COUNTERPARTY_VIEW_ALL',
      'ROLE_ORDER_COUNTERPARTY_CHANGE',
      'ROLE_ORDER_CARGO_DAMAGE',
    ]);
    const changed = await ops.call('PATCH', `/api/tms/orders/${order.id}`, allowed, {
      version: sameClient.json().data.version,
      clientId: other,
      damaged: true,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ clientId: other, damaged: true });
  });

  it('needs the liquid role to mark cargo liquid or to unmark it', async () => {
    const refused = await postOrder({ cargo: { liquid: true } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(COUNTERPARTY_MESSAGES.fieldEditDenied);

    const liquid = await signIn(ops.ctx, [
      'ROLE_ORDER_VIEW_ALL',
      'ROLE_ORDER_EDIT_ALL',
      'ROLE_COUNTERPARTY_VIEW_ALL',
      'ROLE_ORDER_LIQUID',
    ]);
    const created = await postOrder({ cargo: { liquid: true } }, liquid);
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json().data;
    expect(order.cargo.liquid).toBe(true);

    // Other changes stay open to editors without the role; unmarking the cargo does not.
    const other = await ops.call('PATCH', `/api/tms/orders/${order.id}`, editor, {
      version: order.version,
      paymentTermsDays: 10,
    });
    expect(other.statusCode, other.body).toBe(200);
    const unmark = await ops.call('PATCH', `/api/tms/orders/${order.id}`, editor, {
      version: other.json().data.version,
      cargo: { liquid: false },
    });
    expect(unmark.statusCode).toBe(403);
    expect((await ops.call('GET', `/api/tms/orders/${order.id}`, editor)).json().data.cargo.liquid).toBe(
      true,
    );
  });

  it('moves finance control by the transitions and locks the order while ACCEPTED', async () => {
    const order = await ops.createOrder(editor, client);
    const url = `/api/tms/orders/${order.id}/statuses/financeControl`;
    let version = order.version;
    const move = async (who: SignedIn, status: string, extra: Record<string, unknown> = {}) => {
      const res = await ops.call('PUT', url, who, { status, version, ...extra });
      if (res.statusCode === 200) version = res.json().data.version;
      return res;
    };

    const skip = await move(finance, 'ACCEPTED');
    expect(skip.statusCode).toBe(400);
    expect(errorsOf(skip)).toEqual({ status: [M.statusManual] });
    // Ready only with complete bills: an income bill, and an expense bill for each job with a cost.
    expect(errorsOf(await move(editor, 'READY'))).toEqual({ status: [M.billsIncomplete] });
    await ops.bill('INCOME', client, { orderIds: [order.id] });
    const [currency] = await rowsOf<{ id: number }>(ops.db, sql`SELECT id FROM currencies LIMIT 1`);
    const jobEditor = await signIn(ops.ctx, EDIT_ALL);
    const job = await ops.createJob(jobEditor, [order.id], {
      costAmount: '300.00',
      costCurrencyId: currency!.id,
    });
    await ops.createJob(jobEditor, [order.id], { tracking: true });
    expect(errorsOf(await move(editor, 'READY'))).toEqual({ status: [M.billsIncomplete] });
    await ops.bill('EXPENSE', client, { jobIds: [job.id] });
    expect((await move(editor, 'READY')).json().data.financeControlStatus).toBe('READY');
    expect(errorsOf(await move(editor, 'ACCEPTED'))).toEqual({ status: [M.statusManual] });
    expect(errorsOf(await move(finance, 'REJECTED'))).toEqual({ reasonId: [M.reasonRequired] });
    const [reason] = await ops.db
      .insert(financeControlStatusReasons)
      .values({ name: 'Нет акта' })
      .returning();
    const rejected = await move(finance, 'REJECTED', { reasonId: reason!.id, comment: 'Акт не подписан' });
    expect(rejected.json().data).toMatchObject({
      financeControlStatus: 'REJECTED',
      financeControlReasonId: reason!.id,
    });
    expect(rejected.json().data.financeControlChangedAt).toBeTruthy();
    await move(editor, 'READY');
    expect((await move(finance, 'ACCEPTED')).json().data.financeControlStatus).toBe('ACCEPTED');

    const edit = await ops.call('PATCH', `/api/tms/orders/${order.id}`, editor, {
      version,
      paymentTermsDays: 5,
    });
    expect(edit.statusCode).toBe(400);
    expect(errorsOf(edit)).toEqual({ '': [M.locked] });
    const del = await ops.call('DELETE', `/api/tms/orders/${order.id}`, editor);
    expect(errorsOf(del)).toEqual({ '': [M.locked] });

    expect(errorsOf(await move(editor, 'NOT_READY'))).toEqual({ status: [M.statusManual] });
    expect((await move(finance, 'NOT_READY')).json().data.financeControlStatus).toBe('NOT_READY');
    const stale = await ops.call('PUT', url, editor, { status: 'READY', version: version - 1 });
    expect(stale.statusCode).toBe(409);
    const unknown = await ops.call('PUT', url, editor, { status: 'DONE', version });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(errorsOf(unknown))).toEqual(['status']);

    const history = await ops.call('GET', `/api/tms/orders/${order.id}/history`, editor);
    const statusEntries = history
      .json()
      .data.collection.filter((e: { action: string }) => e.action === 'status');
    expect(statusEntries.length).toBe(5);
  });

  it('lists READY orders for finance with their result in the base currency, filtered and exported', async () => {
    const reader = await signIn(ops.ctx, ['ROLE_REPORT_READY_ORDERS', 'ROLE_COUNTERPARTY_VIEW_ALL']);
    const other = await ops.world.counterparty({ name: 'ООО Лютик' });
    const ready = await ops.createOrder(editor, other);
    const idle = await ops.createOrder(editor, other);
    const [currency] = await rowsOf<{ id: number }>(ops.db, sql`SELECT id FROM currencies LIMIT 1`);
    const job = await ops.createJob(await signIn(ops.ctx, EDIT_ALL), [ready.id], {
      costAmount: '100.00',
      costCurrencyId: currency!.id,
    });
    await ops.bill('INCOME', other, { orderIds: [ready.id] });
    await ops.bill('INCOME', other, { orderIds: [ready.id, idle.id] });
    await ops.bill('EXPENSE', other, { jobIds: [job.id] });
    const moved = await ops.call('PUT', `/api/tms/orders/${ready.id}/statuses/financeControl`, editor, {
      status: 'READY',
      version: ready.version,
    });
    expect(moved.statusCode, moved.body).toBe(200);

    const list = await ops.call('GET', `/api/reports/ready-orders?clientId=${other}`, reader);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toMatchObject({
      total: 1,
      collection: [
        { id: ready.id, clientName: 'ООО Лютик', income: '200.00', cost: '100.00', profit: '100.00' },
      ],
    });
    const elsewhere = await ops.call('GET', `/api/reports/ready-orders?clientId=${client}`, reader);
    expect(elsewhere.json().data.collection.map((o: Entity) => o.id)).not.toContain(ready.id);
    expect((await ops.call('GET', '/api/reports/ready-orders', editor)).statusCode).toBe(403);
    const file = await ops.call('GET', `/api/reports/ready-orders/export?lang=en&clientId=${other}`, reader);
    expect(file.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as never);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).values).toContain('200.00');
  });

  it('lists the statuses a user may move to', async () => {
    const order = await ops.createOrder(editor, client);
    const unbilled = (await ops.call('GET', `/api/tms/orders/${order.id}/statuses`, editor)).json().data;
    expect(unbilled.financeControl).toEqual([]);
    await ops.bill('INCOME', client, { orderIds: [order.id] });
    const mine = (await ops.call('GET', `/api/tms/orders/${order.id}/statuses`, editor)).json().data;
    expect(mine.financeControl).toEqual([{ status: 'READY', needsReason: false }]);
    expect(mine.transfers).toEqual([]);
    // No TNVED codes yet: the control cannot go ready (docs/customs.md "TNVED control").
    expect(mine.tnvedControl).toEqual([]);
  });

  it('moves TNVED control, cargo insurance, marking and never the transfers by hand', async () => {
    const order = await ops.createOrder(editor, client, {
      cargo: { description: 'Станки', tnvedCodes: ['8458 11 200 0'] },
    });
    const put = (kind: string, status: string, version: number, who = editor) =>
      ops.call('PUT', `/api/tms/orders/${order.id}/statuses/${kind}`, who, { status, version });
    // Every cargo line has a code (no classifier loaded here): ready as saved.
    expect(order.tnvedControlStatus).toBe('READY');
    const ready = await put('tnvedControl', 'READY', order.version);
    expect(ready.json().data.tnvedControlStatus).toBe('READY');
    expect(errorsOf(await put('tnvedControl', 'VERIFIED', ready.json().data.version))).toEqual({
      status: [M.statusManual],
    });
    // No codes send the control back to the start (the system's move).
    const recoded = await ops.call('PATCH', `/api/tms/orders/${order.id}`, editor, {
      version: ready.json().data.version,
      cargo: { tnvedCodes: [] },
    });
    expect(recoded.json().data).toMatchObject({ tnvedControlStatus: 'NOT_READY' });
    let version = recoded.json().data.version;

    expect(errorsOf(await put('transfers', 'ready', version))).toEqual({ status: [M.statusManual] });
    expect(errorsOf(await put('cargoInsurance', 'READY', version))).toEqual({
      status: [M.insuranceDetailsIncomplete],
    });
    const insured = await ops.call('PATCH', `/api/tms/orders/${order.id}`, editor, {
      version,
      route: route(ops.world, { from: '2025-03-01', to: '2025-03-05' }),
      cargo: { declaredValue: '5000.00', declaredValueCurrencyId: null },
    });
    expect(insured.statusCode).toBe(400);
    const currency = (await ops.db.execute(sql`SELECT id FROM currencies LIMIT 1`)) as unknown as {
      rows: { id: number }[];
    };
    const withDetails = await ops.call('PATCH', `/api/tms/orders/${order.id}`, editor, {
      version,
      route: route(ops.world, { from: '2025-03-01', to: '2025-03-05' }),
      cargo: { declaredValue: '5000.00', declaredValueCurrencyId: currency.rows[0]!.id },
    });
    expect(withDetails.statusCode, withDetails.body).toBe(200);
    version = withDetails.json().data.version;
    const insuranceReady = await put('cargoInsurance', 'READY', version);
    expect(insuranceReady.json().data.cargoInsuranceStatus).toBe('READY');
    const insurer = await signIn(ops.ctx, ['ROLE_ORDER_VIEW_ALL', 'ROLE_INSURANCE_BANK_INSURER']);
    const accepted = await put('cargoInsurance', 'ACCEPTED', insuranceReady.json().data.version, insurer);
    expect(accepted.json().data.cargoInsuranceStatus).toBe('ACCEPTED');
    version = accepted.json().data.version;

    const marking = await put('marking', 'required', version);
    expect(marking.json().data.markingStatus).toBe('required');
    expect(errorsOf(await put('marking', 'marked', marking.json().data.version))).toEqual({
      status: [M.statusManual],
    });
  });

  it('archives and unarchives by hand with its role; an archived order takes no edits or status moves', async () => {
    const order = await ops.createOrder(editor, client);
    const denied = await ops.call('POST', `/api/tms/orders/${order.id}/archive`, editor, {
      version: order.version,
    });
    expect(denied.statusCode).toBe(403);
    const archived = await ops.call('POST', `/api/tms/orders/${order.id}/archive`, archivist, {
      version: order.version,
    });
    expect(archived.json().data).toMatchObject({ archived: true });
    expect(archived.json().data.archivedAt).toBeTruthy();
    const version = archived.json().data.version;
    const edit = await ops.call('PATCH', `/api/tms/orders/${order.id}`, editor, {
      version,
      paymentTermsDays: 1,
    });
    expect(errorsOf(edit)).toEqual({ '': [M.locked] });
    const status = await ops.call('PUT', `/api/tms/orders/${order.id}/statuses/financeControl`, editor, {
      status: 'READY',
      version,
    });
    expect(errorsOf(status)).toEqual({ '': [M.locked] });
    const filtered = await ops.call('GET', `/api/tms/orders?archived=true&id=${order.id}`, editor);
    expect(filtered.json().data.total).toBe(1);
    const back = await ops.call('POST', `/api/tms/orders/${order.id}/unarchive`, archivist, { version });
    expect(back.json().data).toMatchObject({ archived: false, archivedAt: null });
  });

  it('copies an order: no dates, custom fields only where "inherit on copy"', async () => {
    const groupId = await ops.world.customFieldGroup('Авто', [
      { code: 'ref', description: 'Референс', type: 'text', inheritOnCopy: true },
      { code: 'note', description: 'Заметка', type: 'text' },
    ]);
    const source = await ops.createOrder(editor, client, {
      route: route(ops.world, { from: '2025-04-01', to: '2025-04-03' }),
      customFieldGroupId: groupId,
      customFields: { ref: 'R-1', note: 'только здесь' },
      curatorIds: [editor.user.id],
    });
    const res = await ops.call('GET', `/api/tms/orders/copy/${source.id}`, editor);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json().data;
    expect(body).toMatchObject({
      clientId: client,
      customFields: { ref: 'R-1' },
      curatorIds: [editor.user.id],
    });
    expect(body.customFields.note ?? null).toBeNull();
    expect(body.route.every((p: { dateFrom: string | null }) => p.dateFrom === null)).toBe(true);
    const copy = await ops.createOrder(editor, client, body);
    expect(copy.id).not.toBe(source.id);

    const wrong = await postOrder({ customFields: { ref: 'R-2' } });
    expect(errorsOf(wrong)).toEqual({ customFieldGroupId: [MESSAGES.required] });
  });

  it('refuses unknown references and members, changing nothing', async () => {
    const before = await ops.count(orders);
    const res = await postOrder({ productId: 999999, curatorIds: [999999] });
    expect(errorsOf(res)).toEqual({ productId: [MESSAGES.invalid], 'curatorIds.0': [MESSAGES.invalid] });
    const extra = await postOrder({ financeControlStatus: 'ACCEPTED' });
    expect(extra.statusCode).toBe(400);
    expect(await ops.count(orders)).toBe(before);
    const [row] = await ops.db.select().from(orders).where(eq(orders.clientId, client)).limit(1);
    expect(row).toBeDefined();
  });
});
