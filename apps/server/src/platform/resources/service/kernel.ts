import {
  deniedFields,
  ERROR_MESSAGES,
  FIELD_ROLE_MESSAGES,
  RESOURCE_MESSAGES,
  type ResourceDescriptor,
  type Role,
} from '@tms/domain';
import { and, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { readEach, type Tx } from '../../../db/connection';
import { isStaff, type Principal } from '../../auth/context';
import { type ChangeAction, diff, recordChange, recordChanges } from '../../changelog/service';
import type { FieldChanges } from '../../changelog/tables';
import { deletedRecords } from '../../changelog/tables';
import { ErrorCollector, fieldError, forbidden, HttpError } from '../../errors';
import { hasAnyRole } from '../../permissions/check';
import type { CallContext, ChangeContext, ResourceContext } from '../context';
import { constraintFields, mapConstraintError } from '../db-errors';
import { columnOf } from '../query';
import type { ReadReach } from '../reach';
import { prerendered, tableSelect, tail } from '../statements';
import type { ResourceTable } from '../table';
import { ManyRefused, refusedAt, unwrapMany } from './many-refused';
import { membersWithoutColumn } from './members';
import { type ResourceAction, rolesFor } from './roles';
import { defaultEntity, resourceSchemas } from './schemas';
import type { ResourceOptions, Values, WriteEvent } from './types';

/**
 * What every pipeline of one resource's service shares, built once when the service is: the descriptor's
 * checks against the table, access (roles per action, scope), the row ↔ entity mapping, the change log and
 * the checks of a write. The pipelines (`list.ts`, `read.ts`, `create.ts`, `update.ts`, `delete.ts`) are
 * the steps of each action in order over it.
 */
export type Kernel<Row extends object, Input extends object> = ReturnType<typeof kernelOf<Row, Input>>;

export function kernelOf<Row extends object, Input extends object>(
  descriptor: ResourceDescriptor,
  table: ResourceTable,
  options: ResourceOptions<Row, Input>,
) {
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
  const virtual = new Set<string>(options.virtual ?? []);
  const missing = membersWithoutColumn(descriptor, table, options);
  if (missing.length) throw new Error(`Resource ${descriptor.name}: ${missing.join('; ')}`);

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
    if (auth.kind === 'cabinet') {
      const wanted = options.cabinet?.roles?.[action];
      return (
        Boolean(options.cabinet) &&
        (!options.cabinet!.kind || options.cabinet!.kind === auth.cabinetKind) &&
        cabinetActions.has(action) &&
        (!wanted || wanted.some((role) => auth.roles.has(role)))
      );
    }
    if (options.cabinet?.only) return false;
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
  const buildScope = (auth: Principal, access: 'read' | 'write'): SQL | undefined => {
    if (auth.kind === 'system') return undefined;
    if (auth.kind === 'cabinet') {
      if (!options.cabinet || (options.cabinet.kind && options.cabinet.kind !== auth.cabinetKind)) {
        throw forbidden();
      }
      return options.cabinet.counterparty(auth.counterpartyId);
    }
    if (options.cabinet?.only) throw forbidden();
    return hooks.scope ? hooks.scope(auth, access) : undefined;
  };
  // A scope is a function of the principal alone, and a signed-in user's principal is one frozen object
  // per cached session: built and rendered once per principal, a request binds its values again instead of
  // walking drizzle's tree of offices, roles and subqueries (the most of a small list's own cost).
  const scopes = new WeakMap<
    Principal,
    Partial<Record<'read' | 'write', { scope?: SQL; refused?: unknown }>>
  >();
  const scopeOf = (auth: Principal, access: 'read' | 'write' = 'read'): SQL | undefined => {
    let known = scopes.get(auth);
    if (!known) {
      known = {};
      scopes.set(auth, known);
    }
    let entry = known[access];
    if (!entry) {
      try {
        const scope = buildScope(auth, access);
        entry = { scope: scope && prerendered(scope) };
      } catch (refused) {
        entry = { refused };
      }
      known[access] = entry;
    }
    if (entry.refused) throw entry.refused;
    return entry.scope;
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

  const toEntities = async (rows: readonly Row[], ctx: CallContext): Promise<Values[]> => {
    if (hooks.toEntities) return rows.length ? hooks.toEntities(rows, ctx) : [];
    return readEach(ctx.tx, rows, async (row) =>
      hooks.toEntity ? hooks.toEntity(row, ctx) : defaultEntity(descriptor, row as object),
    );
  };
  const toEntity = async (row: Row, ctx: CallContext): Promise<Values> => (await toEntities([row], ctx))[0]!;

  /**
   * The columns of what a write sends: a declared virtual member (the hooks write it elsewhere) is left out,
   * an unset one is not written, and any other member names no column: a mistake of the code, refused.
   */
  const columnValues = (values: object): Values => {
    const out: Values = {};
    for (const [key, value] of Object.entries(values)) {
      if (columns.has(key)) {
        if (value !== undefined) out[key] = value;
      } else if (!virtual.has(key)) {
        throw new Error(`Resource ${descriptor.name}: ${key} is no column and no virtual member`);
      }
    }
    return out;
  };
  const idOf = (row: Row) => (row as { id: number }).id;
  const rowSelect = tableSelect<Row>(table as PgTable);
  const idSelect = tableSelect<{ id: number }>(table as PgTable, { id: idColumn });

  async function reaches(tx: Tx, id: number, where: SQL | undefined): Promise<boolean> {
    if (where === undefined) return true;
    const [row] = await idSelect.rows(tx, tail({ where: and(eq(idColumn, id), where), limit: 1 }));
    return Boolean(row);
  }

  async function findOne(tx: Tx, id: number, where: SQL | undefined, lock = false): Promise<Row | undefined> {
    const rows = await rowSelect.rows(tx, tail({ where: and(eq(idColumn, id), where), limit: 1, lock }));
    return rows[0];
  }

  /** A write in its own transaction (nested in the caller's); a constraint's failure is its field's error. */
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

  /** The hooks' events of a user's write: `afterWrite`, then `onChange`. */
  async function changed(ctx: ResourceContext, event: WriteEvent<Row, Input>) {
    await hooks.afterWrite?.(ctx, event);
    await hooks.onChange?.(ctx, event);
  }

  /** The descriptor's field roles: a changed field whose role the user lacks refuses the write (403). */
  function checkFieldRoles(auth: Principal, values: object, existing: Row | null) {
    if (!descriptor.fieldRoles || auth.kind === 'system') return;
    const holds = (role: Role) => isStaff(auth) && hasAnyRole(auth, [role]);
    if (deniedFields(descriptor.fieldRoles, values as Values, existing, holds).length) {
      throw forbidden(FIELD_ROLE_MESSAGES.fieldEditDenied);
    }
  }

  const referenceFields = descriptor.fields.filter(
    (field) =>
      (field.type === 'reference' || field.type === 'references') && field.reference && !field.readOnly,
  );
  /**
   * A reference given in a create or update names a record the user may read: the referenced resource's
   * read scope decides, one query per referenced resource, for the values that change only (a record keeps
   * what it already refers to). Otherwise "not found" on that field, so nothing tells a hidden record
   * from a missing one; existence within an unrestricted scope is the resource's own check.
   */
  async function checkReferences(ctx: ResourceContext, values: object, existing: Row | null) {
    await unwrapMany(checkReferencesMany(ctx, [values], existing));
  }

  /**
   * `checkReferences` of several records written together (`createMany`; `updateMany` with each record's
   * stored row): one query per referenced resource for all of them; the first record with a reference
   * outside the scope is refused (`ManyRefused`).
   */
  async function checkReferencesMany(
    ctx: ResourceContext,
    records: readonly object[],
    existing: Row | null | readonly Row[],
  ) {
    const asked = new Map<ReadReach, { record: number; path: (string | number)[]; id: number }[]>();
    records.forEach((values, record) => {
      for (const field of referenceFields) {
        const value = (values as Values)[field.name];
        const reach = value == null ? undefined : ctx.registries.resources.reachAt(field.reference!.path);
        if (!reach) continue;
        const stored = Array.isArray(existing) ? existing[record] : existing;
        const before = (stored as Values | null | undefined)?.[field.name];
        const given = field.type === 'reference' ? [value] : Array.isArray(value) ? value : [];
        given.forEach((id, index) => {
          if (typeof id !== 'number') return;
          if (field.type === 'reference' ? id === before : Array.isArray(before) && before.includes(id))
            return;
          const path = field.type === 'reference' ? [field.name] : [field.name, index];
          const uses = asked.get(reach) ?? [];
          uses.push({ record, path, id });
          asked.set(reach, uses);
        });
      }
    });
    const errors = records.map(() => new ErrorCollector());
    for (const [reach, uses] of asked) {
      const outside = await reach.outsideReadScope(ctx, [...new Set(uses.map((use) => use.id))]);
      for (const use of uses) {
        if (outside.has(use.id)) errors[use.record]!.add(use.path, ERROR_MESSAGES.notFound);
      }
    }
    errors.forEach((collector, record) => {
      refusedAt(record, () => collector.throwIfAny());
    });
  }

  /**
   * A resource with a read scope keeps the last row of a record it deletes (`deleted_records`), so the change
   * log still applies the scope to the record's entries once it is gone (`changeLogAccess`).
   */
  const scoped = Boolean(hooks.scope || options.cabinet);
  async function keepDeleted(tx: Tx, id: number) {
    if (!scoped) return;
    await tx.execute(sql`INSERT INTO ${deletedRecords} (entity_type, entity_id, row)
      SELECT ${descriptor.name}, ${idColumn}, to_jsonb(${table}) FROM ${table} WHERE ${eq(idColumn, id)}
      ON CONFLICT (entity_type, entity_id) DO UPDATE SET row = EXCLUDED.row, deleted_at = now()`);
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

  /** `assertStillReadable` of several records at once (one query); the first one outside is refused. */
  async function assertAllReadable(ctx: ResourceContext, ids: readonly number[]) {
    const scope = readScope(ctx.auth);
    if (scope === undefined || !ids.length) return;
    const inside =
      scope === false
        ? new Set<number>()
        : new Set(
            (await idSelect.rows(ctx.tx, tail({ where: and(inArray(idColumn, [...ids]), scope) }))).map(
              (row) => row.id,
            ),
          );
    const index = ids.findIndex((id) => !inside.has(id));
    if (index >= 0) {
      throw new ManyRefused(
        index,
        fieldError(options.scopeField ? [options.scopeField] : [], RESOURCE_MESSAGES.outOfScope),
      );
    }
  }

  /** `log` of records created together, in one statement. */
  async function logCreated(ctx: ChangeContext, entities: readonly Values[]) {
    await recordChanges(
      ctx.tx,
      entities.map((after) => ({
        entityType: descriptor.name,
        entityId: after.id as number,
        action: 'create',
        auth: ctx.auth,
        changes: diff(null, after, { secret: options.secretFields }),
        version: (after.version as number | undefined) ?? null,
      })),
    );
  }

  /** `log` of records updated together, in one statement (their entities before and after). */
  async function logUpdated(ctx: ChangeContext, changes: readonly { before: Values; after: Values }[]) {
    await recordChanges(
      ctx.tx,
      changes.map(({ before, after }) => ({
        entityType: descriptor.name,
        entityId: after.id as number,
        action: 'update',
        auth: ctx.auth,
        changes: diff(before, after, { secret: options.secretFields }),
        version: (after.version as number | undefined) ?? null,
      })),
    );
  }

  return {
    descriptor,
    table,
    options,
    hooks,
    schemas,
    filters,
    idColumn,
    versionColumn,
    may,
    authorize,
    scopeOf,
    readScope,
    toEntity,
    toEntities,
    columnValues,
    idOf,
    rowSelect,
    idSelect,
    reaches,
    findOne,
    inTransaction,
    log,
    changed,
    checkFieldRoles,
    checkReferences,
    checkReferencesMany,
    assertStillReadable,
    assertAllReadable,
    logCreated,
    logUpdated,
    keepDeleted,
  };
}
