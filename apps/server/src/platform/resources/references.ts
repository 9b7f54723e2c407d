import { MESSAGES } from '@tms/domain';
import { inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/connection';
import { ErrorCollector } from '../errors';

/**
 * Checks that every id of a reference list names an existing record of `table`; unknown ids are refused
 * under `<field>.<index>`. Returns the ids without repeats, in their order.
 */
export async function checkReferences(
  tx: Tx,
  table: PgTable & { id: PgColumn },
  field: string,
  ids: readonly number[] | undefined,
): Promise<number[] | undefined> {
  if (ids === undefined) return undefined;
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const found = new Set(
    (await tx.select({ id: table.id }).from(table).where(inArray(table.id, unique))).map(
      (r) => r.id as number,
    ),
  );
  const errors = new ErrorCollector();
  ids.forEach((id, index) => {
    if (!found.has(id)) errors.add([field, index], MESSAGES.invalid);
  });
  errors.throwIfAny();
  return unique;
}
