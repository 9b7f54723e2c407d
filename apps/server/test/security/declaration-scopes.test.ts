import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customsPoints } from '../../src/modules/customs/tables';
import { createTestApp, type TestContext } from '../../src/test/harness';
import {
  caller as callerOf,
  createOrder,
  type Entity,
  type OperationsWorld,
  operationsWorld,
} from '../../src/test/operations-world';
import { type SignedIn, signIn } from '../../src/test/users';

/**
 * Object-level scopes of customs declarations (issue 33, docs/customs.md "Who does what"): with
 * `ROLE_CUSTOMS_DECLARATION_VIEW_OFFICE` a reader reaches the DTs of his office's orders, with `_OWN` those
 * he declares or is the customs specialist of. A DT just outside is never in the list, a search, a filter or
 * the export, and every route under `/api/tms/customs/:id` (the page, its history, edit, delete, every
 * message of the authority, the acceptance) answers 404 for it, changing nothing. The routes come from the
 * route table, so a route added later is covered.
 */

type Body = Record<string, unknown>;

/** The declaration roles beside the view scope: the caller lacks nothing but the reach. */
const WORK = [
  'ROLE_CUSTOMS_DECLARATION_EDIT',
  'ROLE_CUSTOMS_DECLARATION_STATUS',
  'ROLE_ORDER_DECLARANT_ACCEPTANCE',
  'ROLE_ORDER_CUSTOMS_SPECIALIST_ACCEPTANCE',
  'ROLE_ORDER_CUSTOMS_SPECIALIST_CHANGE',
];

describe('object-level scopes of customs declarations', () => {
  let ctx: TestContext;
  let world: OperationsWorld;
  let admin: SignedIn;
  let call: ReturnType<typeof callerOf>;
  let client: number;
  let point: number;
  let serial = 0;

  beforeAll(async () => {
    ctx = await createTestApp();
    call = callerOf(ctx);
    world = await operationsWorld(ctx);
    admin = await signIn(ctx, [
      'ROLE_COUNTERPARTY_VIEW_ALL',
      'ROLE_ORDER_VIEW_ALL',
      'ROLE_ORDER_EDIT_ALL',
      'ROLE_CUSTOMS_DECLARATION_VIEW_ALL',
      ...WORK,
    ]);
    client = await world.counterparty({ name: 'ООО Таможенный секрет' });
    const [row] = await ctx.database.db
      .insert(customsPoints)
      .values({ code: '10702030', name: 'т/п Морской порт Владивосток', countryId: world.ru })
      .returning();
    point = row!.id;
  });
  afterAll(() => ctx?.close());

  /** A registered DT of a new order of `office`, with its people. */
  async function declaration(office: number, people: Body = {}): Promise<Entity> {
    const order = await createOrder(ctx, world, admin, client, { serviceOfficeId: office });
    const created = await call('POST', '/api/tms/customs', admin, {
      orderId: order.id,
      direction: 'IM',
      procedureCode: '40',
      customsPointId: point,
      declarantId: admin.user.id,
      items: [{ tnvedCode: '8517130000', description: 'Смартфоны' }],
      ...people,
    });
    expect(created.statusCode, created.body).toBe(201);
    let dt = created.json().data as Entity;
    for (const [move, body] of [
      ['submit', {}],
      ['register', { number: `10702030/070219/${String(++serial).padStart(7, '0')}` }],
    ] as const) {
      const res = await call('POST', `/api/tms/customs/${dt.id}/${move}`, admin, {
        version: dt.version,
        ...body,
      });
      expect(res.statusCode, res.body).toBe(200);
      dt = res.json().data;
    }
    return dt;
  }

  /** The DT numbers of the export of `query` as `who` reads it. */
  async function exported(who: SignedIn, query: string): Promise<string[]> {
    const res = await call('GET', `/api/tms/customs/export?${query}&columns=number`, who);
    expect(res.statusCode, res.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const numbers: string[] = [];
    book.worksheets[0]!.eachRow((row, index) => {
      if (index > 1) numbers.push(String(row.getCell(1).value));
    });
    return numbers;
  }

  /** A body each route accepts, so that only the reach can refuse it. */
  function bodyFor(method: string, url: string, version: number): Body | undefined {
    if (method === 'GET' || method === 'DELETE') return undefined;
    if (url.endsWith('/register')) return { version, number: '10702030/070219/9999999' };
    if (url.endsWith('/start-control')) return { version, controlKind: 'CHECK' };
    if (url.endsWith('/accept')) return { version, as: 'declarant' };
    if (url.endsWith('/:id')) return { version, comment: 'чужая' };
    return { version };
  }

  /** `caller` reaches every DT of `inside` and none of `outside`, by any door. */
  async function expectOutOfReach(caller: SignedIn, inside: Entity[], outside: Entity[]) {
    const wrong: string[] = [];
    const ids = (res: { json(): { data: { collection: Entity[] } } }) =>
      res.json().data.collection.map((d) => d.id);
    const list = ids(await call('GET', '/api/tms/customs?itemsPerPage=10000', caller));
    for (const dt of inside) if (!list.includes(dt.id)) wrong.push(`the list misses inside DT ${dt.number}`);
    const everything = await exported(caller, '');
    for (const dt of inside)
      if (!everything.includes(String(dt.number))) wrong.push(`the export misses ${dt.number}`);
    const routes = ctx.app.routeTable.filter(
      (r) => !r.public && !r.websocket && r.url.startsWith('/api/tms/customs/:id'),
    );
    // Guards the guard: the page, the edit, the authority's messages and the acceptance are among those tried.
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        'GET /api/tms/customs/:id',
        'PUT /api/tms/customs/:id',
        'DELETE /api/tms/customs/:id',
        'POST /api/tms/customs/:id/release',
        'POST /api/tms/customs/:id/accept',
      ]),
    );
    for (const dt of outside) {
      if (list.includes(dt.id)) wrong.push(`list has ${dt.number}`);
      if (everything.includes(String(dt.number))) wrong.push(`export has ${dt.number}`);
      for (const query of [
        `search=${encodeURIComponent(String(dt.number))}`,
        `search=${encodeURIComponent('Таможенный секрет')}`,
        `orderId=${dt.orderId}`,
        `customsPointId=${point}&status=REGISTERED`,
      ]) {
        if (ids(await call('GET', `/api/tms/customs?${query}`, caller)).includes(dt.id))
          wrong.push(`list?${query} has ${dt.number}`);
        if ((await exported(caller, query)).includes(String(dt.number)))
          wrong.push(`export?${query} has ${dt.number}`);
      }
      const before = (await call('GET', `/api/tms/customs/${dt.id}`, admin)).json().data;
      for (const route of routes) {
        const res = await call(
          route.method as 'GET',
          route.url.replace(':id', String(dt.id)),
          caller,
          bodyFor(route.method, route.url, before.version),
        );
        if (res.statusCode !== 404)
          wrong.push(`${route.method} ${route.url} → ${res.statusCode} ${res.body}`);
      }
      expect((await call('GET', `/api/tms/customs/${dt.id}`, admin)).json().data).toEqual(before);
    }
    expect(wrong).toEqual([]);
  }

  it('office: the DTs of orders of my office, not those of another office', async () => {
    const caller = await signIn(ctx, ['ROLE_CUSTOMS_DECLARATION_VIEW_OFFICE', ...WORK], {
      serviceOfficeId: world.mow,
    });
    const mine = await declaration(world.mow);
    const theirs = await declaration(world.msq);
    await expectOutOfReach(caller, [mine], [theirs]);
  });

  it('own: the DTs I declare or am the customs specialist of, not a colleague’s of my office', async () => {
    const caller = await signIn(ctx, ['ROLE_CUSTOMS_DECLARATION_VIEW_OWN', ...WORK], {
      serviceOfficeId: world.mow,
    });
    const colleague = await signIn(ctx, [], { serviceOfficeId: world.mow });
    const declared = await declaration(world.msq, { declarantId: caller.user.id });
    const specialist = await declaration(world.msq, {
      declarantId: colleague.user.id,
      customsSpecialistId: caller.user.id,
    });
    const colleagues = await declaration(world.mow, {
      declarantId: colleague.user.id,
      customsSpecialistId: colleague.user.id,
    });
    await expectOutOfReach(caller, [declared, specialist], [colleagues]);
  });

  it('all: every DT; the customs office’s work roles without a view scope too; no declaration role: 403', async () => {
    const dt = await declaration(world.msq);
    for (const roles of [['ROLE_CUSTOMS_DECLARATION_VIEW_ALL'], ['ROLE_CUSTOMS_DECLARATION_STATUS']]) {
      const reader = await signIn(ctx, roles, { serviceOfficeId: world.mow });
      expect((await call('GET', `/api/tms/customs/${dt.id}`, reader)).statusCode).toBe(200);
    }
    const none = await signIn(ctx, ['ROLE_ORDER_VIEW_ALL'], { serviceOfficeId: world.msq });
    expect((await call('GET', '/api/tms/customs', none)).statusCode).toBe(403);
    expect((await call('GET', `/api/tms/customs/${dt.id}`, none)).statusCode).toBe(403);
  });
});
