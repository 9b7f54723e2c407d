import { customsDeclarationResource, OPEN_DECLARATION_STATUSES, RELEASE_STATUSES } from '@tms/domain';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { calendarDay } from '../../../platform/calendar';
import type { EventSubscriber } from '../../../platform/modules';
import { asSystem } from '../../../platform/resources';
import { closeCustomsStages } from '../../operations';
import { customsDeclarations } from '../tables';

/**
 * The order's customs stages close once its goods are released (domain events, so operations learns of the
 * release after it committed): a declaration moved to a release status, with no other declaration of the
 * order still with the authority, closes them on the decision's day. Closing twice changes nothing.
 */
export const declarationStageCloser: EventSubscriber = {
  entities: [customsDeclarationResource.name],
  kinds: ['status'],
  async handle(ctx, events) {
    for (const event of events) {
      const [row] = await ctx.tx
        .select()
        .from(customsDeclarations)
        .where(eq(customsDeclarations.id, event.entityId));
      if (!row || !RELEASE_STATUSES.includes(row.status)) continue;
      const [pending] = await ctx.tx
        .select({ id: customsDeclarations.id })
        .from(customsDeclarations)
        .where(
          and(
            eq(customsDeclarations.orderId, row.orderId),
            ne(customsDeclarations.id, row.id),
            inArray(customsDeclarations.status, [...OPEN_DECLARATION_STATUSES]),
          ),
        )
        .limit(1);
      if (pending) continue;
      await closeCustomsStages(
        asSystem(ctx, 'customs release', event.userId),
        row.orderId,
        calendarDay(row.decisionAt ?? event.occurredAt),
      );
    }
  },
};
