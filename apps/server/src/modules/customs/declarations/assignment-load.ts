import { FINAL_DECLARATION_STATUSES } from '@tms/domain';
import { and, inArray, notInArray, sql } from 'drizzle-orm';
import type { AssignmentLoad } from '../../assignment';
import { customsDeclarations } from '../tables';

/** A declarant's declarations not yet final, for least-loaded auto-assignment of declarants. */
export const openDeclarationsOfDeclarants: AssignmentLoad = {
  kind: 'customs',
  assigns: 'declarant',
  async count(tx, userIds) {
    if (!userIds.length) return new Map();
    const rows = await tx
      .select({ userId: customsDeclarations.declarantId, count: sql<number>`count(*)::int` })
      .from(customsDeclarations)
      .where(
        and(
          inArray(customsDeclarations.declarantId, [...userIds]),
          notInArray(customsDeclarations.status, [...FINAL_DECLARATION_STATUSES]),
        ),
      )
      .groupBy(customsDeclarations.declarantId);
    return new Map(rows.map((row) => [row.userId!, Number(row.count)]));
  },
};
