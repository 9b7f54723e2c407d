import {
  WAREHOUSE_ACCOUNTING_MESSAGES as M,
  MESSAGES,
  WAREHOUSE_EVENTS_TOPIC,
  WAREHOUSE_MESSAGES,
  warehouseResource,
} from '@tms/domain';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { deliverEvents } from '../../test/harness';
import { daysFromToday, EDIT_ALL, errorsOf, setUpOperations } from '../../test/operations-world';
import { describeResource } from '../../test/resource-suite';
import { type SignedIn, signIn, socketUrl } from '../../test/users';
import { warehouseEvents, warehouseMovements } from './tables';

let code = 0;

describeResource({
  descriptor: warehouseResource,
  validCreate: () => ({
    code: `WH-${++code}`,
    name: `Склад Подольск ${code}`,
    nameEn: `Podolsk warehouse ${code}`,
    ownership: 'own',
    address: 'Подольск, ул. Складская, 5',
    wmsSystem: 'Solvo.WMS',
    wmsUrl: 'https://wms.example.com/api',
  }),
  update: { name: 'Склад Химки', wmsSystem: '1С:WMS', address: 'Химки, Ленинградское ш., 1' },
  invalidCreate: {
    body: { code: 'a b', name: '', ownership: 'rented', address: '', wmsUrl: 'ftp://wms' },
    errorPaths: ['code', 'name', 'ownership', 'address', 'wmsUrl'],
  },
  unique: ['code'],
  search: 'podolsk',
});

const ops = setUpOperations();
let keeper: SignedIn;
let manager: SignedIn;
let client: number;
let own: number;
let partner: number;

const ACCOUNTING = '/api/warehouse/accounting';

beforeAll(async () => {
  // Warehouse staff pick the orders and partners they work for.
  keeper = await signIn(ops.ctx, [
    'ROLE_WAREHOUSE_ACCOUNTING_EDIT',
    'ROLE_WAREHOUSE_EVENTS',
    'ROLE_ORDER_VIEW_ALL',
    'ROLE_COUNTERPARTY_VIEW_ALL',
  ]);
  manager = await signIn(ops.ctx, [...EDIT_ALL, 'ROLE_ORDER_ARCHIVE', 'ROLE_STAGE_MANAGE_ALL']);
  client = await ops.world.counterparty();
  const operator = await ops.world.counterparty();
  const created = async (body: Record<string, unknown>) => {
    const res = await ops.call('POST', '/api/warehouse/warehouses', keeper, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as number;
  };
  own = await created({ code: 'OWN', name: 'Свой склад', ownership: 'own', address: 'Москва, Складская 1' });
  partner = await created({
    code: 'PARTNER',
    name: 'Склад партнёра',
    ownership: 'partner',
    operatorId: operator,
    address: 'Брест, Московская 300',
  });
});

const move = (body: Record<string, unknown>, who = keeper) => ops.call('POST', ACCOUNTING, who, body);

async function moved(body: Record<string, unknown>) {
  const res = await move(body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; version: number; places: number };
}

async function balances(query: string) {
  const res = await ops.call('GET', `/api/warehouse/balances?${query}`, keeper);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.balances as {
    warehouseId: number;
    orderId: number;
    places: number;
    weight: number;
  }[];
}

describe('warehouses', () => {
  it("refuse a partner's warehouse without the partner running it", async () => {
    const res = await ops.call('POST', '/api/warehouse/warehouses', keeper, {
      code: 'NOPARTNER',
      name: 'Чей-то склад',
      ownership: 'partner',
      address: 'Минск',
    });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual({ operatorId: [WAREHOUSE_MESSAGES.operatorRequired] });
  });
});

describe('warehouse accounting', () => {
  it('receives and releases places, with the balance per order and per warehouse at any day', async () => {
    const order = await ops.createOrder(manager, client);
    const base = { orderId: order.id, warehouseId: own };
    await moved({
      ...base,
      kind: 'receipt',
      movedOn: daysFromToday(-10),
      places: 10,
      weight: 1200.5,
      volume: 8,
      marks: 'A1-A10',
    });
    await moved({ ...base, kind: 'receipt', movedOn: daysFromToday(-8), places: 5, weight: 300 });
    await moved({ ...base, kind: 'release', movedOn: daysFromToday(-5), places: 12, weight: 1000 });
    expect(await balances(`orderId=${order.id}&on=${daysFromToday(-11)}`)).toEqual([]);
    expect(await balances(`orderId=${order.id}&on=${daysFromToday(-9)}`)).toEqual([
      { warehouseId: own, orderId: order.id, places: 10, weight: 1200.5, volume: 8 },
    ]);
    expect(await balances(`orderId=${order.id}&on=${daysFromToday(-6)}`)).toMatchObject([{ places: 15 }]);
    expect(await balances(`orderId=${order.id}`)).toEqual([
      { warehouseId: own, orderId: order.id, places: 3, weight: 500.5, volume: 8 },
    ]);
    expect((await balances(`warehouseId=${own}`)).find((b) => b.orderId === order.id)?.places).toBe(3);

    const page = await ops.call('GET', `/api/tms/orders/${order.id}/warehouse-accounting`, keeper);
    expect(page.statusCode, page.body).toBe(200);
    const data = page.json().data;
    expect(data.movements.map((m: { kind: string; places: number }) => [m.kind, m.places])).toEqual([
      ['receipt', 10],
      ['receipt', 5],
      ['release', 12],
    ]);
    expect(data.movements[0]).toMatchObject({ clientName: order.clientName, createdById: keeper.user.id });
    expect(data.balances).toMatchObject([{ warehouseId: own, places: 3 }]);
    expect(data.warehouseNames[String(own)]).toEqual({ name: 'Свой склад', nameEn: null });
  });

  it('refuses impossible quantities with field errors and writes nothing', async () => {
    const order = await ops.createOrder(manager, client);
    const before = [await ops.count(warehouseMovements), await ops.count(warehouseEvents)];
    const res = await move({
      orderId: order.id,
      warehouseId: own,
      kind: 'receipt',
      movedOn: daysFromToday(0),
      places: -2,
      weight: -1,
      volume: 1e9,
    });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual({
      places: [MESSAGES.tooSmall],
      weight: [MESSAGES.tooSmall],
      volume: [MESSAGES.tooBig],
    });
    const fractional = await move({
      orderId: order.id,
      warehouseId: own,
      kind: 'receipt',
      movedOn: daysFromToday(0),
      places: 1.5,
    });
    expect(Object.keys(errorsOf(fractional))).toEqual(['places']);
    const damaged = await move({
      orderId: order.id,
      warehouseId: own,
      kind: 'receipt',
      movedOn: daysFromToday(0),
      places: 1,
      damaged: true,
    });
    expect(errorsOf(damaged)).toEqual({ damageNote: [M.damageNoteRequired] });
    expect([await ops.count(warehouseMovements), await ops.count(warehouseEvents)]).toEqual(before);
  });

  it('refuses a release of more places than received, on its day and at its warehouse', async () => {
    const order = await ops.createOrder(manager, client);
    const base = { orderId: order.id, warehouseId: own };
    await moved({ ...base, kind: 'receipt', movedOn: daysFromToday(-3), places: 4 });
    const before = [await ops.count(warehouseMovements), await ops.count(warehouseEvents)];
    const tooMany = await move({ ...base, kind: 'release', movedOn: daysFromToday(0), places: 5 });
    expect(tooMany.statusCode).toBe(400);
    expect(errorsOf(tooMany)).toEqual({ places: [M.overRelease] });
    // The places are at the other warehouse, or not yet received on the release's day.
    const elsewhere = await move({
      ...base,
      warehouseId: partner,
      kind: 'release',
      movedOn: daysFromToday(0),
      places: 1,
    });
    expect(errorsOf(elsewhere)).toEqual({ places: [M.overRelease] });
    const tooEarly = await move({ ...base, kind: 'release', movedOn: daysFromToday(-4), places: 1 });
    expect(errorsOf(tooEarly)).toEqual({ places: [M.overRelease] });
    expect([await ops.count(warehouseMovements), await ops.count(warehouseEvents)]).toEqual(before);
    // All four the same day as received: receipts count before releases.
    await moved({ ...base, kind: 'release', movedOn: daysFromToday(-3), places: 4 });
    expect(await balances(`orderId=${order.id}`)).toEqual([]);
  });

  it('refuses a correction or delete of a receipt that a later release needs', async () => {
    const order = await ops.createOrder(manager, client);
    const base = { orderId: order.id, warehouseId: own };
    const receipt = await moved({ ...base, kind: 'receipt', movedOn: daysFromToday(-3), places: 6 });
    await moved({ ...base, kind: 'release', movedOn: daysFromToday(-1), places: 5 });
    const smaller = await ops.call('PATCH', `${ACCOUNTING}/${receipt.id}`, keeper, {
      places: 4,
      version: receipt.version,
    });
    expect(errorsOf(smaller)).toEqual({ places: [M.overReleaseLater] });
    const later = await ops.call('PATCH', `${ACCOUNTING}/${receipt.id}`, keeper, {
      movedOn: daysFromToday(0),
      version: receipt.version,
    });
    expect(errorsOf(later)).toEqual({ places: [M.overReleaseLater] });
    const removed = await ops.call('DELETE', `${ACCOUNTING}/${receipt.id}`, keeper);
    expect(removed.statusCode).toBe(400);
    expect(errorsOf(removed)).toEqual({ '': [M.overReleaseLater] });
    const fine = await ops.call('PATCH', `${ACCOUNTING}/${receipt.id}`, keeper, {
      places: 5,
      version: receipt.version,
    });
    expect(fine.statusCode, fine.body).toBe(200);
    expect(await balances(`orderId=${order.id}`)).toEqual([]);
  });

  it('is read and written by the warehouse roles only', async () => {
    const order = await ops.createOrder(manager, client);
    const outsider = await signIn(ops.ctx, EDIT_ALL);
    const reader = await signIn(ops.ctx, ['ROLE_WAREHOUSE_ACCOUNTING_VIEW']);
    const body = {
      orderId: order.id,
      warehouseId: own,
      kind: 'receipt',
      movedOn: daysFromToday(0),
      places: 1,
    };
    expect((await move(body, outsider)).statusCode).toBe(403);
    expect((await move(body, reader)).statusCode).toBe(403);
    expect((await ops.call('GET', ACCOUNTING, outsider)).statusCode).toBe(403);
    expect((await ops.call('GET', ACCOUNTING, reader)).statusCode).toBe(200);
    expect(
      (await ops.call('GET', `/api/tms/orders/${order.id}/warehouse-accounting`, outsider)).statusCode,
    ).toBe(403);
    expect((await ops.call('GET', '/api/tms/orders/999999/warehouse-accounting', reader)).statusCode).toBe(
      404,
    );
  });

  it('keeps an order with goods in a warehouse out of the archive until they are released', async () => {
    const order = await ops.createOrder(manager, client);
    const path = `/api/tms/orders/${order.id}`;
    const stage = await ops.addStage(manager, path, []);
    expect((await ops.closeStage(manager, path, stage, daysFromToday(-60))).statusCode).toBe(200);
    const base = { orderId: order.id, warehouseId: partner };
    await moved({ ...base, kind: 'receipt', movedOn: daysFromToday(-50), places: 2 });
    const blockers = await ops.call('GET', `${path}/archive-blockers`, manager);
    expect(blockers.json().data).toContain('inWarehouse');
    // The archiver as it runs on its schedule, known to this module by name only.
    const archiver = ops.ctx.app.registries.jobs.find((job) => job.name === 'operations-archiver')!;
    const archived = async () => (await ops.call('GET', path, manager)).json().data.archived as boolean;
    await ops.runJob(archiver);
    expect(await archived()).toBe(false);
    await moved({ ...base, kind: 'release', movedOn: daysFromToday(-40), places: 2 });
    expect((await ops.call('GET', `${path}/archive-blockers`, manager)).json().data).not.toContain(
      'inWarehouse',
    );
    await ops.runJob(archiver);
    expect(await archived()).toBe(true);
  });
});

describe('warehouse events', () => {
  it('tell what happened, when and by whom, listed and live on the events topic', async () => {
    const order = await ops.createOrder(manager, client);
    const watcher = await signIn(ops.ctx, ['ROLE_WAREHOUSE_EVENTS']);
    const socket: WebSocket = await ops.ctx.app.injectWS(await socketUrl(ops.ctx.app, watcher.token));
    const messages: Record<string, unknown>[] = [];
    const arrived = new Promise<void>((resolve) => {
      socket.on('message', (data) => {
        messages.push(JSON.parse(String(data)));
        if (messages.length === 3) resolve();
      });
    });
    socket.send(JSON.stringify({ type: 'subscribe', topics: [WAREHOUSE_EVENTS_TOPIC] }));
    try {
      const receipt = await moved({
        orderId: order.id,
        warehouseId: own,
        kind: 'receipt',
        movedOn: daysFromToday(0),
        places: 3,
        marks: 'К-1..К-3',
        damaged: true,
        damageNote: 'Порвана плёнка на К-2',
      });
      await deliverEvents(ops.ctx.app);
      await arrived;
      expect(messages[0]).toMatchObject({ topics: [WAREHOUSE_EVENTS_TOPIC] });
      expect(messages.slice(1).map((m) => (m.payload as { kind: string }).kind)).toEqual([
        'received',
        'damaged',
      ]);
      const list = await ops.call(
        'GET',
        `/api/warehouse/events?orderId=${order.id}&sort=occurredAt&order=asc`,
        watcher,
      );
      expect(list.statusCode, list.body).toBe(200);
      expect(
        list
          .json()
          .data.collection.map((e: Record<string, unknown>) => [e.kind, e.places, e.details, e.userId]),
      ).toEqual([
        ['received', 3, 'К-1..К-3; Порвана плёнка на К-2', keeper.user.id],
        ['damaged', 3, 'Порвана плёнка на К-2', keeper.user.id],
      ]);
      expect(receipt.places).toBe(3);
      const outsider = await signIn(ops.ctx, EDIT_ALL);
      expect((await ops.call('GET', '/api/warehouse/events', outsider)).statusCode).toBe(403);
    } finally {
      socket.terminate();
    }
  });
});

describe('warehouse balances (property)', () => {
  it('equal the receipts less the releases accepted, and a refused release changes nothing', async () => {
    const step = fc.record({
      kind: fc.constantFrom('receipt', 'release'),
      day: fc.integer({ min: -20, max: 0 }),
      places: fc.integer({ min: 1, max: 9 }),
      atPartner: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        const order = await ops.createOrder(manager, client);
        const accepted: typeof steps = [];
        for (const s of steps) {
          const warehouseId = s.atPartner ? partner : own;
          const res = await move({
            orderId: order.id,
            warehouseId,
            kind: s.kind,
            movedOn: daysFromToday(s.day),
            places: s.places,
          });
          // The model: accepted unless some day's balance at that warehouse would go below zero.
          const trial = [...accepted, s].filter((a) => a.atPartner === s.atPartner);
          const byDay = [...new Set(trial.map((a) => a.day))].sort((a, b) => a - b);
          let held = 0;
          let short = false;
          for (const day of byDay) {
            for (const a of trial.filter((t) => t.day === day))
              held += a.kind === 'receipt' ? a.places : -a.places;
            if (held < 0) short = true;
          }
          expect(res.statusCode, res.body).toBe(short ? 400 : 201);
          if (!short) accepted.push(s);
        }
        for (const on of [-20, -10, -5, 0]) {
          const got = await balances(`orderId=${order.id}&on=${daysFromToday(on)}`);
          for (const atPartner of [false, true]) {
            const expected = accepted
              .filter((a) => a.atPartner === atPartner && a.day <= on)
              .reduce((sum, a) => sum + (a.kind === 'receipt' ? a.places : -a.places), 0);
            const row = got.find((b) => b.warehouseId === (atPartner ? partner : own));
            expect(row?.places ?? 0).toBe(expected);
            expect(expected).toBeGreaterThanOrEqual(0);
          }
        }
      }),
      { numRuns: 12, seed: 34 },
    );
  });
});
