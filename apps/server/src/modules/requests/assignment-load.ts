import type { CustomsStatus, RequestStatus } from '@tms/domain';
import { and, inArray, notInArray, sql } from 'drizzle-orm';
import type { AssignmentLoad } from '../assignment';
import { customerRequests } from './tables';

/** Requests still being quoted: the forwarder's work ends with the quote (or with no service). */
const QUOTED: RequestStatus[] = ['QUOTE_COMPLETED', 'NO_SERVICE'];
/** Customs requests still in work: the specialist's work ends when clearance is done or not needed. */
const CLEARED: CustomsStatus[] = ['TO_FINISHED', 'TO_NOT_REQUIRED'];

/** A forwarder's open requests, for least-loaded auto-assignment. */
export const openRequestsOfForwarders: AssignmentLoad = {
  kind: 'forwarder',
  async count(tx, userIds) {
    if (!userIds.length) return new Map();
    const rows = await tx
      .select({ userId: customerRequests.forwarderId, count: sql<number>`count(*)::int` })
      .from(customerRequests)
      .where(
        and(inArray(customerRequests.forwarderId, [...userIds]), notInArray(customerRequests.status, QUOTED)),
      )
      .groupBy(customerRequests.forwarderId);
    return new Map(rows.map((row) => [row.userId!, Number(row.count)]));
  },
};

/** A customs specialist's customs requests in work, for least-loaded auto-assignment. */
export const openCustomsRequestsOfSpecialists: AssignmentLoad = {
  kind: 'customs',
  async count(tx, userIds) {
    if (!userIds.length) return new Map();
    const rows = await tx
      .select({ userId: customerRequests.customsSpecialistId, count: sql<number>`count(*)::int` })
      .from(customerRequests)
      .where(
        and(
          inArray(customerRequests.customsSpecialistId, [...userIds]),
          notInArray(customerRequests.customsStatus, CLEARED),
        ),
      )
      .groupBy(customerRequests.customsSpecialistId);
    return new Map(rows.map((row) => [row.userId!, Number(row.count)]));
  },
};
