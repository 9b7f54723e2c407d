import { flattenTree, MESSAGES, WORKFLOW_MESSAGES } from '@tms/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/connection';
import { createTestApp, deliverEvents, type TestContext } from '../../test/harness';
import { reportsWorld } from '../../test/reports-world';
import { type SignedIn, signIn } from '../../test/users';
import { counterparties } from '../counterparties';
import { customerRequestCustomFields, operationCustomFieldGroups } from '../custom-fields';
import { orders, products } from '../operations';
import { countries } from '../reference-data';
import { workflowDescriptions, type workflowInstances, workflowMoves } from './tables';

/**
 * Workflows (spec §3, §8; brief §3): the graph rules on save, the start, every refusal of a move, the
 * history and the news of a move, and what may not be removed while instances run.
 */
type Body = Record<string, unknown>;
let ctx: TestContext;
let designer: SignedIn;
let forwarder: SignedIn;
let clerk: SignedIn;
let watcher: SignedIn;
let clientId: number;
let productId: number;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: SignedIn, payload?: Body) =>
  ctx.app.inject({ method, url, headers: who.headers, payload });
const errorsOf = (res: { json(): { errors: Parameters<typeof flattenTree>[0] } }) =>
  flattenTree(res.json().errors);
const count = async (table: typeof workflowDescriptions | typeof workflowInstances | typeof workflowMoves) =>
  (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

let seq = 0;
/** A document check: received → checked → sent, or back from checked to received. */
function documentCheck(overrides: Body = {}): Body {
  const n = ++seq;
  return {
    name: `Проверка документов ${n}`,
    initiatorType: 'order',
    initialState: `received-${n}`,
    states: [
      { id: `received-${n}`, name: 'Документы получены', nameEn: 'Documents received' },
      { id: `checked-${n}`, name: 'Проверены', nameEn: 'Checked' },
      { id: `sent-${n}`, name: 'Отправлены клиенту', nameEn: 'Sent to the client' },
    ],
    transitions: [
      {
        id: `check-${n}`,
        source: `received-${n}`,
        target: `checked-${n}`,
        roles: ['ROLE_ORDER_EDIT_ALL'],
        conditions: [
          { field: 'cargoDescription', rule: 'filled' },
          { field: 'customFields.docs_ok', rule: 'filled' },
        ],
      },
      {
        id: `send-${n}`,
        source: `checked-${n}`,
        target: `sent-${n}`,
        roles: ['ROLE_ORDER_FINANCE_CONTROL'],
        conditions: [{ field: 'completionDate', rule: 'empty' }],
      },
      { id: `back-${n}`, source: `checked-${n}`, target: `received-${n}`, roles: ['ROLE_ORDER_EDIT_ALL'] },
    ],
    ...overrides,
  };
}
const ids = (body: Body) => ({
  states: (body.states as { id: string }[]).map((s) => s.id),
  transitions: (body.transitions as { id: string }[]).map((t) => t.id),
});

async function newOrder(values: Partial<typeof orders.$inferInsert> = {}) {
  const [row] = await ctx.database.db
    .insert(orders)
    .values({
      clientId,
      clientName: 'ООО Ромашка',
      productId,
      productName: 'Автоперевозка',
      cargo: {} as never,
      cargoDescription: 'Станки',
      forwarderId: forwarder.user.id,
      customFields: { docs_ok: 'да' },
      ...values,
    })
    .returning();
  return row!;
}

async function describeWorkflow(body: Body = documentCheck()) {
  const res = await call('POST', '/api/workflow-descriptions', designer, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; version: number } & Body;
}

async function start(descriptionId: number, orderId: number, who = forwarder) {
  return call('POST', '/api/workflow-instances', who, {
    descriptionId,
    initiatorType: 'order',
    initiatorId: orderId,
  });
}

async function started(descriptionId: number, orderId: number) {
  const res = await start(descriptionId, orderId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { instance: { id: number; version: number; stateId: string } };
}

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  designer = await signIn(ctx, ['ROLE_SETTINGS_WORKFLOW']);
  forwarder = await signIn(ctx, ['ROLE_ORDER_VIEW_ALL', 'ROLE_ORDER_EDIT_ALL', 'ROLE_COMPANY_CHAPTERS']);
  clerk = await signIn(ctx, ['ROLE_ORDER_VIEW_ALL', 'ROLE_ORDER_EDIT_ALL', 'ROLE_ORDER_FINANCE_CONTROL']);
  // Edits his own orders only: the others' are not found for him.
  watcher = await signIn(ctx, ['ROLE_ORDER_VIEW_OWN', 'ROLE_ORDER_EDIT_OWN']);
  const [ru] = await db.select().from(countries).where(eq(countries.code, 'RU'));
  const [client] = await db
    .insert(counterparties)
    .values({ name: 'ООО Ромашка', client: true, countryId: ru!.id, applicationRequired: false })
    .returning();
  clientId = client!.id;
  const [product] = await db.insert(products).values({ code: 'ROAD', name: 'Автоперевозка' }).returning();
  productId = product!.id;
  await db.insert(operationCustomFieldGroups).values({
    name: 'Документы',
    definitions: [{ code: 'docs_ok', description: 'Документы в порядке', type: 'text' }] as never,
  });
});
afterAll(() => ctx?.close());

describe('workflow descriptions', () => {
  it('offers the order’s fields to conditions, its custom fields included', async () => {
    const res = await call('GET', '/api/workflow-descriptions/initiators', designer);
    expect(res.statusCode, res.body).toBe(200);
    const initiators: { type: string }[] = res.json().data;
    expect(initiators.map((i) => i.type).sort()).toEqual(['bill', 'job', 'order', 'request']);
    const order = initiators.find((i) => i.type === 'order') as { type: string; fields: { key: string }[] };
    expect(order.fields.map((f: { key: string }) => f.key)).toEqual(
      expect.arrayContaining(['cargoDescription', 'forwarderId', 'customFields.docs_ok']),
    );
  });

  it('saves a valid graph and reads it back', async () => {
    const body = documentCheck();
    const saved = await describeWorkflow(body);
    const res = await call('GET', `/api/workflow-descriptions/${saved.id}`, designer);
    expect(res.json().data).toMatchObject({ initialState: body.initialState, states: body.states });
  });

  it.each([
    [
      'no initial state',
      (b: Body) => ({ ...b, initialState: null }),
      'initialState',
      WORKFLOW_MESSAGES.initialStateMissing,
    ],
    [
      'an unreachable state',
      (b: Body) => ({ ...b, transitions: (b.transitions as Body[]).slice(0, 1) }),
      'states.2.name',
      WORKFLOW_MESSAGES.unreachable,
    ],
    [
      'a dangling transition',
      (b: Body) => ({
        ...b,
        transitions: [
          ...(b.transitions as Body[]),
          { id: 'x', source: ids(b).states[2], target: 'nowhere', roles: ['ROLE_ADMIN'] },
        ],
      }),
      'transitions.3.target',
      WORKFLOW_MESSAGES.unknownState,
    ],
    [
      'a condition on a field orders do not have',
      (b: Body) => ({
        ...b,
        transitions: [
          { ...(b.transitions as Body[])[0], conditions: [{ field: 'customFields.nope', rule: 'filled' }] },
          ...(b.transitions as Body[]).slice(1),
        ],
      }),
      'transitions.0.conditions.0.field',
      WORKFLOW_MESSAGES.unknownField,
    ],
  ])('refuses %s under the field, writing nothing', async (_, change, path, message) => {
    const before = await count(workflowDescriptions);
    const res = await call('POST', '/api/workflow-descriptions', designer, change(documentCheck()));
    expect(res.statusCode, res.body).toBe(400);
    expect(errorsOf(res)[path]).toContain(message);
    expect(await count(workflowDescriptions)).toBe(before);
  });

  it('refuses a transition to a state of another description', async () => {
    const other = await describeWorkflow();
    const body = documentCheck();
    const foreign = ids(other).states[1];
    (body.transitions as Body[])[0]!.target = foreign;
    const res = await call('POST', '/api/workflow-descriptions', designer, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(errorsOf(res)['transitions.0.target']).toEqual([WORKFLOW_MESSAGES.foreignState]);
  });

  it('is the workflow settings’ role alone', async () => {
    expect((await call('POST', '/api/workflow-descriptions', forwarder, documentCheck())).statusCode).toBe(
      403,
    );
  });
});

describe('workflow instances', () => {
  it('starts in the initial state once per record, as a history row, for whoever may change the order', async () => {
    const body = documentCheck();
    const description = await describeWorkflow(body);
    const order = await newOrder();
    expect((await start(description.id, order.id, watcher)).statusCode).toBe(404);
    const view = await started(description.id, order.id);
    expect(view.instance.stateId).toBe(body.initialState);
    const again = await start(description.id, order.id);
    expect(again.statusCode).toBe(400);
    expect(errorsOf(again)).toEqual({ descriptionId: [WORKFLOW_MESSAGES.alreadyRunning] });
    const block = await call('GET', `/api/workflow-instances/of/order/${order.id}`, forwarder);
    expect(block.json().data.instances).toHaveLength(1);
    expect(block.json().data.instances[0].moves).toHaveLength(1);
    expect(block.json().data.startable.map((d: { id: number }) => d.id)).not.toContain(description.id);
  });

  it('refuses every move the rules do not allow, whatever was sent, and writes nothing', async () => {
    const body = documentCheck();
    const { states } = ids(body);
    const description = await describeWorkflow(body);
    const other = await describeWorkflow();
    const order = await newOrder({ cargoDescription: null, customFields: {} });
    const { instance } = await started(description.id, order.id);
    const move = (to: string, who = forwarder, version: number | undefined = instance.version) =>
      call('POST', `/api/workflow-instances/${instance.id}/move`, who, { to, version });
    const moves = await count(workflowMoves);

    // Must be filled: both unmet fields named, the custom one under customFields.
    const unfilled = await move(states[1]!);
    expect(unfilled.statusCode, unfilled.body).toBe(400);
    expect(errorsOf(unfilled)).toEqual({
      cargoDescription: [WORKFLOW_MESSAGES.mustBeFilled],
      'customFields.docs_ok': [WORKFLOW_MESSAGES.mustBeFilled],
    });
    // The block shows the same before anyone tries.
    const block = await call('GET', `/api/workflow-instances/${instance.id}/view`, forwarder);
    expect(block.json().data.options[0].unmet.map((u: { field: string }) => u.field)).toEqual([
      'cargoDescription',
      'customFields.docs_ok',
    ]);

    // A state of another description, a state no transition leads to.
    const foreign = await move(ids(other).states[1]!);
    expect(errorsOf(foreign)).toEqual({ to: [WORKFLOW_MESSAGES.foreignState] });
    const skip = await move(states[2]!);
    expect(errorsOf(skip)).toEqual({ to: [WORKFLOW_MESSAGES.noTransition] });

    await ctx.database.db
      .update(orders)
      .set({ cargoDescription: 'Станки', customFields: { docs_ok: 'да' } })
      .where(eq(orders.id, order.id));
    // Stale version.
    const stale = await move(states[1]!, forwarder, instance.version + 1);
    expect(stale.statusCode).toBe(409);
    expect(await count(workflowMoves)).toBe(moves);

    const checked = await move(states[1]!);
    expect(checked.statusCode, checked.body).toBe(200);
    const version = checked.json().data.instance.version;

    // Role: sending to the client takes finance control, which the forwarder lacks.
    const refused = await move(states[2]!, forwarder, version);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(WORKFLOW_MESSAGES.transitionRefused);

    // Must be empty: a completed order is not sent again.
    await ctx.database.db.update(orders).set({ completionDate: '2026-01-10' }).where(eq(orders.id, order.id));
    const completed = await move(states[2]!, clerk, version);
    expect(errorsOf(completed)).toEqual({ completionDate: [WORKFLOW_MESSAGES.mustBeEmpty] });

    await ctx.database.db.update(orders).set({ completionDate: null }).where(eq(orders.id, order.id));
    // A person's move names the version it is based on: in the body or as If-Match.
    const unversioned = await call('POST', `/api/workflow-instances/${instance.id}/move`, clerk, {
      to: states[2],
    });
    expect(errorsOf(unversioned)).toEqual({ version: [MESSAGES.required] });
    const withIfMatch = await ctx.app.inject({
      method: 'POST',
      url: `/api/workflow-instances/${instance.id}/move`,
      headers: { ...clerk.headers, 'if-match': `"${version}"` },
      payload: { to: states[2] },
    });
    expect(withIfMatch.statusCode, withIfMatch.body).toBe(200);
    const data = withIfMatch.json().data;
    expect(data.instance.stateId).toBe(states[2]);
    expect(data.moves.map((m: { to: { id: string } }) => m.to.id)).toEqual(states);
    expect(data.options).toEqual([]);
  });

  it('tells the order’s forwarder of a move once it committed, not the one who moved it', async () => {
    const body = documentCheck();
    const description = await describeWorkflow(body);
    const order = await newOrder();
    const { instance } = await started(description.id, order.id);
    const moved = await call('POST', `/api/workflow-instances/${instance.id}/move`, clerk, {
      to: ids(body).states[1],
      version: instance.version,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await deliverEvents(ctx.app);
    const unread = await call('GET', '/api/notifications/internal/unread', forwarder);
    const [news] = unread.json().data.collection;
    expect(news).toMatchObject({
      type: 'orderWorkflowMoved',
      links: { record: { link: `/tms/orders/${order.id}`, text: String(order.id).padStart(6, '0') } },
    });
    expect(news.content).toContain('Проверены');
  });
});

describe('what instances keep', () => {
  it('keeps instances through a renamed state, refuses removing a state or the description they hold', async () => {
    const body = documentCheck();
    const { states } = ids(body);
    const description = await describeWorkflow(body);
    const order = await newOrder();
    const { instance } = await started(description.id, order.id);

    const renamed = (body.states as Body[]).map((s, i) => (i === 0 ? { ...s, name: 'Получены' } : s));
    const rename = await call('PUT', `/api/workflow-descriptions/${description.id}`, designer, {
      states: renamed,
      version: description.version,
    });
    expect(rename.statusCode, rename.body).toBe(200);
    const view = await call('GET', `/api/workflow-instances/${instance.id}/view`, forwarder);
    expect(view.json().data.instance.state).toMatchObject({ id: states[0], name: 'Получены' });

    const removed = await call('PUT', `/api/workflow-descriptions/${description.id}`, designer, {
      initialState: states[1],
      states: renamed.slice(1),
      transitions: (body.transitions as Body[]).filter(
        (t) => t.source !== states[0] && t.target !== states[0],
      ),
      version: rename.json().data.version,
    });
    expect(removed.statusCode, removed.body).toBe(400);
    expect(errorsOf(removed).states).toEqual([WORKFLOW_MESSAGES.stateHoldsInstances]);

    const deleted = await call('DELETE', `/api/workflow-descriptions/${description.id}`, designer);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().message).toBe(WORKFLOW_MESSAGES.hasInstances);

    // The designer reads no order, so not its instance either; one who reads orders removes it.
    expect((await call('DELETE', `/api/workflow-instances/${instance.id}`, designer)).statusCode).toBe(404);
    const keeper = await signIn(ctx, ['ROLE_SETTINGS_WORKFLOW', 'ROLE_ORDER_VIEW_ALL']);
    expect((await call('DELETE', `/api/workflow-instances/${instance.id}`, keeper)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/workflow-descriptions/${description.id}`, designer)).statusCode).toBe(
      200,
    );
  });
});

describe('who sees instances', () => {
  it('lists, counts and opens only the instances of records the reader may read', async () => {
    const reader = await signIn(ctx, ['ROLE_ORDER_VIEW_OWN', 'ROLE_SETTINGS_WORKFLOW_ACCESS']);
    const description = await describeWorkflow();
    const { instance: his } = await started(
      description.id,
      (await newOrder({ forwarderId: reader.user.id })).id,
    );
    const { instance: other } = await started(description.id, (await newOrder()).id);
    const listed = async (who: SignedIn) => {
      const res = await call('GET', `/api/workflow-instances?descriptionId=${description.id}`, who);
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data as { total: number; collection: { id: number }[] };
      return { total: data.total, ids: data.collection.map((row) => row.id) };
    };
    expect(await listed(reader)).toEqual({ total: 1, ids: [his.id] });
    expect((await call('GET', `/api/workflow-instances/${his.id}`, reader)).statusCode).toBe(200);
    for (const url of [`/api/workflow-instances/${other.id}`, `/api/workflow-instances/${other.id}/view`]) {
      expect((await call('GET', url, reader)).statusCode, url).toBe(404);
    }
    const refused = await call('POST', `/api/workflow-instances/${other.id}/move`, reader, {
      to: 'anywhere',
      version: other.version,
    });
    expect(refused.statusCode).toBe(404);
    // Workflow access alone reads no record, so no instance; reading every order, every one.
    expect((await listed(designer)).total).toBe(0);
    expect(
      (await listed(await signIn(ctx, ['ROLE_SETTINGS_WORKFLOW_ACCESS', 'ROLE_ORDER_VIEW_ALL']))).total,
    ).toBe(2);
  });
});

describe('workflows beyond orders', () => {
  type Kind = 'job' | 'request' | 'bill';
  const records: Record<Kind, number> = { job: 0, request: 0, bill: 0 };
  const movers: Partial<Record<Kind, SignedIn>> = {};
  /** A field of the record and, where the kind has them, a custom field; both must be filled to move. */
  const conditions: Record<Kind, { field: string; rule: 'filled' }[]> = {
    job: [
      { field: 'costAmount', rule: 'filled' },
      { field: 'customFields.docs_ok', rule: 'filled' },
    ],
    request: [
      { field: 'executionComment', rule: 'filled' },
      { field: 'customFields.req_ok', rule: 'filled' },
    ],
    bill: [{ field: 'comment', rule: 'filled' }],
  };
  const editRole: Record<Kind, string> = {
    job: 'ROLE_JOB_EDIT_ALL',
    request: 'ROLE_REQUEST_CREATE',
    bill: 'ROLE_BILL_EDIT_ALL',
  };

  beforeAll(async () => {
    const w = await reportsWorld(ctx);
    const client = await w.counterparty('Клиент процессов');
    const carrier = await w.counterparty('Перевозчик процессов', false);
    const order = await w.order({ clientId: client });
    records.job = await w.job(order, carrier);
    records.bill = (
      await w.bill({ orderIds: [order], counterpartyId: client, amount: '100.00', date: '2026-03-02' })
    ).id;
    const [request] = await rowsOf<{ id: number }>(
      ctx.database.db,
      sql`INSERT INTO customer_requests (client_id, client_name, cargo, transport_types)
        VALUES (${client}, 'Клиент процессов', '{}'::jsonb, '[]'::jsonb) RETURNING id`,
    );
    records.request = request!.id;
    await ctx.database.db
      .insert(customerRequestCustomFields)
      .values({ code: 'req_ok', description: 'Запрос проверен', type: 'text' });
    movers.job = await signIn(ctx, ['ROLE_JOB_VIEW_ALL', 'ROLE_JOB_EDIT_ALL']);
    movers.request = await signIn(ctx, ['ROLE_REQUEST_VIEW_ALL', 'ROLE_REQUEST_CREATE']);
    movers.bill = await signIn(ctx, ['ROLE_BILL_VIEW_ALL', 'ROLE_BILL_EDIT_ALL']);
  });

  for (const kind of ['job', 'request', 'bill'] as const) {
    it(`runs on a ${kind}: roles and the ${kind}'s field conditions guard a move`, async () => {
      const body = documentCheck({ initiatorType: kind });
      const transitions = body.transitions as Body[];
      transitions[0] = { ...transitions[0], roles: [editRole[kind]], conditions: conditions[kind] };
      transitions[1] = { ...transitions[1], conditions: [] };
      const { id } = await describeWorkflow(body);
      const mover = movers[kind]!;
      const res = await call('POST', '/api/workflow-instances', mover, {
        descriptionId: id,
        initiatorType: kind,
        initiatorId: records[kind],
      });
      expect(res.statusCode, res.body).toBe(200);
      const { instance } = res.json().data as { instance: { id: number; version: number } };
      const to = ids(body).states[1];
      const url = `/api/workflow-instances/${instance.id}/move`;
      expect((await call('POST', url, clerk, { to, version: instance.version })).statusCode).toBe(404);
      const unmet = await call('POST', url, mover, { to, version: instance.version });
      expect(unmet.statusCode, unmet.body).toBe(400);
      const expected = Object.fromEntries(
        conditions[kind].map(({ field }) => [field, [WORKFLOW_MESSAGES.mustBeFilled]]),
      );
      expect(errorsOf(unmet)).toEqual(expected);
      await ctx.database.db.execute(
        sql.raw(
          kind === 'job'
            ? `UPDATE jobs SET cost_amount = 10, custom_fields = '{"docs_ok":"да"}' WHERE id = ${records.job}`
            : kind === 'request'
              ? `UPDATE customer_requests SET execution_comment = 'Готово', custom_fields = '{"req_ok":"да"}' WHERE id = ${records.request}`
              : `UPDATE bills SET comment = 'Согласован' WHERE id = ${records.bill}`,
        ),
      );
      const moved = await call('POST', url, mover, { to, version: instance.version });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json().data.record.link).toContain(String(records[kind]));
    });
  }

  it('refuses a condition on a field the kind of record does not have', async () => {
    const body = documentCheck({ initiatorType: 'bill' });
    const res = await call('POST', '/api/workflow-descriptions', designer, body);
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)['transitions.0.conditions.0.field']).toEqual([WORKFLOW_MESSAGES.unknownField]);
  });
});
