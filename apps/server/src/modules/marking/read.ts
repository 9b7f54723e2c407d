import type { MarkingCodeEntity, MarkingRequest, OrderMarking } from '@tms/domain';
import { asc, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import type { MarkingOrder } from './access';
import { markingCodes, markingRequests } from './tables';

export type MarkingCodeRow = typeof markingCodes.$inferSelect;
export type MarkingRequestRow = typeof markingRequests.$inferSelect;

const REQUESTS_SHOWN = 20;

export function codeEntity(row: MarkingCodeRow): MarkingCodeEntity {
  return {
    id: row.id,
    orderId: row.orderId,
    tnvedCode: row.tnvedCode,
    gtin: row.gtin,
    serial: row.serial,
    cis: row.cis,
    code: row.code,
    printed: row.printed,
    status: row.status as MarkingCodeEntity['status'],
    source: row.source as MarkingCodeEntity['source'],
    statusChangedAt: row.statusChangedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

export function requestEntity(row: MarkingRequestRow): MarkingRequest {
  return {
    id: row.id,
    orderId: row.orderId,
    kind: row.kind as MarkingRequest['kind'],
    tnvedCode: row.tnvedCode,
    gtin: row.gtin,
    quantity: row.quantity,
    codeCount: row.codeCount,
    state: row.state as MarkingRequest['state'],
    externalId: row.externalId,
    error: row.error,
    errorDetail: row.errorDetail,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The order's codes in the order they were given. */
export function codesOf(tx: Tx, orderId: number): Promise<MarkingCodeRow[]> {
  return tx
    .select()
    .from(markingCodes)
    .where(eq(markingCodes.orderId, orderId))
    .orderBy(asc(markingCodes.id));
}

/**
 * The order's marking: a line per TNVED code of its cargo with its codes (a line whose code left the cargo
 * keeps showing while it has codes), and its latest calls to Честный ЗНАК.
 */
export async function orderMarking(
  tx: Tx,
  order: MarkingOrder,
  adapterConfigured: boolean,
): Promise<OrderMarking> {
  const codes = await codesOf(tx, order.id);
  const lines = new Map<string, MarkingCodeEntity[]>(order.tnvedCodes.map((code) => [code, []]));
  for (const row of codes) {
    if (!lines.has(row.tnvedCode)) lines.set(row.tnvedCode, []);
    lines.get(row.tnvedCode)!.push(codeEntity(row));
  }
  const requests = await tx
    .select()
    .from(markingRequests)
    .where(eq(markingRequests.orderId, order.id))
    .orderBy(desc(markingRequests.createdAt), desc(markingRequests.id))
    .limit(REQUESTS_SHOWN);
  return {
    orderId: order.id,
    markingStatus: order.markingStatus,
    editable: order.editable,
    adapterConfigured,
    lines: [...lines].map(([tnvedCode, lineCodes]) => ({ tnvedCode, codes: lineCodes })),
    requests: requests.map(requestEntity),
  };
}
