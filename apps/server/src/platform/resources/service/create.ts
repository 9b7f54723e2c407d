import { getTableColumns } from 'drizzle-orm';
import type { Kernel } from './kernel';
import { refusedAt, refusedAtAsync } from './many-refused';
import { parse } from './schemas';
import type { ResourceService, Values, WriteValues } from './types';

/**
 * Create: authorize (create roles) → validate (the strict create schema: an unknown member is a 400) → in
 * its own transaction: field roles → references the author may read → `beforeCreate` → insert the columns →
 * `afterWrite`/`onChange` → record the change → the record must stay readable to its author.
 */
export function createPipeline<Row extends object, Input extends object>(
  kernel: Kernel<Row, Input>,
): ResourceService<Row, Input>['create'] {
  const { table, hooks, schemas } = kernel;
  return async (call, body) => {
    const { tx: outer, auth } = call;
    kernel.authorize(auth, 'create');
    const input = parse(schemas.create, body) as Input;
    return kernel.inTransaction(outer, 'write', async (tx) => {
      // The caller's context (its clock too) in this write's transaction.
      const ctx = { ...call, tx };
      kernel.checkFieldRoles(auth, input, null);
      await kernel.checkReferences(ctx, input, null);
      const values: WriteValues<Row, Input> =
        (await hooks.beforeCreate?.(ctx, { ...input })) ?? (input as WriteValues<Row, Input>);
      const [row] = (await tx
        .insert(table)
        .values(kernel.columnValues(values) as never)
        .returning()) as Row[];
      await kernel.changed(ctx, {
        action: 'create',
        before: null,
        after: row!,
        input: input as WriteValues<Row, Input>,
      });
      // After the hooks: what they write beside the row (a printable bill's lines) is in the entity.
      const after = await kernel.toEntity(row!, ctx);
      await kernel.log(ctx, 'create', kernel.idOf(row!), null, after);
      await kernel.assertStillReadable(ctx, kernel.idOf(row!));
      return after;
    });
  };
}

/** Most bind parameters of one statement (PostgreSQL takes 65,535). */
const MAX_PARAMETERS = 60_000;

/**
 * Create of several records at once (an import's chunk), each by the same rules as `create`: authorize →
 * validate each → in one transaction: field roles → references (one query per referenced resource) →
 * `beforeCreateMany` (the hook's lookups once for all) → one insert →
 * `afterCreateMany`, else `afterWrite` per record; `onChange` per record → the entities → the change log in
 * one statement → the records stay readable (one query). The first refused record throws `ManyRefused`
 * with its index and its refusal as `create` would answer it; nothing of the call is left then. A resource
 * with a `beforeCreate` and no `beforeCreateMany` has its records created one by one (`create`): its rules
 * may read what the records before wrote.
 */
export function createManyPipeline<Row extends object, Input extends object>(
  kernel: Kernel<Row, Input>,
  create: ResourceService<Row, Input>['create'],
): ResourceService<Row, Input>['createMany'] {
  const { table, hooks, schemas } = kernel;
  return async (call, bodies) => {
    if (!bodies.length) return [];
    if (hooks.beforeCreate && !hooks.beforeCreateMany) {
      // Rules that read what the records before wrote (a number after the last, a name taken): one by one.
      return kernel.inTransaction(call.tx, 'write', async (tx) => {
        const entities: Values[] = [];
        for (const [index, body] of bodies.entries()) {
          entities.push(await refusedAtAsync(index, () => create({ ...call, tx }, body)));
        }
        return entities;
      });
    }
    const { tx: outer, auth } = call;
    kernel.authorize(auth, 'create');
    const inputs = bodies.map((body, index) => refusedAt(index, () => parse(schemas.create, body) as Input));
    return kernel.inTransaction(outer, 'write', async (tx) => {
      const ctx = { ...call, tx };
      inputs.forEach((input, index) => {
        refusedAt(index, () => kernel.checkFieldRoles(auth, input, null));
      });
      await kernel.checkReferencesMany(ctx, inputs, null);
      const completed = await hooks.beforeCreateMany?.(
        ctx,
        inputs.map((input) => ({ ...input })),
      );
      const values = inputs.map((input, index) => completed?.[index] ?? (input as WriteValues<Row, Input>));
      const columns = values.map((value) => kernel.columnValues(value));
      const perStatement = Math.max(
        1,
        Math.floor(MAX_PARAMETERS / Object.keys(getTableColumns(table)).length),
      );
      const rows: Row[] = [];
      for (let start = 0; start < columns.length; start += perStatement) {
        rows.push(
          ...((await tx
            .insert(table)
            .values(columns.slice(start, start + perStatement) as never)
            .returning()) as Row[]),
        );
      }
      const events = rows.map((row, index) => ({
        action: 'create' as const,
        before: null,
        after: row,
        input: inputs[index] as WriteValues<Row, Input>,
      }));
      if (hooks.afterCreateMany) await hooks.afterCreateMany(ctx, events);
      else if (hooks.afterWrite) {
        for (const [index, event] of events.entries()) {
          await refusedAtAsync(index, async () => hooks.afterWrite!(ctx, event));
        }
      }
      if (hooks.onChange) {
        for (const [index, event] of events.entries()) {
          await refusedAtAsync(index, async () => hooks.onChange!(ctx, event));
        }
      }
      const entities = await kernel.toEntities(rows, ctx);
      await kernel.logCreated(ctx, entities);
      await kernel.assertAllReadable(ctx, rows.map(kernel.idOf));
      return entities;
    });
  };
}
