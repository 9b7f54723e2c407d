import {
  dataSchema,
  LIST_VIEW_MESSAGES,
  type ListView,
  type ListViewQuery,
  listColumnsSchema,
  listViewCreateSchema,
  listViewQuerySchema,
  listViewSchema,
  listViewsAnswerSchema,
  listViewUpdateSchema,
  MAX_LIST_VIEWS,
  MESSAGES,
  type ResourceDescriptor,
  recordIdSchema,
} from '@tms/domain';
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/connection';
import { conflict, ErrorCollector, fieldError, notFound } from '../errors';
import type { App } from '../http/types';
import { users } from '../identity/tables';
import { pgError } from '../resources/db-errors';
import { listColumns, listViews } from './tables';

type ViewRow = typeof listViews.$inferSelect;

const resourceParams = z.object({ resource: z.string().max(100) });
const viewParams = resourceParams.extend({ id: recordIdSchema });
const tags = ['list-views'];

const DATE_TYPES = new Set(['date', 'datetime']);

/** The resource a path names; an unknown one is answered 404 like any missing page. */
function descriptorOf(app: App, name: string): ResourceDescriptor {
  const descriptor = app.registries.resources.descriptor(name);
  if (!descriptor) throw notFound();
  return descriptor;
}

/** The query parameters a list takes as filters (a date field as a From/To range), as the list engine reads them. */
function filterParams(descriptor: ResourceDescriptor): Set<string> {
  const names = new Set<string>();
  for (const field of descriptor.fields) {
    if (!field.filterable) continue;
    if (DATE_TYPES.has(field.type)) {
      names.add(`${field.name}From`);
      names.add(`${field.name}To`);
    } else names.add(field.name);
  }
  return names;
}

/** A saved filter holds only what the list can apply: its filters and a sortable column. */
function checkQuery(descriptor: ResourceDescriptor, query: ListViewQuery, errors: ErrorCollector) {
  const known = filterParams(descriptor);
  for (const name of Object.keys(query.filters)) {
    if (!known.has(name)) errors.add(['query', 'filters', name], MESSAGES.choice);
  }
  const { sort } = query;
  if (sort !== undefined && sort !== 'id' && !descriptor.fields.some((f) => f.name === sort && f.sortable)) {
    errors.add(['query', 'sort'], MESSAGES.choice);
  }
}

const toView = (row: ViewRow): ListView => ({
  id: row.id,
  version: row.version,
  name: row.name,
  query: listViewQuerySchema.parse(row.query),
  isDefault: row.isDefault,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Constraint violations of concurrent writes, as the answers the checks before them give. */
function mapUniqueViolation(error: unknown): unknown {
  const e = pgError(error);
  if (e?.code !== '23505') return error;
  if ((e.constraint ?? e.constraint_name) === 'list_views_user_resource_name_key') {
    return fieldError(['name'], LIST_VIEW_MESSAGES.duplicateName);
  }
  return conflict();
}

/**
 * Saved filters and column choice of every resource list, per user: each signed-in user reads and
 * changes only their own; another user's saved filter is answered 404 as if it did not exist.
 */
export default async function listViewsModule(app: App): Promise<void> {
  const db = () => app.database.db;

  async function write<R>(fn: (tx: Tx) => Promise<R>): Promise<R> {
    try {
      return await db().transaction(fn);
    } catch (error) {
      throw mapUniqueViolation(error);
    }
  }

  /** Serialises one user's writes, so the limit and the single default hold under concurrent calls. */
  const lockUser = (tx: Tx, userId: number) =>
    tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');

  async function checkNameFree(tx: Tx, userId: number, resource: string, name: string, except?: number) {
    const [taken] = await tx
      .select({ id: listViews.id })
      .from(listViews)
      .where(
        and(
          eq(listViews.userId, userId),
          eq(listViews.resource, resource),
          eq(listViews.name, name),
          except === undefined ? undefined : ne(listViews.id, except),
        ),
      );
    if (taken) throw fieldError(['name'], LIST_VIEW_MESSAGES.duplicateName);
  }

  const clearDefault = (tx: Tx, userId: number, resource: string) =>
    tx
      .update(listViews)
      .set({ isDefault: false, version: sql`${listViews.version} + 1`, updatedAt: new Date() })
      .where(
        and(eq(listViews.userId, userId), eq(listViews.resource, resource), eq(listViews.isDefault, true)),
      );

  app.get(
    '/list-views/:resource',
    {
      schema: {
        tags,
        summary: "The signed-in user's saved filters and column choice of one list",
        params: resourceParams,
        response: { 200: dataSchema(listViewsAnswerSchema) },
      },
    },
    async (request) => {
      const { resource } = request.params;
      descriptorOf(app, resource);
      const userId = request.auth!.userId;
      const mine = and(eq(listViews.userId, userId), eq(listViews.resource, resource));
      const rows = await db()
        .select()
        .from(listViews)
        .where(mine)
        .orderBy(asc(sql`lower(${listViews.name})`), asc(listViews.id));
      const [chosen] = await db()
        .select({ columns: listColumns.columns })
        .from(listColumns)
        .where(and(eq(listColumns.userId, userId), eq(listColumns.resource, resource)));
      return { data: { views: rows.map(toView), columns: chosen?.columns ?? null } };
    },
  );

  app.post(
    '/list-views/:resource',
    {
      schema: {
        tags,
        summary: 'Save a filter of one list',
        params: resourceParams,
        body: listViewCreateSchema,
        response: { 201: dataSchema(listViewSchema) },
      },
    },
    async (request, reply) => {
      const { resource } = request.params;
      const descriptor = descriptorOf(app, resource);
      const body = request.body;
      const errors = new ErrorCollector();
      checkQuery(descriptor, body.query, errors);
      errors.throwIfAny();
      const userId = request.auth!.userId;
      const row = await write(async (tx) => {
        await lockUser(tx, userId);
        const [kept] = await tx
          .select({ n: count() })
          .from(listViews)
          .where(and(eq(listViews.userId, userId), eq(listViews.resource, resource)));
        if ((kept?.n ?? 0) >= MAX_LIST_VIEWS) throw fieldError([], LIST_VIEW_MESSAGES.tooMany);
        await checkNameFree(tx, userId, resource, body.name);
        if (body.isDefault) await clearDefault(tx, userId, resource);
        const [created] = await tx
          .insert(listViews)
          .values({ userId, resource, name: body.name, query: body.query, isDefault: body.isDefault })
          .returning();
        return created!;
      });
      return reply.code(201).send({ data: toView(row) });
    },
  );

  app.put(
    '/list-views/:resource/columns',
    {
      schema: {
        tags,
        summary: "Keep the signed-in user's column choice of one list",
        params: resourceParams,
        body: listColumnsSchema,
        response: { 200: dataSchema(z.object({ columns: z.array(z.string()) })) },
      },
    },
    async (request) => {
      const { resource } = request.params;
      const descriptor = descriptorOf(app, resource);
      const { columns } = request.body;
      const known = new Set(descriptor.fields.map((f) => f.name));
      const errors = new ErrorCollector();
      columns.forEach((name, index) => {
        if (!known.has(name) || columns.indexOf(name) !== index)
          errors.add(['columns', index], MESSAGES.choice);
      });
      errors.throwIfAny();
      const userId = request.auth!.userId;
      await db()
        .insert(listColumns)
        .values({ userId, resource, columns })
        .onConflictDoUpdate({
          target: [listColumns.userId, listColumns.resource],
          set: { columns, updatedAt: new Date() },
        });
      return { data: { columns } };
    },
  );

  /** The user's own saved filter of that list, locked for the change; anyone else's is not found. */
  async function ownView(tx: Tx, userId: number, resource: string, id: number): Promise<ViewRow> {
    const [row] = await tx
      .select()
      .from(listViews)
      .where(and(eq(listViews.id, id), eq(listViews.userId, userId), eq(listViews.resource, resource)))
      .for('update');
    if (!row) throw notFound();
    return row;
  }

  app.put(
    '/list-views/:resource/:id',
    {
      schema: {
        tags,
        summary: 'Rename a saved filter, change what it holds, or make it the default',
        params: viewParams,
        body: listViewUpdateSchema,
        response: { 200: dataSchema(listViewSchema) },
      },
    },
    async (request) => {
      const { resource, id } = request.params;
      const descriptor = descriptorOf(app, resource);
      const body = request.body;
      const errors = new ErrorCollector();
      if (body.query) checkQuery(descriptor, body.query, errors);
      errors.throwIfAny();
      const userId = request.auth!.userId;
      const row = await write(async (tx) => {
        await lockUser(tx, userId);
        const existing = await ownView(tx, userId, resource, id);
        if (body.version !== undefined && body.version !== existing.version) throw conflict();
        if (body.name !== undefined) await checkNameFree(tx, userId, resource, body.name, id);
        if (body.isDefault && !existing.isDefault) await clearDefault(tx, userId, resource);
        const [updated] = await tx
          .update(listViews)
          .set({
            ...(body.name !== undefined ? { name: body.name } : {}),
            ...(body.query !== undefined ? { query: body.query } : {}),
            ...(body.isDefault !== undefined ? { isDefault: body.isDefault } : {}),
            version: sql`${listViews.version} + 1`,
            updatedAt: new Date(),
          })
          .where(eq(listViews.id, id))
          .returning();
        return updated!;
      });
      return { data: toView(row) };
    },
  );

  app.delete(
    '/list-views/:resource/:id',
    {
      schema: {
        tags,
        summary: 'Delete a saved filter',
        params: viewParams,
        response: { 200: dataSchema(listViewSchema) },
      },
    },
    async (request) => {
      const { resource, id } = request.params;
      descriptorOf(app, resource);
      const userId = request.auth!.userId;
      const row = await write(async (tx) => {
        const existing = await ownView(tx, userId, resource, id);
        await tx.delete(listViews).where(eq(listViews.id, id));
        return existing;
      });
      return { data: toView(row) };
    },
  );
}
