import { changedFieldsOf, RESOURCE_MESSAGES } from '@tms/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { conflict, fieldError, notFound } from '../../errors';
import { tail } from '../statements';
import type { Kernel } from './kernel';
import { ManyRefused, refusedAt, refusedAtAsync } from './many-refused';
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
 * Update of several records at once (an import's chunk), each by the same rules as `update`: authorize →
 * validate each → in one transaction: the rows in the write scope, read and locked in one query → each
 * one's version (when given) → `guardUpdate` → field roles → references (one query per referenced
 * resource) → `beforeUpdateMany` (the hook's lookups once for all) → an UPDATE per record where its
 * version still matches → `afterWrite`/`onChange` per record → the entities before and after (one query
 * each) → the change log in one statement → the records stay readable (one query). A resource with a
 * `beforeUpdate` and no `beforeUpdateMany` has its records updated one by one (`update`). The first
 * refused item throws `ManyRefused` with its index; nothing of the call is left then.
 */
export function updateManyPipeline<Row extends object, Input extends object>(
  kernel: Kernel<Row, Input>,
  update: ResourceService<Row, Input>['update'],
): ResourceService<Row, Input>['updateMany'] {
  const { descriptor, table, hooks, schemas, idColumn, versionColumn, rowSelect } = kernel;
  return async (call, items) => {
    if (!items.length) return [];
    const { tx: outer, auth } = call;
    kernel.authorize(auth, 'edit');
    const parsed = items.map((item, index) =>
      refusedAt(index, () => {
        const { version, ...sent } = parse(schemas.update, item.input) as Values & { version?: number };
        const input = Object.fromEntries(
          Object.entries(sent).filter(([, value]) => value !== undefined),
        ) as Partial<Input>;
        return { id: item.id, sent, input, version: version ?? item.version };
      }),
    );
    const scope = kernel.scopeOf(auth, 'write');
    return kernel.inTransaction(outer, 'write', async (tx) => {
      const ctx = { ...call, tx };
      const ids = [...new Set(parsed.map((item) => item.id))];
      const stored = new Map(
        (await rowSelect.rows(tx, tail({ where: and(inArray(idColumn, ids), scope), lock: true }))).map(
          (row) => [kernel.idOf(row), row],
        ),
      );
      const existing = parsed.map((item, index) => {
        const row = stored.get(item.id);
        if (!row) throw new ManyRefused(index, notFound());
        if (item.version !== undefined && (row as { version: number }).version !== item.version) {
          throw new ManyRefused(index, conflict());
        }
        return row;
      });
      if (hooks.beforeUpdate && !hooks.beforeUpdateMany) {
        // Rules that read what the records before wrote: one by one, each at the version just read.
        const entities: Values[] = [];
        for (const [index, item] of parsed.entries()) {
          const version = (existing[index] as { version: number }).version;
          entities.push(
            await refusedAtAsync(index, () => update(ctx, item.id, { ...item.input, version }, version)),
          );
        }
        return entities;
      }
      for (const [index, item] of parsed.entries()) {
        const row = existing[index]!;
        await refusedAtAsync(index, async () => {
          await hooks.guardUpdate?.(
            ctx,
            row,
            changedFieldsOf(item.sent, row as Values, descriptor.fieldRoles?.createDefaults),
          );
          kernel.checkFieldRoles(auth, item.input, row);
        });
      }
      await kernel.checkReferencesMany(
        ctx,
        parsed.map((item) => item.input),
        existing,
      );
      const completed = await hooks.beforeUpdateMany?.(
        ctx,
        parsed.map((item, index) => ({ values: { ...item.input }, existing: existing[index]! })),
      );
      const rows: Row[] = [];
      for (const [index, item] of parsed.entries()) {
        const values = completed?.[index] ?? (item.input as WriteValues<Row, Input>);
        const before = existing[index] as Row & { version: number };
        const [row] = (await tx
          .update(table)
          .set({
            ...kernel.columnValues(values),
            version: sql`${versionColumn} + 1`,
            updatedAt: new Date(),
          } as never)
          .where(and(eq(idColumn, item.id), eq(versionColumn, before.version), scope))
          .returning()) as Row[];
        if (!row) throw new ManyRefused(index, conflict());
        rows.push(row);
      }
      const befores = await kernel.toEntities(existing, ctx);
      for (const [index, row] of rows.entries()) {
        await refusedAtAsync(index, () =>
          kernel.changed(ctx, {
            action: 'update',
            before: existing[index]!,
            after: row,
            input: parsed[index]!.input as WriteValues<Row, Input>,
          }),
        );
      }
      const afters = await kernel.toEntities(rows, ctx);
      await kernel.logUpdated(
        ctx,
        afters.map((after, index) => ({ before: befores[index]!, after })),
      );
      await kernel.assertAllReadable(ctx, rows.map(kernel.idOf));
      return afters;
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
