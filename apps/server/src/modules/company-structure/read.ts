import type { StructureNode, StructurePerson } from '@tms/domain';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/connection';
import { notFound } from '../../platform/errors';
import { contacts, users } from '../../platform/identity/tables';
import { subordinatesSql } from './subordinates';
import { staffPositions, structureHolders, structureItems } from './tables';

interface TreeRow {
  id: number;
  version: number;
  kind: StructureNode['kind'];
  name: string;
  nameEn: string | null;
  parentId: number | null;
  head: boolean;
  staffPositionId: number | null;
  staffPositionName: string | null;
}

async function treeRows(tx: Tx): Promise<TreeRow[]> {
  const rows = await tx
    .select({
      id: structureItems.id,
      version: structureItems.version,
      kind: structureItems.kind,
      name: structureItems.name,
      nameEn: structureItems.nameEn,
      parentId: structureItems.parentId,
      head: structureItems.head,
      staffPositionId: structureItems.staffPositionId,
      staffPositionName: staffPositions.name,
    })
    .from(structureItems)
    .leftJoin(staffPositions, eq(staffPositions.id, structureItems.staffPositionId))
    .orderBy(desc(structureItems.head), asc(structureItems.name), asc(structureItems.id));
  return rows as TreeRow[];
}

async function holderRows(tx: Tx) {
  return tx
    .select({ itemId: structureHolders.itemId, id: users.id, name: contacts.name, active: users.active })
    .from(structureHolders)
    .innerJoin(users, eq(users.id, structureHolders.userId))
    .innerJoin(contacts, eq(contacts.id, users.contactId))
    .orderBy(asc(contacts.name));
}

/**
 * The whole structure, heads first within each parent, with each node's holders and head-count (the
 * distinct people in it and below). An organisation's tree is hundreds of nodes, read at once by the tree
 * and the chart, which both need every node to place the others.
 */
export async function readTree(tx: Tx): Promise<StructureNode[]> {
  const [rows, holders] = [await treeRows(tx), await holderRows(tx)];
  const byItem = new Map<number, { id: number; name: string; active: boolean }[]>();
  for (const h of holders) {
    const list = byItem.get(h.itemId) ?? [];
    list.push({ id: h.id, name: h.name, active: h.active });
    byItem.set(h.itemId, list);
  }
  const children = new Map<number | null, TreeRow[]>();
  for (const row of rows) children.set(row.parentId, [...(children.get(row.parentId) ?? []), row]);
  const people = new Map<number, Set<number>>();
  const collect = (row: TreeRow): Set<number> => {
    const set = new Set((byItem.get(row.id) ?? []).map((u) => u.id));
    for (const child of children.get(row.id) ?? []) for (const id of collect(child)) set.add(id);
    people.set(row.id, set);
    return set;
  };
  for (const root of children.get(null) ?? []) collect(root);
  return rows.map((row) => ({
    ...row,
    users: byItem.get(row.id) ?? [],
    headCount: people.get(row.id)?.size ?? 0,
  }));
}

interface PersonRow {
  id: number;
  name: string;
  username: string;
  active: boolean;
  serviceOfficeId: number | null;
}

const personColumns = {
  id: users.id,
  name: contacts.name,
  username: users.username,
  active: users.active,
  serviceOfficeId: users.serviceOfficeId,
};

/**
 * The managers of a position: the holders of the position it stands under, else of the head of its block
 * or department, going up while a unit has no head (a head's own manager is the head of the unit above).
 */
function managerPositions(
  rows: Map<number, TreeRow>,
  headOf: Map<number, number>,
  position: TreeRow,
): number[] {
  const parent = position.parentId === null ? undefined : rows.get(position.parentId);
  if (!parent) return [];
  if (parent.kind === 'position') return [parent.id];
  let unit: TreeRow | undefined = parent;
  while (unit) {
    const head = headOf.get(unit.id);
    if (head !== undefined && head !== position.id) return [head];
    unit = unit.parentId === null ? undefined : rows.get(unit.parentId);
  }
  return [];
}

/** People of `where` with their positions, managers and every subordinate, in three queries. */
async function peopleOf(tx: Tx, page: PersonRow[]): Promise<StructurePerson[]> {
  if (page.length === 0) return [];
  const ids = page.map((p) => p.id);
  const [tree, holders] = [await treeRows(tx), await holderRows(tx)];
  const rows = new Map(tree.map((row) => [row.id, row]));
  const headOf = new Map(tree.filter((r) => r.head && r.parentId !== null).map((r) => [r.parentId!, r.id]));
  const holdersOf = new Map<number, { id: number; name: string; active: boolean }[]>();
  for (const h of holders) holdersOf.set(h.itemId, [...(holdersOf.get(h.itemId) ?? []), h]);
  const below = await rowsOf<{ id: number; ids: number[] }>(
    tx,
    sql`SELECT u.id, ${subordinatesSql(sql`u.id`)} AS ids FROM ${users} u WHERE u.id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  const subordinateIds = [...new Set(below.flatMap((r) => r.ids))];
  const names = new Map(
    (
      await tx
        .select({ id: users.id, name: contacts.name, active: users.active })
        .from(users)
        .innerJoin(contacts, eq(contacts.id, users.contactId))
        .where(inArray(users.id, subordinateIds.length ? subordinateIds : [0]))
    ).map((u) => [u.id, u]),
  );
  const pathOf = (row: TreeRow): string[] => {
    const out: string[] = [];
    let up = row.parentId === null ? undefined : rows.get(row.parentId);
    while (up) {
      if (up.kind !== 'position') out.unshift(up.name);
      up = up.parentId === null ? undefined : rows.get(up.parentId);
    }
    return out;
  };
  return page.map((person) => {
    const held = holders.filter((h) => h.id === person.id).map((h) => rows.get(h.itemId)!);
    const managers = new Map<number, { id: number; name: string; active: boolean }>();
    for (const position of held)
      for (const managerPosition of managerPositions(rows, headOf, position))
        for (const m of holdersOf.get(managerPosition) ?? []) if (m.id !== person.id) managers.set(m.id, m);
    const mine = below.find((r) => r.id === person.id)?.ids ?? [];
    return {
      ...person,
      positions: held.map((p) => ({
        id: p.id,
        name: p.name,
        nameEn: p.nameEn,
        head: p.head,
        path: pathOf(p),
      })),
      managers: [...managers.values()].map(({ id, name, active }) => ({ id, name, active })),
      subordinates: mine
        .filter((id) => id !== person.id)
        .map((id) => names.get(id)!)
        .filter(Boolean)
        .sort((a, b) => a.name.localeCompare(b.name)),
    };
  });
}

/** A page of people (active users first by name), searched by name or login; `unplaced`: holding no position. */
export async function readPeople(
  tx: Tx,
  query: { search?: string; unplaced?: 'true' | 'false'; page?: number; itemsPerPage?: number },
): Promise<{ collection: StructurePerson[]; total: number }> {
  const itemsPerPage = query.itemsPerPage ?? 25;
  const page = query.page ?? 1;
  const conditions: (SQL | undefined)[] = [];
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(contacts.name, pattern), ilike(users.username, pattern)));
  }
  if (query.unplaced === 'true')
    conditions.push(sql`NOT EXISTS (SELECT 1 FROM ${structureHolders} h WHERE h.user_id = ${users.id})`);
  const where = and(...conditions);
  const [rows, [total]] = [
    await tx
      .select(personColumns)
      .from(users)
      .innerJoin(contacts, eq(contacts.id, users.contactId))
      .where(where)
      .orderBy(sql`${users.active} DESC`, asc(contacts.name), asc(users.id))
      .limit(itemsPerPage)
      .offset((page - 1) * itemsPerPage),
    await tx
      .select({ total: count() })
      .from(users)
      .innerJoin(contacts, eq(contacts.id, users.contactId))
      .where(where),
  ];
  return { collection: await peopleOf(tx, rows), total: total?.total ?? 0 };
}

/** One person with his place in the structure; 404 for no such user. */
export async function readPerson(tx: Tx, id: number): Promise<StructurePerson> {
  const rows = await tx
    .select(personColumns)
    .from(users)
    .innerJoin(contacts, eq(contacts.id, users.contactId))
    .where(eq(users.id, id));
  if (rows.length === 0) throw notFound();
  return (await peopleOf(tx, rows))[0]!;
}
