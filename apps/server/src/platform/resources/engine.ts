import {
  dataSchema,
  EXPORT_LANGUAGES,
  idParamSchema,
  listResultSchema,
  MESSAGES,
  RESOURCE_MESSAGES,
  type ResourceDescriptor,
  updateSchemaOf,
} from '@tms/domain';
import { and, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Tx } from '../../db/connection';
import type { AuthContext } from '../auth/context';
import { changeEntrySchema, changeHistory, changeHistoryQuerySchema } from '../changelog/history';
import { type ChangeAction, diff, recordChange } from '../changelog/service';
import { conflict, fieldError, notFound } from '../errors';
import type { App } from '../http/types';
import { constraintFields, mapConstraintError } from './db-errors';
import { exportWorkbook } from './export';
import { columnOf, type ListFilters, listOrder, listQueryOf, listWhere, withPlanForMatches } from './query';
import { rememberResource } from './registry';
import type { ResourceTable } from './table';

/** A table a resource can live in: the contract's entity columns plus whatever the resource needs. */
export type { ResourceTable };
export type RowOf<T extends ResourceTable> = T['$inferSelect'];
type Values = Record<string, unknown>;

/** What a hook gets: the open transaction (writes) or database (reads), who acts, and the request. */
export interface ResourceContext {
  tx: Tx;
  auth: AuthContext;
  request: FastifyRequest;
}

export interface WriteEvent<Row> {
  action: ChangeAction;
  before: Row | null;
  after: Row | null;
  /** The validated body as sent (includes members that are not columns, e.g. a link list). */
  input: Values;
}

export interface ResourceHooks<Row> {
  /**
   * Rows the user may see (`read`: list, get, export, history) and change (`write`: update, toggle,
   * delete); a resource whose view and edit permissions are scoped apart tells them apart by `access`.
   */
  scope?: (auth: AuthContext, access: 'read' | 'write') => SQL | undefined;
  /** Checks and completes a create; throw fieldError / ErrorCollector; return replaced column values. */
  beforeCreate?: (ctx: ResourceContext, values: Values) => Promise<Values | undefined> | Values | undefined;
  /** Checks and completes an update of `existing`; `values` holds only the members sent. */
  beforeUpdate?: (
    ctx: ResourceContext,
    values: Values,
    existing: Row,
  ) => Promise<Values | undefined> | Values | undefined;
  /** After any write (create, update, enable, disable, delete), in the same transaction. */
  afterWrite?: (ctx: ResourceContext, event: WriteEvent<Row>) => Promise<void> | void;
  /** Refuses a delete, typically `throw conflict('service used in orders or products')`. */
  beforeDelete?: (ctx: ResourceContext, row: Row) => Promise<void> | void;
  /** Row → JSON entity; by default the entity schema's members taken from the row, dates as ISO text. */
  toEntity?: (row: Row, ctx: { tx: Tx }) => Promise<Values> | Values;
}

export interface ResourceOptions<Row> {
  hooks?: ResourceHooks<Row>;
  /** Constraint name → field, for constraints the table definition does not name (expression indexes). */
  constraints?: Record<string, string>;
  /** Members masked in the change log (e.g. a secret). */
  secretFields?: string[];
  /** The 409 message when a delete is refused because other tables refer to the record (spec §8). */
  inUseMessage?: string;
  /**
   * List filters on computed values (no column of that name): the condition for the values asked, called
   * on every list and export, also with none asked, so a filter can have a default.
   */
  filters?: ListFilters;
}

/** Largest export; bigger selections must be filtered first. */
export const MAX_EXPORT_ROWS = 100_000;

function defaultEntity(descriptor: ResourceDescriptor, row: Values): Values {
  const out: Values = {};
  for (const key of Object.keys(descriptor.entity.shape)) {
    if (!(key in row)) continue;
    const value = row[key];
    out[key] = value instanceof Date ? value.toISOString() : value;
  }
  return out;
}

function ifMatchVersion(request: FastifyRequest): number | undefined {
  const header = request.headers['if-match'];
  const match = typeof header === 'string' ? /(\d+)/.exec(header) : null;
  return match ? Number(match[1]) : undefined;
}

/**
 * Registers a resource's routes under `descriptor.path` (the caller's prefix adds `/api`): list, export,
 * get, history, create, update (PUT/PATCH), delete and enable/disable, each with its roles, validation,
 * scope, optimistic locking and change log.
 */
export function registerResource<T extends ResourceTable>(
  app: App,
  descriptor: ResourceDescriptor,
  table: T,
  options: ResourceOptions<RowOf<T>> = {},
): void {
  type Row = RowOf<T>;
  const hooks = options.hooks ?? {};
  const { path, roles } = descriptor;
  const readRoles = roles.view.length ? [...roles.view, ...roles.edit] : [];
  const createRoles = roles.create ?? roles.edit;
  const deleteRoles = roles.delete ?? roles.edit;
  const tags = [descriptor.name];
  const columns = new Set(Object.keys(getTableColumns(table)));
  const idColumn = columnOf(table, 'id');
  const versionColumn = columnOf(table, 'version');
  const fields = constraintFields(table);
  for (const [name, field] of Object.entries(options.constraints ?? {})) fields.set(name, field);
  const entitySchema = descriptor.entity;
  // Unknown members are refused rather than dropped, so a misspelt field is never silently lost.
  const createSchema = descriptor.create.strict();
  const updateSchema = updateSchemaOf(descriptor.create)
    .extend({
      version: z
        .number()
        .int()
        .positive()
        .optional()
        .describe('The version the change is based on, or If-Match'),
    })
    .strict();
  const listQuery = listQueryOf(descriptor);
  // Validates the descriptor against the table at start-up rather than at the first request.
  const filters = options.filters ?? {};
  for (const field of descriptor.fields) {
    if (field.sortable || field.searchable || (field.filterable && !filters[field.name])) {
      columnOf(table, field.name);
    }
  }
  rememberResource(descriptor, table);
  const db = () => app.database.db;
  const scopeOf = (request: FastifyRequest, access: 'read' | 'write' = 'read') =>
    hooks.scope ? hooks.scope(request.auth!, access) : undefined;
  const toEntity = async (row: Row, tx: Tx): Promise<Values> =>
    hooks.toEntity ? hooks.toEntity(row, { tx }) : defaultEntity(descriptor, row as Values);
  const columnValues = (values: Values): Values =>
    Object.fromEntries(Object.entries(values).filter(([k, v]) => v !== undefined && columns.has(k)));

  async function findOne(tx: Tx, id: number, scope: SQL | undefined, lock = false): Promise<Row | undefined> {
    const query = tx
      .select()
      .from(table as PgTable)
      .where(and(eq(idColumn, id), scope))
      .limit(1);
    const rows = (lock ? await query.for('update') : await query) as Row[];
    return rows[0];
  }

  async function inTransaction<R>(action: 'write' | 'delete', fn: (tx: Tx) => Promise<R>): Promise<R> {
    try {
      return await db().transaction(fn);
    } catch (error) {
      throw mapConstraintError(error, fields, action, options.inUseMessage);
    }
  }

  async function log(
    tx: Tx,
    auth: AuthContext,
    action: ChangeAction,
    id: number,
    before: Values | null,
    after: Values | null,
  ) {
    await recordChange(tx, {
      entityType: descriptor.name,
      entityId: id,
      action,
      auth,
      changes: diff(before, after, { secret: options.secretFields }),
    });
  }

  const entityResponse = { 200: dataSchema(entitySchema) };
  const idOf = (row: Row) => (row as { id: number }).id;

  app.get(
    path,
    {
      config: { roles: readRoles },
      schema: {
        tags,
        summary: `List ${descriptor.name}`,
        querystring: listQuery,
        response: { 200: dataSchema(listResultSchema(entitySchema)) },
      },
    },
    async (request) => {
      const query = request.query as Values & { page: number; itemsPerPage: number };
      const where = listWhere(descriptor, table, query, scopeOf(request), filters);
      const order = listOrder(descriptor, table, query);
      const tx = db();
      const [counted] = await tx
        .select({ total: sql<number>`count(*)::int` })
        .from(table as PgTable)
        .where(where);
      const total = counted?.total ?? 0;
      const offset = (query.page - 1) * query.itemsPerPage;
      const rows =
        offset < total
          ? await withPlanForMatches(tx, table as PgTable, Boolean(where), total, (q) =>
              q
                .select()
                .from(table as PgTable)
                .where(where)
                .orderBy(...order)
                .limit(query.itemsPerPage)
                .offset(offset),
            )
          : [];
      const collection = await Promise.all((rows as Row[]).map((row) => toEntity(row, tx)));
      return { data: { collection, total } };
    },
  );

  app.get(
    `${path}/export`,
    {
      config: { roles: readRoles },
      schema: {
        tags,
        summary: `Export ${descriptor.name} to XLSX`,
        querystring: listQuery.omit({ page: true, itemsPerPage: true }).extend({
          lang: z.enum(EXPORT_LANGUAGES).default('ru'),
          columns: z
            .string()
            .max(2000)
            .optional()
            .describe('Fields to export, comma-separated; default: listed'),
        }),
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      },
    },
    async (request, reply) => {
      const query = request.query as Values & { lang: 'ru' | 'en'; columns?: string };
      const where = listWhere(descriptor, table, query, scopeOf(request), filters);
      const order = listOrder(descriptor, table, query);
      const chosen = query.columns
        ?.split(',')
        .map((c) => c.trim())
        .filter(Boolean);
      const known = new Set(descriptor.fields.map((f) => f.name));
      const invalid = chosen?.filter((c) => !known.has(c)) ?? [];
      if (invalid.length) throw fieldError(['columns'], MESSAGES.choice);
      const exported = chosen?.length
        ? chosen.map((name) => descriptor.fields.find((f) => f.name === name)!)
        : descriptor.fields.filter((f) => f.listed);
      const tx = db();
      const rows = (await tx
        .select()
        .from(table as PgTable)
        .where(where)
        .orderBy(...order)
        .limit(MAX_EXPORT_ROWS)) as Row[];
      const entities = await Promise.all(rows.map((row) => toEntity(row, tx)));
      const { buffer, filename } = await exportWorkbook(descriptor, exported, entities, query.lang);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header(
          'content-disposition',
          `attachment; filename="${descriptor.name}.xlsx"; filename*=UTF-8''${encodeURIComponent(filename)}`,
        )
        .send(buffer);
    },
  );

  app.get(
    `${path}/:id`,
    {
      config: { roles: readRoles },
      schema: { tags, summary: `Get ${descriptor.name}`, params: idParamSchema, response: entityResponse },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const row = await findOne(db(), id, scopeOf(request));
      if (!row) throw notFound();
      return { data: await toEntity(row, db()) };
    },
  );

  // A read-only view (e.g. the colleagues directory over users) answers list, export and get only.
  if (!descriptor.readOnly) registerWrites();

  /** History and every write: create, update, delete, enable/disable. */
  function registerWrites() {
    app.get(
      `${path}/:id/history`,
      {
        config: { roles: readRoles },
        schema: {
          tags,
          summary: `Change history of one ${descriptor.name}`,
          params: idParamSchema,
          querystring: changeHistoryQuerySchema,
          response: { 200: dataSchema(listResultSchema(changeEntrySchema)) },
        },
      },
      async (request) => {
        const { id } = request.params as { id: number };
        const query = request.query as z.infer<typeof changeHistoryQuerySchema>;
        if (!(await findOne(db(), id, scopeOf(request)))) throw notFound();
        return {
          data: await changeHistory(db(), { ...query, entityType: descriptor.name, entityId: id }),
        };
      },
    );

    if (descriptor.creatable !== false) {
      app.post(
        path,
        {
          config: { roles: createRoles },
          schema: {
            tags,
            summary: `Create ${descriptor.name}`,
            body: createSchema,
            response: { 201: dataSchema(entitySchema) },
          },
        },
        async (request, reply) => {
          const auth = request.auth!;
          const input = request.body as Values;
          const entity = await inTransaction('write', async (tx) => {
            const ctx = { tx, auth, request };
            const values = (await hooks.beforeCreate?.(ctx, { ...input })) ?? input;
            const [row] = (await tx
              .insert(table)
              .values(columnValues(values) as never)
              .returning()) as Row[];
            const after = await toEntity(row!, tx);
            await log(tx, auth, 'create', idOf(row!), null, after);
            await hooks.afterWrite?.(ctx, { action: 'create', before: null, after: row!, input });
            return after;
          });
          return reply.code(201).send({ data: entity });
        },
      );
    }

    const update = async (request: FastifyRequest) => {
      const auth = request.auth!;
      const { id } = request.params as { id: number };
      const { version: bodyVersion, ...input } = request.body as Values & { version?: number };
      const version = bodyVersion ?? ifMatchVersion(request);
      if (version === undefined) throw fieldError(['version'], RESOURCE_MESSAGES.versionRequired);
      const scope = scopeOf(request, 'write');
      const entity = await inTransaction('write', async (tx) => {
        const ctx = { tx, auth, request };
        const existing = await findOne(tx, id, scope);
        if (!existing) throw notFound();
        if ((existing as { version: number }).version !== version) throw conflict();
        const values = (await hooks.beforeUpdate?.(ctx, { ...input }, existing)) ?? input;
        // The version check lives in the UPDATE itself: of two concurrent updates only one matches.
        const [row] = (await tx
          .update(table)
          .set({
            ...columnValues(values),
            version: sql`${versionColumn} + 1`,
            updatedAt: new Date(),
          } as never)
          .where(and(eq(idColumn, id), eq(versionColumn, version), scope))
          .returning()) as Row[];
        if (!row) throw conflict();
        const after = await toEntity(row, tx);
        await log(tx, auth, 'update', id, await toEntity(existing, tx), after);
        await hooks.afterWrite?.(ctx, { action: 'update', before: existing, after: row, input });
        return after;
      });
      return { data: entity };
    };
    const updateSchemaDoc = {
      tags,
      params: idParamSchema,
      body: updateSchema,
      // Loose: validating headers replaces them with the parsed value, which must keep the others.
      headers: z.looseObject({ 'if-match': z.string().max(64).optional() }),
      response: entityResponse,
    };
    app.put(
      `${path}/:id`,
      { config: { roles: roles.edit }, schema: { ...updateSchemaDoc, summary: `Update ${descriptor.name}` } },
      update,
    );
    app.patch(
      `${path}/:id`,
      {
        config: { roles: roles.edit },
        schema: { ...updateSchemaDoc, summary: `Update some fields of ${descriptor.name}` },
      },
      update,
    );

    if (descriptor.deletable !== false) {
      app.delete(
        `${path}/:id`,
        {
          config: { roles: deleteRoles },
          schema: {
            tags,
            summary: `Delete ${descriptor.name}`,
            params: idParamSchema,
            response: entityResponse,
          },
        },
        async (request) => {
          const auth = request.auth!;
          const { id } = request.params as { id: number };
          const scope = scopeOf(request, 'write');
          const entity = await inTransaction('delete', async (tx) => {
            const ctx = { tx, auth, request };
            const existing = await findOne(tx, id, scope, true);
            if (!existing) throw notFound();
            await hooks.beforeDelete?.(ctx, existing);
            const before = await toEntity(existing, tx);
            await tx.delete(table).where(and(eq(idColumn, id), scope));
            await log(tx, auth, 'delete', id, before, null);
            await hooks.afterWrite?.(ctx, { action: 'delete', before: existing, after: null, input: {} });
            return before;
          });
          return { data: entity };
        },
      );
    }

    if (descriptor.toggle) {
      columnOf(table, 'enabled');
      for (const action of ['enable', 'disable'] as const) {
        app.post(
          `${path}/:id/${action}`,
          {
            config: { roles: roles.edit },
            schema: {
              tags,
              summary: `${action === 'enable' ? 'Enable' : 'Disable'} ${descriptor.name}`,
              params: idParamSchema,
              response: entityResponse,
            },
          },
          async (request) => {
            const auth = request.auth!;
            const { id } = request.params as { id: number };
            const scope = scopeOf(request, 'write');
            const enabled = action === 'enable';
            const entity = await inTransaction('write', async (tx) => {
              const existing = await findOne(tx, id, scope, true);
              if (!existing) throw notFound();
              // Already in the asked state: nothing changes, nothing is logged.
              if ((existing as { enabled: boolean }).enabled === enabled) return toEntity(existing, tx);
              const [row] = (await tx
                .update(table)
                .set({ enabled, version: sql`${versionColumn} + 1`, updatedAt: new Date() } as never)
                .where(and(eq(idColumn, id), scope))
                .returning()) as Row[];
              const after = await toEntity(row!, tx);
              await log(tx, auth, action, id, await toEntity(existing, tx), after);
              await hooks.afterWrite?.(
                { tx, auth, request },
                { action, before: existing, after: row!, input: {} },
              );
              return after;
            });
            return { data: entity };
          },
        );
      }
    }
  }
}
