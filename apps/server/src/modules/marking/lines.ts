import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import { markingCodes } from './tables';

/** The order's marking codes (`01<GTIN>21<serial>`, as a DT declares them) by cargo line (TNVED code). */
export async function markingCodesByLine(tx: Tx, orderId: number): Promise<Map<string, string[]>> {
  const rows = await tx
    .select({ tnvedCode: markingCodes.tnvedCode, cis: markingCodes.cis })
    .from(markingCodes)
    .where(eq(markingCodes.orderId, orderId))
    .orderBy(asc(markingCodes.id));
  const lines = new Map<string, string[]>();
  for (const row of rows) lines.set(row.tnvedCode, [...(lines.get(row.tnvedCode) ?? []), row.cis]);
  return lines;
}
