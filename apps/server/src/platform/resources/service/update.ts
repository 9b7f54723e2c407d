import { changedFieldsOf, RESOURCE_MESSAGES } from '@tms/domain';
import { and, eq, sql } from 'drizzle-orm';
import { conflict, fieldError, notFound } from '../../errors';
import type { Kernel } from './kernel';
import { parse } from './schemas';
import type { ResourceService, Values, WriteValues } from './types';

/**
 * Update: authorize (edit roles) → validate (the strict update schema) and the version → in its own
 * transaction: the row in the write scope at that version → `guardUpdate` → field roles → references →
 * `beforeUpdate` → update the columns where the version still matches → `afterWrite`/`onChange` → record
 * the change → the record must stay readable to its author.
 */
export function updatePipeline<Row extends object, Input extends object>(
  kernel: Kernel<Row, Input>,
): ResourceService<Row, Input>['update'] {
  const { descriptor, table, hooks, schemas, idColumn, versionColumn } = kernel;
  return async (call, id, body, ifMatch) => {
    const { tx: outer, auth } = call;
    kernel.authorize(auth, 'edit');
    const { version: bodyVersion, ...sent } = parse(schemas.update, body) as Values & { version?: number };
    // A member given as undefined (a caller's spread of optional members) is not sent: it stays as stored,
    // and the hooks see only what changes.
    const input = Object.fromEntries(
      Object.entries(sent).filter(([, value]) => value !== undefined),
    ) as Partial<Input>;
    const version = bodyVersion ?? ifMatch;
    if (version === undefined) throw fieldError(['version'], RESOURCE_MESSAGES.versionRequired);
    const scope = kernel.scopeOf(auth, 'write');
    return kernel.inTransaction(outer, 'write', async (tx) => {
      const ctx = { ...call, tx };
      const existing = await kernel.findOne(tx, id, scope);
      if (!existing) throw notFound();
      if ((existing as { version: number }).version !== version) throw conflict();
      await hooks.guardUpdate?.(
        ctx,
        existing,
        changedFieldsOf(sent, existing as Values, descriptor.fieldRoles?.createDefaults),
      );
      kernel.checkFieldRoles(auth, input, existing);
      await kernel.checkReferences(ctx, input, existing);
      const values: WriteValues<Row, Input> =
        (await hooks.beforeUpdate?.(ctx, { ...input }, existing)) ?? (input as WriteValues<Row, Input>);
      // The version check lives in the UPDATE itself: of two concurrent updates only one matches.
      const [row] = (await tx
        .update(table)
        .set({
          ...kernel.columnValues(values),
          version: sql`${versionColumn} + 1`,
          updatedAt: new Date(),
        } as never)
        .where(and(eq(idColumn, id), eq(versionColumn, version), scope))
        .returning()) as Row[];
      if (!row) throw conflict();
      const before = await kernel.toEntity(existing, ctx);
      await kernel.changed(ctx, {
        action: 'update',
        before: existing,
        after: row,
        input: input as WriteValues<Row, Input>,
      });
      const after = await kernel.toEntity(row, ctx);
      await kernel.log(ctx, 'update', id, before, after);
      await kernel.assertStillReadable(ctx, id);
      return after;
    });
  };
}

/**
 * Enable or disable: authorize (edit roles) → in its own transaction: the row in the write scope, locked →
 * already so: nothing → set `enabled` → record the change → `afterWrite`/`onChange`.
 */
export function setEnabledPipeline<Row extends object, Input extends object>(
  kernel: Kernel<Row, Input>,
): ResourceService<Row, Input>['setEnabled'] {
  const { table, idColumn, versionColumn } = kernel;
  return async (call, id, enabled) => {
    const { tx: outer, auth } = call;
    const action = enabled ? 'enable' : 'disable';
    kernel.authorize(auth, 'edit');
    const scope = kernel.scopeOf(auth, 'write');
    return kernel.inTransaction(outer, 'write', async (tx) => {
      const ctx = { ...call, tx };
      const existing = await kernel.findOne(tx, id, scope, true);
      if (!existing) throw notFound();
      // Already in the asked state: nothing changes, nothing is logged.
      if ((existing as { enabled: boolean }).enabled === enabled) return kernel.toEntity(existing, ctx);
      const [row] = (await tx
        .update(table)
        .set({ enabled, version: sql`${versionColumn} + 1`, updatedAt: new Date() } as never)
        .where(and(eq(idColumn, id), scope))
        .returning()) as Row[];
      const after = await kernel.toEntity(row!, ctx);
      await kernel.log(ctx, action, id, await kernel.toEntity(existing, ctx), after);
      await kernel.changed(ctx, { action, before: existing, after: row!, input: {} });
      return after;
    });
  };
}

/**
 * The use cases' write of a row they read and locked: the optimistic version (when given) → set the columns
 * (nothing else: `columnValues` refuses any other member) → record the change under its action → `onChange`.
 */
export function writePrimitive<Row extends object, Input extends object>(
  kernel: Kernel<Row, Input>,
): ResourceService<Row, Input>['write'] {
  const { table, idColumn, versionColumn, idOf } = kernel;
  return async (ctx, before, set, { action, version, changes }) => {
    if (version !== undefined && (before as { version: number }).version !== version) throw conflict();
    const [after] = (await ctx.tx
      .update(table)
      .set({
        ...kernel.columnValues(set),
        version: sql`${versionColumn} + 1`,
        updatedAt: new Date(),
      } as never)
      .where(eq(idColumn, idOf(before)))
      .returning()) as Row[];
    await kernel.log(
      ctx,
      action,
      idOf(before),
      await kernel.toEntity(before, ctx),
      await kernel.toEntity(after!, ctx),
      changes,
    );
    await kernel.hooks.onChange?.(ctx, {
      action,
      before,
      after: after!,
      input: set as WriteValues<Row, Input>,
    });
    return after!;
  };
}
