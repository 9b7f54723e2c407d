import { APPLICATION_FILE_TAG } from '@tms/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { files, fileTags, fileTagTypes } from '../../platform/files/tables';
import { daysFromToday, EDIT_ALL, type Entity, setUpOperations } from '../../test/operations-world';
import { type SignedIn, signIn } from '../../test/users';
import { operationCustomFieldGroups } from '../custom-fields';
import { operationsArchiverJob, runArchiver } from './archiver';
import { today } from './stages';
import { orders } from './tables';

const ops = setUpOperations();
let manager: SignedIn;
let client: number;

/** The day the archiver runs: well past the default 30 days after today's closed stages. */
const LATER = daysFromToday(40);

/** Adds a stage to the operation at `path`, closed unless told otherwise. */
async function stage(path: string, behaviours: string[] = [], closed = true): Promise<void> {
  const created = await ops.addStage(manager, path, behaviours);
  if (!closed) return;
  const res = await ops.closeStage(manager, path, created);
  expect(res.statusCode, res.body).toBe(200);
}

/** An order with one closed stage: everything the archiver needs, unless a test takes something away. */
async function doneOrder(body: Record<string, unknown> = {}, clientId = client): Promise<Entity> {
  const order = await ops.createOrder(manager, clientId, body);
  await stage(`/api/tms/orders/${order.id}`);
  return order;
}

const archived = async (id: number) =>
  (await ops.db.select().from(orders).where(eq(orders.id, id)))[0]!.archived;
const blockers = async (id: number) =>
  (await ops.call('GET', `/api/tms/orders/${id}/archive-blockers`, manager)).json().data;

beforeAll(async () => {
  manager = await signIn(ops.ctx, [...EDIT_ALL, 'ROLE_STAGE_MANAGE_ALL']);
  client = await ops.world.counterparty();
});

describe('the archiver', () => {
  it('tells why it leaves an order only to who may read the order (the archive confirmation asks it)', async () => {
    const order = await ops.createOrder(manager, client);
    const path = `/api/tms/orders/${order.id}/archive-blockers`;
    const stranger = await signIn(ops.ctx, ['ROLE_COUNTERPARTY_VIEW_ALL']);
    expect((await ops.call('GET', path, stranger)).statusCode).toBe(403);
    // Someone else's order is out of an own-scope reader's sight.
    const ownOnly = await signIn(ops.ctx, ['ROLE_ORDER_VIEW_OWN', 'ROLE_ORDER_ARCHIVE']);
    expect((await ops.call('GET', path, ownOnly)).statusCode).toBe(404);
    expect(await blockers(order.id)).toEqual(expect.arrayContaining(['noStages']));
  });

  it('archives an order meeting every condition, once', async () => {
    const order = await doneOrder();
    expect(await blockers(order.id)).toEqual(['tooRecent']);
    const first = await runArchiver({ tx: ops.db, registries: ops.ctx.app.registries }, LATER);
    expect(first.orders).toContain(order.id);
    expect(await archived(order.id)).toBe(true);
    const history = (await ops.call('GET', `/api/tms/orders/${order.id}/history`, manager)).json().data
      .collection;
    expect(history.filter((e: { action: string }) => e.action === 'archive')).toHaveLength(1);
    const second = await runArchiver({ tx: ops.db, registries: ops.ctx.app.registries }, LATER);
    expect(second.orders).not.toContain(order.id);
  });

  it('leaves an order without stages', async () => {
    const order = await ops.createOrder(manager, client);
    await runArchiver({ tx: ops.db, registries: ops.ctx.app.registries }, LATER);
    expect(await archived(order.id)).toBe(false);
    expect(await blockers(order.id)).toContain('noStages');
  });

  it('leaves an order with an open stage, but not for a stage with IGNORE_ARCHIVER', async () => {
    const open = await doneOrder();
    await stage(`/api/tms/orders/${open.id}`, [], false);
    const ignored = await doneOrder();
    await stage(`/api/tms/orders/${ignored.id}`, ['IGNORE_ARCHIVER'], false);
    await runArchiver({ tx: ops.db, registries: ops.ctx.app.registries }, LATER);
    expect(await archived(open.id)).toBe(false);
    expect(await archived(ignored.id)).toBe(true);
  });

  it('leaves an order until the configured time has passed', async () => {
    const order = await doneOrder();
    await runArchiver({ tx: ops.db, registries: ops.ctx.app.registries }, today());
    expect(await archived(order.id)).toBe(false);
  });

  it('leaves an order whose cargo is in a warehouse', async () => {
    const order = await ops.createOrder(manager, client);
    await stage(`/api/tms/orders/${order.id}`, ['WAREHOUSE_IN']);
    await runArchiver({ tx: ops.db, registries: ops.ctx.app.registries }, LATER);
    expect(await archived(order.id)).toBe(false);
    expect(await blockers(order.id)).toContain('inWarehouse');
  });

  it('leaves an order whose client requires an application until a file tagged APPLICATION is attached', async () => {
    const strict = await ops.world.counterparty({ applicationRequired: true });
    const order = await doneOrder({}, strict);
    await runArchiver({ tx: ops.db, registries: ops.ctx.app.registries }, LATER);
    expect(await archived(order.id)).toBe(false);
    const attach = async (name: string) => {
      const [file] = await ops.db
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
    await runArchiver({ tx: ops.db, registries: ops.ctx.app.registries }, LATER);
    expect(await archived(order.id)).toBe(false);
    expect(await blockers(order.id)).toContain('applicationMissing');

    const [application] = await ops.db
      .select()
      .from(fileTagTypes)
      .where(eq(fileTagTypes.code, APPLICATION_FILE_TAG));
    await ops.db.insert(fileTags).values({ fileId: await attach('Заявка.pdf'), tagTypeId: application!.id });
    await runArchiver({ tx: ops.db, registries: ops.ctx.app.registries }, LATER);
    expect(await archived(order.id)).toBe(true);
  });

  it('archives the jobs first and leaves an order waiting for a job that cannot go', async () => {
    const order = await doneOrder();
    const done = await ops.createJob(manager, [order.id]);
    await stage(`/api/tms/jobs/${done.id}`);
    const busy = await ops.createJob(manager, [order.id]);
    await stage(`/api/tms/jobs/${busy.id}`, [], false);
    const run = await runArchiver({ tx: ops.db, registries: ops.ctx.app.registries }, LATER);
    expect(run.jobs).toContain(done.id);
    expect(run.jobs).not.toContain(busy.id);
    expect(await archived(order.id)).toBe(false);
    expect(await blockers(order.id)).toContain('waitingForJobs');

    // Once the last job can go, the order follows it in the same run.
    const [open] = (await ops.call('GET', `/api/tms/jobs/${busy.id}/stages`, manager)).json().data.collection;
    await ops.closeStage(manager, `/api/tms/jobs/${busy.id}`, open);
    const next = await runArchiver({ tx: ops.db, registries: ops.ctx.app.registries }, LATER);
    expect(next).toMatchObject({ jobs: [busy.id], orders: [order.id] });
  });

  it('leaves operations with empty required or archive-blocking custom fields', async () => {
    const groupId = await ops.world.customFieldGroup('Архив', [
      { code: 'act', description: 'Акт', type: 'text' },
      { code: 'cmr', description: 'CMR', type: 'text', blockArchiveIfEmpty: true },
    ]);
    const blocked = await doneOrder({ customFieldGroupId: groupId, customFields: { act: 'A-1' } });
    const filled = await doneOrder({
      customFieldGroupId: groupId,
      customFields: { act: 'A-2', cmr: 'C-2' },
    });
    // A field made required after the order was saved.
    const required = await doneOrder({ customFieldGroupId: groupId, customFields: { cmr: 'C-3' } });
    await ops.db
      .update(operationCustomFieldGroups)
      .set({
        definitions: [
          { code: 'act', description: 'Акт', type: 'text', required: true },
          { code: 'cmr', description: 'CMR', type: 'text', blockArchiveIfEmpty: true },
        ] as never,
      })
      .where(eq(operationCustomFieldGroups.id, groupId));
    await runArchiver({ tx: ops.db, registries: ops.ctx.app.registries }, LATER);
    expect(await archived(blocked.id)).toBe(false);
    expect(await blockers(blocked.id)).toContain('blockArchiveCustomFields');
    expect(await archived(required.id)).toBe(false);
    expect(await blockers(required.id)).toContain('requiredCustomFields');
    expect(await archived(filled.id)).toBe(true);
  });

  it('runs as a scheduled job', async () => {
    expect(operationsArchiverJob.name).toBe('operations-archiver');
    const order = await doneOrder();
    await ops.runJob(operationsArchiverJob);
    // Today's stage is too recent for the real clock.
    expect(await archived(order.id)).toBe(false);
  });
});
