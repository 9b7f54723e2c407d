import type { Kernel } from './kernel';
import { parse } from './schemas';
import type { ResourceService, WriteValues } from './types';

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
