import { and, eq } from 'drizzle-orm';
import { notFound } from '../../errors';
import type { Kernel } from './kernel';
import type { ResourceService } from './types';

/**
 * Delete: authorize (delete roles) → in its own transaction: the row in the write scope, locked →
 * `beforeDelete` ("in use" checks) → keep its last row (a scoped resource's) → delete → record the change → `afterWrite`/`onChange`; a foreign key
 * still pointing at the row is the resource's "in use" 409.
 */
export function deletePipeline<Row extends object, Input extends object>(
  kernel: Kernel<Row, Input>,
): ResourceService<Row, Input>['delete'] {
  const { table, idColumn, hooks } = kernel;
  return async (call, id) => {
    const { tx: outer, auth } = call;
    kernel.authorize(auth, 'delete');
    const scope = kernel.scopeOf(auth, 'write');
    return kernel.inTransaction(outer, 'delete', async (tx) => {
      const ctx = { ...call, tx };
      const existing = await kernel.findOne(tx, id, scope, true);
      if (!existing) throw notFound();
      await hooks.beforeDelete?.(ctx, existing);
      const before = await kernel.toEntity(existing, ctx);
      await kernel.keepDeleted(tx, id);
      await tx.delete(table).where(and(eq(idColumn, id), scope));
      await kernel.log(ctx, 'delete', id, before, null);
      await kernel.changed(ctx, { action: 'delete', before: existing, after: null, input: {} });
      return before;
    });
  };
}
