import { COMPANY_STRUCTURE_MESSAGES as M, type StructureNode } from '@tms/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/connection';
import { ownerPrincipal } from '../../platform/auth/owner';
import { createTestApp, type TestContext } from '../../test/harness';
import { reportsWorld } from '../../test/reports-world';
import { createUser, type SignedIn, signIn } from '../../test/users';
import { storedPaths, walkedPaths } from './paths';

type Body = Record<string, unknown>;
const BASE = '/api/company-structure/tree-structure/items';

let ctx: TestContext;
let admin: SignedIn;
let world: Awaited<ReturnType<typeof reportsWorld>> | undefined;
/** One world of offices, clients and orders per app: its offices' names are unique. */
const worldOf = async () => {
  world ??= await reportsWorld(ctx);
  return world;
};
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Body, who = admin) =>
  ctx.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

async function create(body: Body): Promise<{ id: number; version: number } & Body> {
  const res = await call('POST', BASE, { userIds: [], ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
async function tree(): Promise<StructureNode[]> {
  const res = await call('GET', '/api/company-structure/tree-structure');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const headOf = async (unitId: number) => (await tree()).find((n) => n.parentId === unitId && n.head)!;
const move = (id: number, parentId: number | null) => call('POST', `${BASE}/${id}/move`, { parentId });
const errorsAt = (res: { json(): unknown }, field: string) =>
  (res.json() as { errors: { children: Record<string, { errors: string[] }> } }).errors.children[field]
    ?.errors;

beforeAll(async () => {
  // The session cache on, as in production: a change of the structure must still count at once.
  ctx = await createTestApp({ authCacheMs: 60_000 });
  admin = await signIn(ctx, ['ROLE_ADMIN']);
});
afterAll(async () => {
  await ctx?.close();
});

describe('the structure rules', () => {
  it('places each kind only where it may stand', async () => {
    const top = await call('POST', BASE, { kind: 'position', name: 'Нигде', userIds: [] });
    expect(top.statusCode).toBe(400);
    expect(errorsAt(top, 'parentId')).toEqual([M.positionParent]);
    const department = await create({ kind: 'department', name: 'Отдел A' });
    const block = await call('POST', BASE, { kind: 'block', name: 'Блок в отделе', parentId: department.id });
    expect(errorsAt(block, 'parentId')).toEqual([M.blockParent]);
    const held = await call('POST', BASE, { kind: 'department', name: 'С людьми', userIds: [admin.user.id] });
    expect(errorsAt(held, 'userIds')).toEqual([M.holdersOnPositions]);
  });

  it('gives a new department its head position as the settings say, and one head only', async () => {
    const department = await create({ kind: 'department', name: 'Продажи' });
    const head = await headOf(department.id);
    expect(head).toMatchObject({ kind: 'position', name: 'Руководитель', nameEn: 'Head', head: true });
    const second = await call('POST', BASE, {
      kind: 'position',
      name: 'Второй руководитель',
      parentId: department.id,
      head: true,
      userIds: [],
    });
    expect(second.statusCode).toBe(400);
    expect(errorsAt(second, 'head')).toEqual([M.secondHead]);
  });

  it('refuses a cycle and writes nothing', async () => {
    const block = await create({ kind: 'block', name: 'Блок' });
    const inner = await create({ kind: 'block', name: 'Внутренний блок', parentId: block.id });
    const before = await storedPaths(ctx.database.db);
    for (const target of [block.id, inner.id]) {
      const res = await move(block.id, target);
      expect(res.statusCode, res.body).toBe(400);
      expect(errorsAt(res, 'parentId')).toEqual([M.cycle]);
    }
    expect(await storedPaths(ctx.database.db)).toEqual(before);
    expect((await tree()).find((n) => n.id === block.id)!.parentId).toBeNull();
  });

  it('changes a place only with the move action', async () => {
    const a = await create({ kind: 'department', name: 'Откуда' });
    const b = await create({ kind: 'department', name: 'Куда' });
    const res = await call('PUT', `${BASE}/${a.id}`, { name: 'Откуда', parentId: b.id, version: a.version });
    expect(res.statusCode).toBe(400);
    expect(errorsAt(res, 'parentId')).toEqual([M.moveByAction]);
    const moved = await move(a.id, b.id);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ parentId: b.id, version: a.version + 1 });
    // A head position cannot go under another head's unit.
    const head = await headOf(a.id);
    expect(errorsAt(await move(head.id, b.id), 'parentId')).toEqual([M.secondHead]);
    expect(await storedPaths(ctx.database.db)).toEqual(await walkedPaths(ctx.database.db));
  });

  it('deletes as spec §8 says: a position with users, a department with positions, a block with departments stay', async () => {
    const person = await createUser(ctx.database);
    const block = await create({ kind: 'block', name: 'Удаляемый блок' });
    const department = await create({ kind: 'department', name: 'Удаляемый отдел', parentId: block.id });
    const head = await headOf(department.id);
    await call('PUT', `${BASE}/${head.id}`, { userIds: [person.id], version: head.version });
    const refusals: [number, string][] = [
      [head.id, M.positionHasUsers],
      [department.id, M.departmentHasPositions],
      [block.id, M.blockHasDepartments],
    ];
    for (const [id, message] of refusals) {
      const res = await call('DELETE', `${BASE}/${id}`);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe(message);
    }
    const emptied = await call('PUT', `${BASE}/${head.id}`, { userIds: [], version: head.version + 1 });
    expect(emptied.statusCode, emptied.body).toBe(200);
    for (const id of [head.id, department.id, (await headOf(block.id)).id, block.id]) {
      expect((await call('DELETE', `${BASE}/${id}`)).statusCode).toBe(200);
    }
    expect(await storedPaths(ctx.database.db)).toEqual(await walkedPaths(ctx.database.db));
  });

  it('keeps a staff position in use', async () => {
    const res = await call('POST', '/api/company-structure/staff-positions', {
      code: 'FWD',
      name: 'Экспедитор',
    });
    expect(res.statusCode, res.body).toBe(201);
    const department = await create({ kind: 'department', name: 'Со штатной должностью' });
    await create({
      kind: 'position',
      name: 'Экспедитор',
      parentId: department.id,
      staffPositionId: res.json().data.id,
    });
    const removed = await call('DELETE', `/api/company-structure/staff-positions/${res.json().data.id}`);
    expect(removed.statusCode).toBe(409);
    expect(removed.json().message).toBe(M.staffPositionInUse);
  });

  it('is read with the view role and changed with the edit role only', async () => {
    const viewer = await signIn(ctx, ['ROLE_COMPANY_STRUCTURE_VIEW']);
    expect((await call('GET', '/api/company-structure/tree-structure', undefined, viewer)).statusCode).toBe(
      200,
    );
    const refused = await call('POST', BASE, { kind: 'block', name: 'Нет', userIds: [] }, viewer);
    expect(refused.statusCode).toBe(403);
    const stranger = await signIn(ctx, []);
    expect((await call('GET', '/api/company-structure/users', undefined, stranger)).statusCode).toBe(403);
  });
});

describe('the subordinates scope through the structure', () => {
  let manager: SignedIn;
  const bills = new Map<string, number>();
  const seenBy = async (who: SignedIn) => {
    const res = await call('GET', '/api/finances/bills?itemsPerPage=100', undefined, who);
    expect(res.statusCode, res.body).toBe(200);
    const ids = new Set((res.json().data.collection as { id: number }[]).map((b) => b.id));
    return [...bills]
      .filter(([, id]) => ids.has(id))
      .map(([name]) => name)
      .sort();
  };
  const users: Record<string, number> = {};
  let forwarding: { id: number; version: number };
  let sales: { id: number; version: number };

  beforeAll(async () => {
    const w = await worldOf();
    const client = await w.counterparty('Клиент подчинённых');
    const order = await w.order({ clientId: client });
    manager = await signIn(ctx, ['ROLE_BILL_VIEW_SUBORDINATES']);
    users.manager = manager.user.id;
    for (const name of ['ivanov', 'kozlova', 'wang']) users[name] = (await createUser(ctx.database)).id;
    for (const name of ['manager', 'ivanov', 'kozlova', 'wang']) {
      const bill = await w.bill({
        orderIds: [order],
        counterpartyId: client,
        amount: '100.00',
        date: '2026-03-02',
      });
      await ctx.database.db.execute(
        sql`UPDATE bills SET created_by_id = ${users[name]} WHERE id = ${bill.id}`,
      );
      bills.set(name, bill.id);
    }
    forwarding = await create({ kind: 'department', name: 'Экспедирование' });
    sales = await create({ kind: 'department', name: 'Продажи подчинённых' });
    const head = await headOf(forwarding.id);
    await call('PUT', `${BASE}/${head.id}`, { userIds: [users.manager], version: head.version });
  });

  it('sees a forwarder the moment he joins the team and not after he leaves', async () => {
    expect(await seenBy(manager)).toEqual(['manager']);
    const team = await create({
      kind: 'position',
      name: 'Экспедитор',
      parentId: forwarding.id,
      userIds: [users.ivanov],
    });
    expect(await seenBy(manager)).toEqual(['ivanov', 'manager']);
    const left = await call('PUT', `${BASE}/${team.id}`, { userIds: [], version: team.version });
    expect(left.statusCode, left.body).toBe(200);
    expect(await seenBy(manager)).toEqual(['manager']);
    expect((await call('DELETE', `${BASE}/${team.id}`)).statusCode).toBe(200);
  });

  it("gives a background job of the manager his session's team", async () => {
    const team = await create({
      kind: 'position',
      name: 'Экспедитор в фоне',
      parentId: forwarding.id,
      userIds: [users.ivanov],
    });
    const owner = await ownerPrincipal(ctx.database.db, users.manager!, ctx.app.registries);
    const [row] = await rowsOf<{ ids: number[] }>(
      ctx.database.db,
      sql`SELECT ${owner.subordinates!(users.manager!)} AS ids`,
    );
    expect([...row!.ids].sort((a, b) => a - b)).toEqual(
      [users.ivanov!, users.manager!].sort((a, b) => a - b),
    );
    const left = await call('PUT', `${BASE}/${team.id}`, { userIds: [], version: team.version });
    expect(left.statusCode, left.body).toBe(200);
    expect((await call('DELETE', `${BASE}/${team.id}`)).statusCode).toBe(200);
  });

  it('follows a move of a position, and of a department with its people, in and out of the team', async () => {
    const other = await create({
      kind: 'position',
      name: 'Экспедитор',
      parentId: sales.id,
      userIds: [users.kozlova],
    });
    expect(await seenBy(manager)).toEqual(['manager']);
    expect((await move(other.id, forwarding.id)).statusCode).toBe(200);
    expect(await seenBy(manager)).toEqual(['kozlova', 'manager']);
    expect((await move(other.id, sales.id)).statusCode).toBe(200);
    expect(await seenBy(manager)).toEqual(['manager']);
    // Indirect: a whole department with its own head and a position under it moves under forwarding.
    const branch = await create({ kind: 'department', name: 'Шанхай' });
    await create({ kind: 'position', name: 'Экспедитор', parentId: branch.id, userIds: [users.wang] });
    expect(await seenBy(manager)).toEqual(['manager']);
    expect((await move(branch.id, forwarding.id)).statusCode).toBe(200);
    expect(await seenBy(manager)).toEqual(['manager', 'wang']);
    expect((await move(branch.id, null)).statusCode).toBe(200);
    expect(await seenBy(manager)).toEqual(['manager']);
  });

  it('unites the teams of several positions, and a plain position sees only those under it', async () => {
    const salesHead = await headOf(sales.id);
    await call('PUT', `${BASE}/${salesHead.id}`, { userIds: [users.manager], version: salesHead.version });
    expect(await seenBy(manager)).toEqual(['kozlova', 'manager']);
    const senior = await create({
      kind: 'position',
      name: 'Старший',
      parentId: forwarding.id,
      userIds: [users.wang],
    });
    await create({ kind: 'position', name: 'Младший', parentId: senior.id, userIds: [users.ivanov] });
    expect(await seenBy(manager)).toEqual(['ivanov', 'kozlova', 'manager', 'wang']);
    const wang = await signIn(ctx, ['ROLE_BILL_VIEW_SUBORDINATES']);
    await call('PUT', `${BASE}/${senior.id}`, { userIds: [wang.user.id], version: senior.version });
    const seen = await seenBy(wang);
    // Wang's new account made no bill; he sees Ivanov's, under his position, and not his own head's.
    expect(seen).toEqual(['ivanov']);
  });

  it('answers each person with positions, managers and subordinates', async () => {
    const res = await call('GET', `/api/company-structure/users/${users.ivanov}`);
    expect(res.statusCode, res.body).toBe(200);
    const ivanov = res.json().data;
    expect(ivanov.positions.map((p: { name: string }) => p.name)).toEqual(['Младший']);
    expect(ivanov.positions[0].path).toEqual(['Экспедирование']);
    expect(ivanov.managers).toHaveLength(1);
    const boss = (await call('GET', `/api/company-structure/users/${users.manager}`)).json().data;
    expect(boss.subordinates.map((s: { id: number }) => s.id).sort()).toEqual(
      expect.arrayContaining([users.ivanov, users.kozlova]),
    );
    const list = await call('GET', '/api/company-structure/users?unplaced=true&itemsPerPage=5');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.collection.every((p: { positions: unknown[] }) => p.positions.length === 0)).toBe(
      true,
    );
  });

  it('falls back to the user alone when the settings turn the structure off', async () => {
    const got = await call('GET', '/api/company-structure/settings');
    expect(got.statusCode, got.body).toBe(200);
    const settings = got.json().data;
    const off = await call('PUT', '/api/company-structure/settings', {
      ...settings,
      subordinatesFollowStructure: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(await seenBy(manager)).toEqual(['manager']);
    const stale = await call('PUT', '/api/company-structure/settings', {
      ...settings,
      subordinatesFollowStructure: true,
    });
    expect(stale.statusCode).toBe(409);
    await call('PUT', '/api/company-structure/settings', {
      ...off.json().data,
      subordinatesFollowStructure: true,
    });
    expect(await seenBy(manager)).toEqual(['ivanov', 'kozlova', 'manager']);
    // Each save is an entry of the change log, to readers of the structure only.
    const url = '/api/settings/entity-changelog?entityType=companyStructureSettings&entityId=1';
    const auditor = await signIn(ctx, ['ROLE_CHANGELOG_VIEW', 'ROLE_COMPANY_STRUCTURE_VIEW']);
    const log = await call('GET', url, undefined, auditor);
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json().data.collection.map((e: { changes: unknown }) => e.changes)).toEqual([
      { subordinatesFollowStructure: { old: false, new: true } },
      { subordinatesFollowStructure: { old: true, new: false } },
    ]);
    const outsider = await signIn(ctx, ['ROLE_CHANGELOG_VIEW']);
    expect((await call('GET', url, undefined, outsider)).json().data.total).toBe(0);
  });
});

describe('the subordinates scope of orders (docs/decisions/016)', () => {
  let manager: SignedIn;
  let team: { id: number; version: number };
  const people: Record<string, number> = {};
  const orders = new Map<string, number>();
  const seenBy = async (who: SignedIn) => {
    const res = await call('GET', '/api/tms/orders?itemsPerPage=100', undefined, who);
    expect(res.statusCode, res.body).toBe(200);
    const ids = new Set((res.json().data.collection as { id: number }[]).map((o) => o.id));
    return [...orders]
      .filter(([, id]) => ids.has(id))
      .map(([name]) => name)
      .sort();
  };

  beforeAll(async () => {
    const w = await worldOf();
    const client = await w.counterparty('Клиент команды');
    manager = await signIn(ctx, ['ROLE_ORDER_VIEW_SUBORDINATES']);
    for (const name of ['forwarder', 'seller', 'curator', 'stranger']) {
      people[name] = (await createUser(ctx.database)).id;
    }
    orders.set('forwarded', await w.order({ clientId: client, forwarderId: people.forwarder }));
    orders.set('sold', await w.order({ clientId: client, sellerId: people.seller }));
    const curated = await w.order({ clientId: client });
    await ctx.database.db.execute(
      sql`UPDATE orders SET curator_ids = ARRAY[${people.curator}]::integer[] WHERE id = ${curated}`,
    );
    orders.set('curated', curated);
    orders.set('stranger', await w.order({ clientId: client, forwarderId: people.stranger }));
    orders.set('mine', await w.order({ clientId: client, sellerId: manager.user.id }));
    const department = await create({ kind: 'department', name: 'Команда заказов' });
    const head = await headOf(department.id);
    await call('PUT', `${BASE}/${head.id}`, { userIds: [manager.user.id], version: head.version });
    team = await create({ kind: 'position', name: 'Экспедитор', parentId: department.id, userIds: [] });
  });

  it('reads the orders his team forwards, sells or curates from the moment they join, not after they leave', async () => {
    expect(await seenBy(manager)).toEqual(['mine']);
    const forwarded = `/api/tms/orders/${orders.get('forwarded')}`;
    expect((await call('GET', forwarded, undefined, manager)).statusCode).toBe(404);
    const joined = await call('PUT', `${BASE}/${team.id}`, {
      userIds: [people.forwarder, people.seller, people.curator],
      version: team.version,
    });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(await seenBy(manager)).toEqual(['curated', 'forwarded', 'mine', 'sold']);
    expect((await call('GET', forwarded, undefined, manager)).statusCode).toBe(200);
    const left = await call('PUT', `${BASE}/${team.id}`, {
      userIds: [people.seller],
      version: joined.json().data.version,
    });
    expect(left.statusCode, left.body).toBe(200);
    expect(await seenBy(manager)).toEqual(['mine', 'sold']);
    expect((await call('GET', forwarded, undefined, manager)).statusCode).toBe(404);
  });
});
