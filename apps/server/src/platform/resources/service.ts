import {
  changedFieldsOf,
  deniedFields,
  ERROR_MESSAGES,
  EXPORT_LANGUAGES,
  FIELD_ROLE_MESSAGES,
  type ListResult,
  MESSAGES,
  RESOURCE_MESSAGES,
  type ResourceDescriptor,
  type Role,
  updateSchemaOf,
} from '@tms/domain';
import { and, eq, getTableColumns, getTableName, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { readEach, type Tx } from '../../db/connection';
import { type AuthContext, isStaff, type Principal } from '../auth/context';
import { changeHistory, type changeHistoryQuerySchema } from '../changelog/history';
import { type ChangeAction, diff, recordChange } from '../changelog/service';
import type { FieldChanges } from '../changelog/tables';
import {
  conflict,
  ErrorCollector,
  fieldError,
  forbidden,
  HttpError,
  notFound,
  zodValidationError,
} from '../errors';
import { hasAnyRole } from '../permissions/check';
import type { CallContext, ChangeContext, ResourceContext } from './context';
import { encodeCursor, type Keyset, pageFrom, SORT_KEY, SORT_VALUE, sortKeyOf } from './cursor';
import { constraintFields, mapConstraintError, pgError } from './db-errors';
import {
  COUNT_CAP,
  type Counted,
  columnOf,
  countRows,
  type ListFilters,
  listOrder,
  listQueryOf,
  listWhere,
  manyMatches,
  type PageReads,
  searchRank,
  totalOfPage,
  WALK_BUDGET,
  withPlanForMatches,
} from './query';
import type { ReadReach } from './reach';
import { preparedRows, type Selection, type TableSelect, tableSelect, tail } from './statements';

/** A table a resource can live in: the contract's entity columns plus whatever the resource needs. */
import type { ResourceTable } from './table';

export type { ResourceTable };
export type RowOf<T extends ResourceTable> = T['$inferSelect'];
type Values = Record<string, unknown>;

export type { ChangeContext, ResourceContext } from './context';

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
  /**
   * Refuses any change of `existing` (archived, merged, locked) before the field roles are checked;
   * `changed`: the members the update changes.
   */
  guardUpdate?: (ctx: ResourceContext, existing: Row, changed: string[]) => Promise<void> | void;
  /** Checks and completes an update of `existing`; `values` holds only the members sent. */
  beforeUpdate?: (
    ctx: ResourceContext,
    values: Values,
    existing: Row,
  ) => Promise<Values | undefined> | Values | undefined;
  /** After a user's create, update, enable, disable or delete, in the same transaction. */
  afterWrite?: (ctx: ResourceContext, event: WriteEvent<Row>) => Promise<void> | void;
  /**
   * After every change, also the system's and those of `write` (a status, the archive), in the same
   * transaction and after `afterWrite`: what must commit with the change. What may follow it (real time, most
   * news) is a domain-event subscriber's (platform/events).
   */
  onChange?: (ctx: ChangeContext, event: WriteEvent<Row>) => Promise<void> | void;
  /** Refuses a delete, typically `throw conflict('service used in orders or products')`. */
  beforeDelete?: (ctx: ResourceContext, row: Row) => Promise<void> | void;
  /** Row → JSON entity; by default the entity schema's members taken from the row, dates as ISO text. */
  toEntity?: (row: Row, ctx: CallContext) => Promise<Values> | Values;
  /**
   * Rows → JSON entities in one go, for entities that read other tables (a document's lines): a list
   * page or an export then asks once for all its rows instead of once per row. Replaces `toEntity`.
   */
  toEntities?: (rows: readonly Row[], ctx: CallContext) => Promise<Values[]>;
  /**
   * The columns a custom `toEntity`/`toEntities` reads beyond the entity's own members: a list page then
   * selects those and the entity's, not the columns kept for search (unset: every column).
   */
  entityColumns?: readonly string[];
}

/** What a counterparty's cabinet may do with a resource: its actions, within its counterparty's records. */
export interface CabinetAccess {
  /** The records of the cabinet's counterparty (the counterparty dimension of the scope). */
  counterparty: (counterpartyId: number) => SQL;
  /** The actions open to cabinets; default: read only. */
  actions?: readonly ResourceAction[];
}

/** The kernel's actions on a resource, each with the descriptor's roles (`rolesFor`). */
export type ResourceAction = 'read' | 'create' | 'edit' | 'delete';

export interface ResourceOptions<Row> {
  hooks?: ResourceHooks<Row>;
  /** Opens the resource to counterparties' cabinets; unset, a cabinet gets 403 on every action. */
  cabinet?: CabinetAccess;
  /**
   * The field a write is refused under when it would leave the record outside its author's read scope
   * (orders: the office); unset, the refusal belongs to no field.
   */
  scopeField?: string;
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

/** Roles that read a resource (list, export, get, history): its view roles and its edit roles; none: anyone. */
export function readRolesOf(descriptor: ResourceDescriptor): readonly Role[] {
  return descriptor.roles.view.length ? [...descriptor.roles.view, ...descriptor.roles.edit] : [];
}

/** The roles of one of the kernel's actions on a resource (at least one needed; none: any staff user). */
export function rolesFor(descriptor: ResourceDescriptor, action: ResourceAction): readonly Role[] {
  const { roles } = descriptor;
  if (action === 'read') return readRolesOf(descriptor);
  if (action === 'create') return roles.create ?? roles.edit;
  if (action === 'delete') return roles.delete ?? roles.edit;
  return roles.edit;
}

/** Largest export; bigger selections must be filtered first. */
export const MAX_EXPORT_ROWS = 100_000;

/** The record as an update leaves it: the stored row with the members sent laid over it (for hooks' checks). */
export const afterUpdate = <Row extends object>(values: Values, existing?: Row): Values => ({
  ...existing,
  ...values,
});

/** The entity schema's members taken from the row, dates as ISO text. */
const entityKeysOf = new WeakMap<ResourceDescriptor, string[]>();

export function defaultEntity(descriptor: ResourceDescriptor, row: Values): Values {
  // Read once per descriptor: a list maps every row of every page through here.
  let keys = entityKeysOf.get(descriptor);
  if (!keys) {
    keys = Object.keys(descriptor.entity.shape);
    entityKeysOf.set(descriptor, keys);
  }
  const out: Values = {};
  for (const key of keys) {
    if (!(key in row)) continue;
    const value = row[key];
    out[key] = value instanceof Date ? value.toISOString() : value;
  }
  return out;
}

/** The zod schemas of a resource's inputs, for callers that parse what they pass. */
export function resourceSchemas(descriptor: ResourceDescriptor) {
  const listQuery = listQueryOf(descriptor);
  return {
    entity: descriptor.entity,
    /** A row of the list: the entity without what only the record answers. */
    listEntity: descriptor.listEntity ?? descriptor.entity,
    // Unknown members are refused rather than dropped, so a misspelt field is never silently lost.
    create: descriptor.create.strict(),
    update: updateSchemaOf(descriptor.create)
      .extend({
        version: z
          .number()
          .int()
          .positive()
          .optional()
          .describe('The version the change is based on, or If-Match'),
      })
      .strict(),
    listQuery,
    exportQuery: listQuery.omit({ page: true, itemsPerPage: true }).extend({
      lang: z.enum(EXPORT_LANGUAGES).default('ru'),
      columns: z.string().max(2000).optional().describe('Fields to export, comma-separated; default: listed'),
    }),
  };
}

export type ListQuery = Values & { page: number; itemsPerPage: number };
export type ExportQuery = Values & { columns?: string };
export type HistoryQuery = z.infer<typeof changeHistoryQuerySchema>;

/** Where a row is looked for: the principal's scope (`access`), an explicit condition, or none (system). */
export interface FindOptions {
  /** The principal's scope for reading (default) or writing; ignored when `where` is given. */
  access?: 'read' | 'write';
  /** The condition instead of the scope hook (undefined in `where`: every row). */
  where?: SQL | undefined;
  /** Lock the row for the transaction (FOR UPDATE). */
  lock?: boolean;
}

/**
 * A resource as a service: list, get, create, update, delete, enable/disable, history, with validation,
 * scope, field checks of the hooks, optimistic locking, change log and the hooks' events. No HTTP: any
 * code calls it with a principal and a transaction; the routes of `registerResource` are a thin adapter.
 */
export interface ResourceService<Row = Values> {
  readonly descriptor: ResourceDescriptor;
  readonly table: ResourceTable;
  readonly options: ResourceOptions<Row>;
  readonly schemas: ReturnType<typeof resourceSchemas>;
  /**
   * One page (`query` as `schemas.listQuery` parses it) within the read scope, for a principal holding the
   * read roles; `narrower`: a condition of the caller on top of it (a lookup offering only the records an
   * action may take, authorized by that action's roles instead).
   */
  list(ctx: ResourceContext, query: ListQuery, narrower?: SQL): Promise<ListResult<Values>>;
  /** Up to MAX_EXPORT_ROWS entities of the list's selection and order, with the fields to export. */
  exportRows(
    ctx: ResourceContext,
    query: ExportQuery,
  ): Promise<{ fields: ResourceDescriptor['fields']; entities: Values[] }>;
  /** The entity within the read scope; 404 otherwise. */
  get(ctx: ResourceContext, id: number): Promise<Values>;
  /** The stored row: 404 when the scope (or `where`) does not reach it. */
  find(ctx: ChangeContext, id: number, options?: FindOptions): Promise<Row>;
  /** Whether `where` reaches the row (e.g. the edit scope of a record the user can read). */
  reaches(tx: Tx, id: number, where: SQL | undefined): Promise<boolean>;
  /**
   * Whether the principal may read the record (its read roles and scope; a cabinet its counterparty's): what
   * the record's files and real-time topic follow (`recordFileOwner`, `recordTopic`).
   */
  canRead(ctx: { tx: Tx; auth: Principal }, id: number): Promise<boolean>;
  /** The ids among `ids` the read scope does not reach (none when it is not restricted); for references. */
  outsideReadScope(ctx: ResourceContext, ids: readonly number[]): Promise<Set<number>>;
  /** See `ReadReach.labelsQuery`. */
  labelsQuery(auth: Principal, field: string, ids: readonly number[], labelField: string): SQL | null;
  /**
   * Which change-log entries of this resource the principal may read, as a condition on the entry's
   * record id (`entityId`): none without the read roles; with them, those of records the read scope reaches
   * and of deleted records (whose roles are all that is left to judge by). `true`: all, `false`: none.
   */
  changeLogAccess(auth: Principal, entityId: SQL | AnyPgColumn): SQL | boolean;
  history(ctx: ResourceContext, id: number, query: HistoryQuery): ReturnType<typeof changeHistory>;
  create(ctx: ResourceContext, input: unknown): Promise<Values>;
  /** `version`: the one the change is based on (or in `input.version`); 409 when it is not the stored one. */
  update(ctx: ResourceContext, id: number, input: unknown, version?: number): Promise<Values>;
  delete(ctx: ResourceContext, id: number): Promise<Values>;
  /** Enable or disable (descriptors with `toggle`); already so: nothing changes, nothing is logged. */
  setEnabled(ctx: ResourceContext, id: number, enabled: boolean): Promise<Values>;
  /**
   * A change of a row the caller read and locked (`find` with `lock`), beside the checks of `update`: a
   * status, the archive, the system's own moves. `version`: the optimistic check (undefined: none);
   * `changes`: members the log shows beside the columns' difference. Logged under `action`; `onChange`
   * runs. Answers the new row.
   */
  write(
    ctx: ChangeContext,
    before: Row,
    set: Values,
    options: { action: ChangeAction; version?: number; changes?: FieldChanges },
  ): Promise<Row>;
  toEntity(row: Row, ctx: CallContext): Promise<Values>;
  /** Several rows at once (a page of a custom list): one query for what they read beside the row. */
  toEntities(rows: readonly Row[], ctx: CallContext): Promise<Values[]>;
}

function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw zodValidationError(result.error);
  return result.data;
}

/** The service of one resource; `registerResource` builds one and serves it over HTTP. */
export function resourceService<T extends ResourceTable>(
  descriptor: ResourceDescriptor,
  table: T,
  options: ResourceOptions<RowOf<T>> = {},
): ResourceService<RowOf<T>> {
  type Row = RowOf<T>;
  const hooks = options.hooks ?? {};
  const columns = new Set(Object.keys(getTableColumns(table)));
  const idColumn = columnOf(table, 'id');
  const versionColumn = columnOf(table, 'version');
  const constraintField = constraintFields(table);
  for (const [name, field] of Object.entries(options.constraints ?? {})) constraintField.set(name, field);
  const schemas = resourceSchemas(descriptor);
  // Validates the descriptor against the table at start-up rather than at the first request.
  const filters = options.filters ?? {};
  for (const field of descriptor.fields) {
    if (field.sortable || field.searchable || (field.filterable && !filters[field.name])) {
      columnOf(table, field.name);
    }
  }
  if (descriptor.toggle) columnOf(table, 'enabled');

  const cabinetActions = new Set<ResourceAction>(options.cabinet?.actions ?? ['read']);
  const actionRoles = {
    read: rolesFor(descriptor, 'read'),
    create: rolesFor(descriptor, 'create'),
    edit: rolesFor(descriptor, 'edit'),
    delete: rolesFor(descriptor, 'delete'),
  };
  /** Whether the principal may take the action at all (its scope then says on which records). */
  const may = (auth: Principal, action: ResourceAction): boolean => {
    if (auth.kind === 'system') return true;
    if (auth.kind === 'cabinet') return Boolean(options.cabinet) && cabinetActions.has(action);
    return hasAnyRole(auth, actionRoles[action]);
  };
  /** Refuses (403) a principal who may not take the action, whoever calls: a route, a job, an import. */
  const authorize = (auth: Principal, action: ResourceAction) => {
    if (!may(auth, action)) throw forbidden();
  };
  /**
   * The rows the principal reaches, built from the scope's dimensions: none for the system; the
   * counterparty's for a cabinet; the resource's own (office, own, related, subordinates) for a user.
   */
  const scopeOf = (auth: Principal, access: 'read' | 'write' = 'read'): SQL | undefined => {
    if (auth.kind === 'system') return undefined;
    if (auth.kind === 'cabinet') {
      if (!options.cabinet) throw forbidden();
      return options.cabinet.counterparty(auth.counterpartyId);
    }
    return hooks.scope ? hooks.scope(auth, access) : undefined;
  };
  /** The read scope, or `false` for a principal who reaches no record at all (the scope hook's 403). */
  const readScope = (auth: Principal): SQL | undefined | false => {
    try {
      return scopeOf(auth, 'read');
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 403) return false;
      throw error;
    }
  };
  const referenceFields = descriptor.fields.filter(
    (field) =>
      (field.type === 'reference' || field.type === 'references') && field.reference && !field.readOnly,
  );
  // Every reference an entity shows, read-only ones (a job's orders) too.
  const labelledFields = descriptor.fields.filter(
    (field) =>
      (field.type === 'reference' || field.type === 'references') &&
      field.reference &&
      field.name in descriptor.entity.shape,
  );
  const toEntities = async (rows: readonly Row[], ctx: CallContext): Promise<Values[]> => {
    if (hooks.toEntities) return rows.length ? hooks.toEntities(rows, ctx) : [];
    return readEach(ctx.tx, rows, async (row) =>
      hooks.toEntity ? hooks.toEntity(row, ctx) : defaultEntity(descriptor, row as Values),
    );
  };
  const toEntity = async (row: Row, ctx: CallContext): Promise<Values> => (await toEntities([row], ctx))[0]!;
  const columnValues = (values: Values): Values =>
    Object.fromEntries(Object.entries(values).filter(([k, v]) => v !== undefined && columns.has(k)));
  const idOf = (row: Row) => (row as { id: number }).id;
  // A list reads the columns its entities show, not those kept for search and scopes (a custom
  // `toEntity` may need any of them, unless it names the ones it reads: `entityColumns`).
  const recordOnly = new Set(descriptor.fields.filter((f) => f.recordOnly).map((f) => f.name));
  const entityKeys = new Set(
    ['id', ...Object.keys(descriptor.entity.shape)].filter((key) => !recordOnly.has(key)),
  );
  const customEntity = Boolean(hooks.toEntity || hooks.toEntities);
  for (const key of hooks.entityColumns ?? []) entityKeys.add(key);
  const listColumns =
    customEntity && !hooks.entityColumns
      ? undefined
      : Object.fromEntries(
          Object.entries(getTableColumns(table as PgTable)).filter(([key]) => entityKeys.has(key)),
        );

  /** An entity as a list row answers it (`FieldDescriptor.recordOnly`, `listValue`): what the list shows. */
  const listValues = descriptor.fields.flatMap((f) => (f.listValue ? [[f.name, f.listValue] as const] : []));
  const toListRow =
    recordOnly.size || listValues.length
      ? (entity: Values): Values => {
          for (const key of recordOnly) delete entity[key];
          for (const [key, of] of listValues) if (key in entity) entity[key] = of(entity[key]);
          return entity;
        }
      : undefined;

  // The heads of the resource's selects, built once (statements.ts); a call renders only its tail.
  const rowSelect = tableSelect<Row>(table as PgTable);
  const idSelect = tableSelect<{ id: number }>(table as PgTable, { id: idColumn });
  /** A list page's select: the listed columns, and the sort value a cursor names (by sort field). */
  type PageRow = Row & { id: number; [SORT_VALUE]?: string };
  const pageSelects = new Map<string, TableSelect<PageRow>>();
  const pageSelect = (keyset: Keyset | null) => {
    const sortKey = keyset && sortKeyOf(keyset);
    const name = sortKey ? keyset.sort : '';
    let select = pageSelects.get(name);
    if (!select) {
      const selection: Selection | undefined = sortKey
        ? { ...(listColumns ?? getTableColumns(table as PgTable)), [SORT_KEY]: sortKey }
        : listColumns;
      // Without a custom `toEntity` a page's rows come back as entities already (`defaultEntity`'s).
      select = tableSelect(table as PgTable, selection, {
        entityKeys: listColumns && !customEntity ? Object.keys(descriptor.entity.shape) : undefined,
        symbols: { [SORT_KEY]: SORT_VALUE },
      });
      pageSelects.set(name, select);
    }
    return select;
  };

  async function reaches(tx: Tx, id: number, where: SQL | undefined): Promise<boolean> {
    if (where === undefined) return true;
    const [row] = await idSelect.rows(tx, tail({ where: and(eq(idColumn, id), where), limit: 1 }));
    return Boolean(row);
  }

  async function findOne(tx: Tx, id: number, where: SQL | undefined, lock = false): Promise<Row | undefined> {
    const rows = await rowSelect.rows(tx, tail({ where: and(eq(idColumn, id), where), limit: 1, lock }));
    return rows[0];
  }

  async function inTransaction<R>(
    outer: Tx,
    action: 'write' | 'delete',
    fn: (tx: Tx) => Promise<R>,
  ): Promise<R> {
    try {
      return await outer.transaction(fn);
    } catch (error) {
      throw mapConstraintError(error, constraintField, action, options.inUseMessage);
    }
  }

  async function log(
    ctx: ChangeContext,
    action: ChangeAction,
    id: number,
    before: Values | null,
    after: Values | null,
    extra: FieldChanges = {},
  ) {
    await recordChange(ctx.tx, {
      entityType: descriptor.name,
      entityId: id,
      action,
      auth: ctx.auth,
      changes: { ...diff(before, after, { secret: options.secretFields }), ...extra },
      version: ((after ?? before)?.version as number | undefined) ?? null,
    });
  }

  /** The descriptor's field roles: a changed field whose role the user lacks refuses the write (403). */
  function checkFieldRoles(auth: Principal, values: Values, existing: Row | null) {
    if (!descriptor.fieldRoles || auth.kind === 'system') return;
    const holds = (role: Role) => isStaff(auth) && hasAnyRole(auth, [role]);
    if (deniedFields(descriptor.fieldRoles, values, existing, holds).length) {
      throw forbidden(FIELD_ROLE_MESSAGES.fieldEditDenied);
    }
  }

  /**
   * A reference given in a create or update names a record the user may read: the referenced resource's
   * read scope decides, one query per referenced resource, for the values that change only (a record keeps
   * what it already refers to). Otherwise "not found" on that field, so nothing tells a hidden record
   * from a missing one; existence within an unrestricted scope is the resource's own check.
   */
  async function checkReferences(ctx: ResourceContext, values: Values, existing: Row | null) {
    const asked = new Map<ReadReach, { path: (string | number)[]; id: number }[]>();
    for (const field of referenceFields) {
      const value = values[field.name];
      const reach = value == null ? undefined : ctx.registries.resources.reachAt(field.reference!.path);
      if (!reach) continue;
      const before = (existing as Values | null)?.[field.name];
      const given = field.type === 'reference' ? [value] : Array.isArray(value) ? value : [];
      given.forEach((id, index) => {
        if (typeof id !== 'number') return;
        if (field.type === 'reference' ? id === before : Array.isArray(before) && before.includes(id)) return;
        const path = field.type === 'reference' ? [field.name] : [field.name, index];
        asked.set(reach, [...(asked.get(reach) ?? []), { path, id }]);
      });
    }
    const errors = new ErrorCollector();
    for (const [reach, uses] of asked) {
      const outside = await reach.outsideReadScope(ctx, [...new Set(uses.map((use) => use.id))]);
      for (const use of uses) if (outside.has(use.id)) errors.add(use.path, ERROR_MESSAGES.notFound);
    }
    errors.throwIfAny();
  }

  /**
   * A record its author wrote stays one they may read: a write that would leave it outside their read scope
   * (an order for another office, or for none) is refused under `scopeField` and undone.
   */
  async function assertStillReadable(ctx: ResourceContext, id: number) {
    const scope = readScope(ctx.auth);
    if (scope === undefined || (scope !== false && (await findOne(ctx.tx, id, scope)))) return;
    throw fieldError(options.scopeField ? [options.scopeField] : [], RESOURCE_MESSAGES.outOfScope);
  }

  /**
   * The labels of the records a page's references point to, read with the page (one query for every
   * reference column) so that names show with the rows; by field, then id. Ids the reader may not see are
   * left out.
   */
  async function referenceLabels(
    ctx: ResourceContext,
    entities: Values[],
  ): Promise<Pick<ListResult<unknown>, 'labels' | 'labelsEn'>> {
    if (!entities.length) return {};
    const parts: SQL[] = [];
    const labelled: string[] = [];
    for (const field of labelledFields) {
      const ids = new Set<number>();
      for (const entity of entities) {
        const value = entity[field.name];
        for (const id of Array.isArray(value) ? value : [value]) if (typeof id === 'number') ids.add(id);
      }
      const reach = ctx.registries.resources.reachAt(field.reference!.path);
      const part = ids.size
        ? reach?.labelsQuery(ctx.auth, field.name, [...ids], field.reference!.labelField)
        : null;
      if (!part) continue;
      parts.push(part);
      labelled.push(field.name);
    }
    if (!parts.length) return {};
    const labels: Record<string, Record<string, string | null>> = {};
    const labelsEn: Record<string, Record<string, string>> = {};
    for (const name of labelled) labels[name] = {};
    const found = await preparedRows<{
      field: string;
      id: number;
      label: string | null;
      label_en: string | null;
    }>(ctx.tx, sql.join(parts, sql` UNION ALL `));
    for (const { field, id, label, label_en } of found) {
      labels[field]![id] = label;
      if (label_en === null) continue;
      const english = labelsEn[field] ?? {};
      english[id] = label_en;
      labelsEn[field] = english;
    }
    return Object.keys(labelsEn).length ? { labels, labelsEn } : { labels };
  }

  async function changed(ctx: ResourceContext, event: WriteEvent<Row>) {
    await hooks.afterWrite?.(ctx, event);
    await hooks.onChange?.(ctx, event);
  }

  function selection({ tx, auth, registries }: ResourceContext, query: Values, narrower?: SQL) {
    const where = listWhere(descriptor, table, query, scopeOf(auth), filters, { tx, registries });
    return {
      where: narrower ? and(where, narrower) : where,
      ...listOrder(descriptor, table, query),
    };
  }

  return {
    descriptor,
    table,
    options,
    schemas,
    toEntity,
    toEntities,

    async list(ctx, query, narrower) {
      // A lookup of an action (`narrower`: the records the action may take) is authorized by the action's
      // roles, which its caller checked; the read scope still applies.
      if (!narrower) authorize(ctx.auth, 'read');
      const { tx } = ctx;
      const { where, order, keyset: sortKeyset } = selection(ctx, query, narrower);
      if (query.after && query.before) throw fieldError(['before'], RESOURCE_MESSAGES.staleCursor);
      const from = query.after
        ? pageFrom(sortKeyset, 'after', String(query.after))
        : query.before
          ? pageFrom(sortKeyset, 'before', String(query.before))
          : null;
      const offset = (query.page - 1) * query.itemsPerPage;
      const pageOffset = from ? 0 : offset;
      const rankable = searchRank(descriptor, table as PgTable, query);
      const readWith = (keyset: Keyset | null, order: SQL[], ranked = false) => {
        const select = pageSelect(keyset);
        const pageTail = tail({ where, order, limit: query.itemsPerPage, offset: pageOffset });
        const reads: PageReads<PageRow> = {
          query: (q) =>
            select.rows(
              q,
              tail({
                where: from ? and(where, from.where) : where,
                order,
                limit: query.itemsPerPage,
                offset: pageOffset,
              }),
            ),
          // The first rows of the list's order (from the cursor on), an index range, then the filter.
          walk: ranked
            ? undefined
            : (q, budget) =>
                select.rowsFrom(
                  q,
                  sql`(select * from ${table} ${tail({ where: from?.where, order, limit: budget })}) ${sql.identifier(getTableName(table as PgTable))}`,
                  pageTail,
                ),
          wanted: query.itemsPerPage,
        };
        return reads;
      };
      const refusedCursor = (error: unknown): never => {
        // A cursor whose value is no value of the sort column's type (a hand-made one).
        if (from && pgError(error)?.code?.startsWith('22')) throw from.refused();
        throw error;
      };

      const page = async (): Promise<{ counted: Counted; keyset: Keyset | null; read: PageRow[] }> => {
        const pageOrder = from?.order ?? order;
        // A search of a large table that matches many rows is not counted (its count reads every match
        // of the trigram index): its page is looked for along the sort index, and its total is the
        // planner's estimate (decision 011).
        const many =
          rankable || !where || !query.search || query.exactTotal
            ? undefined
            : await manyMatches(tx, table as PgTable, where, pageOffset + query.itemsPerPage);
        if (many !== undefined) {
          const found = await readWith(sortKeyset, pageOrder).walk!(tx, WALK_BUDGET).catch(refusedCursor);
          if (found.length >= query.itemsPerPage)
            return { counted: { total: many, kind: 'estimate' }, keyset: sortKeyset, read: found };
        }
        const counted = await countRows(tx, table as PgTable, where, { exact: query.exactTotal === true });
        // Ranking sorts every match, so it applies where they are counted (at most the count's cap); a page
        // read by the rank has no keyset, so it names no cursor.
        const rank = !from && counted.kind === 'exact' && counted.total <= COUNT_CAP ? rankable : undefined;
        const keyset = rank ? null : sortKeyset;
        // An estimate or a lower bound may be short of the real number: the page is read whatever it says.
        const read =
          from || counted.kind !== 'exact' || offset < counted.total
            ? await withPlanForMatches(
                tx,
                table as PgTable,
                Boolean(where),
                counted,
                rank ? readWith(null, [rank, ...order], true) : readWith(keyset, pageOrder),
              ).catch(refusedCursor)
            : [];
        return { counted, keyset, read };
      };
      const { counted, keyset, read } = await page();
      if (from?.reversed) read.reverse();
      const first = read[0];
      const last = read.at(-1);
      const cursors = {
        ...(keyset && last && read.length === query.itemsPerPage
          ? { nextCursor: encodeCursor(keyset, last) }
          : {}),
        ...(keyset && first && query.page > 1 ? { previousCursor: encodeCursor(keyset, first) } : {}),
      };
      // The sort value was the rows' last member: deleting it only steps their shape back.
      if (keyset && sortKeyOf(keyset)) for (const row of read) delete row[SORT_VALUE];
      const rows = read as Row[];
      const entities = customEntity ? await toEntities(rows, ctx) : (read as Values[]);
      const collection = toListRow ? entities.map(toListRow) : entities;
      const { total, kind } = totalOfPage(counted, offset, rows.length, query.itemsPerPage);
      const named = await referenceLabels(ctx, collection);
      return { collection, total, totalKind: kind, ...named, ...cursors };
    },

    async exportRows(ctx, query) {
      authorize(ctx.auth, 'read');
      const { tx } = ctx;
      const { where, order } = selection(ctx, query);
      const chosen = query.columns
        ?.split(',')
        .map((c) => c.trim())
        .filter(Boolean);
      const known = new Set(descriptor.fields.map((f) => f.name));
      const invalid = chosen?.filter((c) => !known.has(c)) ?? [];
      if (invalid.length) throw fieldError(['columns'], MESSAGES.choice);
      const fields = chosen?.length
        ? chosen.map((name) => descriptor.fields.find((f) => f.name === name)!)
        : descriptor.fields.filter((f) => f.listed);
      const rows = await rowSelect.rows(tx, tail({ where, order, limit: MAX_EXPORT_ROWS }));
      const entities = await toEntities(rows, ctx);
      return { fields, entities };
    },

    async get(ctx, id) {
      authorize(ctx.auth, 'read');
      const row = await findOne(ctx.tx, id, scopeOf(ctx.auth));
      if (!row) throw notFound();
      return toEntity(row, ctx);
    },

    async find({ tx, auth }, id, findOptions = {}) {
      const where = 'where' in findOptions ? findOptions.where : scopeOf(auth, findOptions.access);
      const row = await findOne(tx, id, where, findOptions.lock);
      if (!row) throw notFound();
      return row;
    },

    reaches,

    async canRead({ tx, auth }, id) {
      if (!may(auth, 'read')) return false;
      const scope = readScope(auth);
      return scope !== false && reaches(tx, id, scope);
    },

    async outsideReadScope({ tx, auth }, ids) {
      const scope = readScope(auth);
      if (scope === undefined || !ids.length) return new Set();
      if (scope === false) return new Set(ids);
      const reached = await idSelect.rows(tx, tail({ where: and(inArray(idColumn, [...ids]), scope) }));
      const inside = new Set(reached.map((row) => row.id));
      return new Set(ids.filter((id) => !inside.has(id)));
    },

    labelsQuery(auth, field, ids, labelField) {
      const columns = getTableColumns(table as PgTable) as Record<string, AnyPgColumn>;
      const column = columns[labelField];
      if (!column || !ids.length || !may(auth, 'read')) return null;
      const scope = readScope(auth);
      if (scope === false) return null;
      // The English twin of the label (`nameEn` beside `name`), for a reader of the English interface.
      const english = columns[`${labelField}En`];
      const labelEn = english ? sql`nullif(${english}::text, '')` : sql`NULL::text`;
      // The ids as one array parameter: a page's references are a few hundred ids, each its own
      // parameter to render, send and parse otherwise.
      const reached = sql`${idColumn} = ANY(${sql.param([...ids])}::int[])`;
      return sql`(SELECT ${field}::text AS field, ${idColumn}::int AS id, ${column}::text AS label, ${labelEn} AS label_en FROM ${table} WHERE ${and(reached, scope)})`;
    },

    changeLogAccess(auth, entityId) {
      if (!may(auth, 'read')) return false;
      const scope = readScope(auth);
      if (scope === false) return false;
      if (scope === undefined) return true;
      // One index probe per entry: no stored row outside the scope (in it, or deleted).
      return sql`NOT EXISTS (SELECT 1 FROM ${table} WHERE ${idColumn} = ${entityId} AND (${scope}) IS NOT TRUE)`;
    },

    async history({ tx, auth }, id, query) {
      authorize(auth, 'read');
      if (!(await findOne(tx, id, scopeOf(auth)))) throw notFound();
      return changeHistory(tx, { ...query, entityType: descriptor.name, entityId: id });
    },

    async create(call, body) {
      const { tx: outer, auth } = call;
      authorize(auth, 'create');
      const input = parse(schemas.create, body) as Values;
      return inTransaction(outer, 'write', async (tx) => {
        // The caller's context (its clock too) in this write's transaction.
        const ctx = { ...call, tx };
        checkFieldRoles(auth, input, null);
        await checkReferences(ctx, input, null);
        const values = (await hooks.beforeCreate?.(ctx, { ...input })) ?? input;
        const [row] = (await tx
          .insert(table)
          .values(columnValues(values) as never)
          .returning()) as Row[];
        await changed(ctx, { action: 'create', before: null, after: row!, input });
        // After the hooks: what they write beside the row (a printable bill's lines) is in the entity.
        const after = await toEntity(row!, ctx);
        await log(ctx, 'create', idOf(row!), null, after);
        await assertStillReadable(ctx, idOf(row!));
        return after;
      });
    },

    async update(call, id, body, ifMatch) {
      const { tx: outer, auth } = call;
      authorize(auth, 'edit');
      const { version: bodyVersion, ...input } = parse(schemas.update, body) as Values & { version?: number };
      const version = bodyVersion ?? ifMatch;
      if (version === undefined) throw fieldError(['version'], RESOURCE_MESSAGES.versionRequired);
      const scope = scopeOf(auth, 'write');
      return inTransaction(outer, 'write', async (tx) => {
        const ctx = { ...call, tx };
        const existing = await findOne(tx, id, scope);
        if (!existing) throw notFound();
        if ((existing as { version: number }).version !== version) throw conflict();
        await hooks.guardUpdate?.(
          ctx,
          existing,
          changedFieldsOf(input, existing as Values, descriptor.fieldRoles?.createDefaults),
        );
        checkFieldRoles(auth, input, existing);
        await checkReferences(ctx, input, existing);
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
        const before = await toEntity(existing, ctx);
        await changed(ctx, { action: 'update', before: existing, after: row, input });
        const after = await toEntity(row, ctx);
        await log(ctx, 'update', id, before, after);
        await assertStillReadable(ctx, id);
        return after;
      });
    },

    async delete(call, id) {
      const { tx: outer, auth } = call;
      authorize(auth, 'delete');
      const scope = scopeOf(auth, 'write');
      return inTransaction(outer, 'delete', async (tx) => {
        const ctx = { ...call, tx };
        const existing = await findOne(tx, id, scope, true);
        if (!existing) throw notFound();
        await hooks.beforeDelete?.(ctx, existing);
        const before = await toEntity(existing, ctx);
        await tx.delete(table).where(and(eq(idColumn, id), scope));
        await log(ctx, 'delete', id, before, null);
        await changed(ctx, { action: 'delete', before: existing, after: null, input: {} });
        return before;
      });
    },

    async setEnabled(call, id, enabled) {
      const { tx: outer, auth } = call;
      const action = enabled ? 'enable' : 'disable';
      authorize(auth, 'edit');
      const scope = scopeOf(auth, 'write');
      return inTransaction(outer, 'write', async (tx) => {
        const ctx = { ...call, tx };
        const existing = await findOne(tx, id, scope, true);
        if (!existing) throw notFound();
        // Already in the asked state: nothing changes, nothing is logged.
        if ((existing as { enabled: boolean }).enabled === enabled) return toEntity(existing, ctx);
        const [row] = (await tx
          .update(table)
          .set({ enabled, version: sql`${versionColumn} + 1`, updatedAt: new Date() } as never)
          .where(and(eq(idColumn, id), scope))
          .returning()) as Row[];
        const after = await toEntity(row!, ctx);
        await log(ctx, action, id, await toEntity(existing, ctx), after);
        await changed(ctx, { action, before: existing, after: row!, input: {} });
        return after;
      });
    },

    async write(ctx, before, set, { action, version, changes }) {
      if (version !== undefined && (before as { version: number }).version !== version) throw conflict();
      const [after] = (await ctx.tx
        .update(table)
        .set({ ...set, version: sql`${versionColumn} + 1`, updatedAt: new Date() } as never)
        .where(eq(idColumn, idOf(before)))
        .returning()) as Row[];
      await log(ctx, action, idOf(before), await toEntity(before, ctx), await toEntity(after!, ctx), changes);
      await hooks.onChange?.(ctx, { action, before, after: after!, input: set });
      return after!;
    },
  };
}
