import { inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/connection';
import { currencies } from '../../reference-data';

/** The codes of the currencies `ids` name, one query for a page of a cabinet's bills or payments. */
export async function currencyCodesOf(tx: Tx, ids: readonly number[]): Promise<Map<number, string>> {
  const rows = ids.length
    ? await tx
        .select({ id: currencies.id, code: currencies.code })
        .from(currencies)
        .where(inArray(currencies.id, [...new Set(ids)]))
    : [];
  return new Map(rows.map((row) => [row.id, row.code]));
}
