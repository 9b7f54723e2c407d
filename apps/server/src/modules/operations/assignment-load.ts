import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AssignmentLoad } from '../assignment';
import { orders } from './tables';

/** A forwarder's load for least-loaded auto-assignment: the orders they forward that are not archived. */
export const openOrdersOfForwarders: AssignmentLoad = {
  kind: 'forwarder',
  async count(tx, userIds) {
    if (!userIds.length) return new Map();
    const rows = await tx
      .select({ userId: orders.forwarderId, count: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(inArray(orders.forwarderId, [...userIds]), eq(orders.archived, false)))
      .groupBy(orders.forwarderId);
    return new Map(rows.map((row) => [row.userId!, Number(row.count)]));
  },
};
