import {
  APPLICATION_FILE_TAG,
  ROLE_JOB_EDIT_ALL,
  ROLE_JOB_VIEW_ALL,
  ROLE_ORDER_EDIT_ALL,
  ROLE_ORDER_VIEW_ALL,
  ROLE_STAGE_MANAGE_ALL,
} from '@tms/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, fileTags } from '../../platform/files/tables';
import { createTestApp, type TestContext } from '../../test/harness';
import { type SignedIn, signIn } from '../../test/users';
import { operationCustomFieldGroups } from '../custom-fields/tables';
import { fileTagTypes } from '../settings/tables';
import { operationsArchiverJob, runArchiver } from './archiver';
import { today } from './stages';
import { orders } from './tables';
import {
  caller,
  createJob,
  createOrder,
  type Entity,
  type OperationsWorld,
  operationsWorld,
} from './test-fixtures';

let ctx: TestContext;
let world: OperationsWorld;
let manager: SignedIn;
let client: number;
let call: ReturnType<typeof caller>;

/** The day the archiver runs: well past the default 30 days after today's closed stages. */
const LATER = (() => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + 40);
  return today(d);
})();

async function stage(path: string, behaviours: string[] = [], closed = true): Promise<Entity> {
  const stageTypeId = await world.stageType(behaviours[0] ?? 'STEP', behaviours);
  const created = await call('POST', `${path}/stages`, manager, { stageTypeId });
  expect(created.statusCode, created.body).toBe(201);
  if (!closed) return created.json().data;
  const res = await call('POST', `${path}/stages/${created.json().data.id}/close`, manager, {
    version: created.json().data.version,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** An order with one closed stage: everything the archiver needs, unless a test takes something away. */
async function doneOrder(body: Record<string, unknown> = {}, clientId = client): Promise<Entity> {
  const order = await createOrder(ctx, world, manager, clientId, body);
  await stage(`/api/tms/orders/${order.id}`);
  return order;
}

const archived = async (id: number) =>
  (await ctx.database.db.select().from(orders).where(eq(orders.id, id)))[0]!.archived;
const blockers = async (id: number) =>
  (await call('GET', `/api/tms/orders/${id}/archive-blockers`, manager)).json().data;

beforeAll(async () => {
  ctx = await createTestApp();
  call = caller(ctx);
  world = await operationsWorld(ctx);
  manager = await signIn(ctx, [
    ROLE_ORDER_VIEW_ALL,
    ROLE_ORDER_EDIT_ALL,
    ROLE_JOB_VIEW_ALL,
    ROLE_JOB_EDIT_ALL,
    ROLE_STAGE_MANAGE_ALL,
  ]);
  client = await world.counterparty();
});
afterAll(() => ctx?.close());

describe('the archiver', () => {
  it('archives an order meeting every condition, once', async () => {
    const order = await doneOrder();
    expect(await blockers(order.id)).toEqual(['tooRecent']);
    const first = await runArchiver(ctx.database.db, LATER);
    expect(first.orders).toContain(order.id);
    expect(await archived(order.id)).toBe(true);
    const history = (await call('GET', `/api/tms/orders/${order.id}/history`, manager)).json().data
      .collection;
    expect(history.filter((e: { action: string }) => e.action === 'archive')).toHaveLength(1);
    const second = await runArchiver(ctx.database.db, LATER);
    expect(second.orders).not.toContain(order.id);
  });

  it('leaves an order without stages', async () => {
    const order = await createOrder(ctx, world, manager, client);
    await runArchiver(ctx.database.db, LATER);
    expect(await archived(order.id)).toBe(false);
    expect(await blockers(order.id)).toContain('noStages');
  });

  it('leaves an order with an open stage, but not for a stage with IGNORE_ARCHIVER', async () => {
    const open = await doneOrder();
    await stage(`/api/tms/orders/${open.id}`, [], false);
    const ignored = await doneOrder();
    await stage(`/api/tms/orders/${ignored.id}`, ['IGNORE_ARCHIVER'], false);
    await runArchiver(ctx.database.db, LATER);
    expect(await archived(open.id)).toBe(false);
    expect(await archived(ignored.id)).toBe(true);
  });

  it('leaves an order until the configured time has passed', async () => {
    const order = await doneOrder();
    await runArchiver(ctx.database.db, today());
    expect(await archived(order.id)).toBe(false);
  });

  it('leaves an order whose cargo is in a warehouse', async () => {
    const order = await createOrder(ctx, world, manager, client);
    await stage(`/api/tms/orders/${order.id}`, ['WAREHOUSE_IN']);
    await runArchiver(ctx.database.db, LATER);
    expect(await archived(order.id)).toBe(false);
    expect(await blockers(order.id)).toContain('inWarehouse');
  });

  it('leaves an order whose client requires an application until a file tagged APPLICATION is attached', async () => {
    const strict = await world.counterparty({ applicationRequired: true });
    const order = await doneOrder({}, strict);
    await runArchiver(ctx.database.db, LATER);
    expect(await archived(order.id)).toBe(false);
    const attach = async (name: string) => {
      const [file] = await ctx.database.db
        .insert(files)
        .values({
          storageKey: `test-${order.id}-${name}`,
          description: name,
          mimeType: 'application/pdf',
          size: 10,
          sha256: 'x',
          temporary: false,
          ownerType: 'order',
          ownerId: order.id,
        })
        .returning();
      return file!.id;
    };
    // Any other file does not count.
    await attach('CMR.pdf');
    await runArchiver(ctx.database.db, LATER);
    expect(await archived(order.id)).toBe(false);
    expect(await blockers(order.id)).toContain('applicationMissing');

    const [application] = await ctx.database.db
      .select()
      .from(fileTagTypes)
      .where(eq(fileTagTypes.code, APPLICATION_FILE_TAG));
    await ctx.database.db
      .insert(fileTags)
      .values({ fileId: await attach('Заявка.pdf'), tagTypeId: application!.id });
    await runArchiver(ctx.database.db, LATER);
    expect(await archived(order.id)).toBe(true);
  });

  it('archives the jobs first and leaves an order waiting for a job that cannot go', async () => {
    const order = await doneOrder();
    const done = await createJob(ctx, world, manager, [order.id]);
    await stage(`/api/tms/jobs/${done.id}`);
    const busy = await createJob(ctx, world, manager, [order.id]);
    await stage(`/api/tms/jobs/${busy.id}`, [], false);
    const run = await runArchiver(ctx.database.db, LATER);
    expect(run.jobs).toContain(done.id);
    expect(run.jobs).not.toContain(busy.id);
    expect(await archived(order.id)).toBe(false);
    expect(await blockers(order.id)).toContain('waitingForJobs');

    // Once the last job can go, the order follows it in the same run.
    const [open] = (await call('GET', `/api/tms/jobs/${busy.id}/stages`, manager)).json().data.collection;
    await call('POST', `/api/tms/jobs/${busy.id}/stages/${open.id}/close`, manager, {
      version: open.version,
    });
    const next = await runArchiver(ctx.database.db, LATER);
    expect(next).toMatchObject({ jobs: [busy.id], orders: [order.id] });
  });

  it('leaves operations with empty required or archive-blocking custom fields', async () => {
    const [group] = await ctx.database.db
      .insert(operationCustomFieldGroups)
      .values({
        name: 'Архив',
        definitions: [
          { code: 'act', description: 'Акт', type: 'text' },
          { code: 'cmr', description: 'CMR', type: 'text', blockArchiveIfEmpty: true },
        ] as never,
      })
      .returning();
    const blocked = await doneOrder({ customFieldGroupId: group!.id, customFields: { act: 'A-1' } });
    const filled = await doneOrder({
      customFieldGroupId: group!.id,
      customFields: { act: 'A-2', cmr: 'C-2' },
    });
    // A field made required after the order was saved.
    const required = await doneOrder({ customFieldGroupId: group!.id, customFields: { cmr: 'C-3' } });
    await ctx.database.db
      .update(operationCustomFieldGroups)
      .set({
        definitions: [
          { code: 'act', description: 'Акт', type: 'text', required: true },
          { code: 'cmr', description: 'CMR', type: 'text', blockArchiveIfEmpty: true },
        ] as never,
      })
      .where(eq(operationCustomFieldGroups.id, group!.id));
    await runArchiver(ctx.database.db, LATER);
    expect(await archived(blocked.id)).toBe(false);
    expect(await blockers(blocked.id)).toContain('blockArchiveCustomFields');
    expect(await archived(required.id)).toBe(false);
    expect(await blockers(required.id)).toContain('requiredCustomFields');
    expect(await archived(filled.id)).toBe(true);
  });

  it('runs as a scheduled job', async () => {
    expect(operationsArchiverJob.name).toBe('operations-archiver');
    const order = await doneOrder();
    await operationsArchiverJob.run({
      database: ctx.database,
      config: ctx.config,
      log: ctx.app.log,
    });
    // Today's stage is too recent for the real clock.
    expect(await archived(order.id)).toBe(false);
  });
});
