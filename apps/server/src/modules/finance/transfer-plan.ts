import { type TransfersStatus, transfersStatusOf } from '@tms/domain';
import { eq, sql } from 'drizzle-orm';
import type { ResourceContext } from '../../platform/resources/service';
import { bills, internalTransfers } from './tables';

/**
 * Where an order's transfers status goes when its bills or transfers change: the operations module
 * contributes it (finance does not import operations), setting the order's status as the system.
 */
export type OrderTransfersStatusSink = (
  ctx: ResourceContext,
  orderId: number,
  status: TransfersStatus,
) => Promise<void>;

declare module '../../platform/modules' {
  interface ModuleContributions {
    orderTransfersStatus: OrderTransfersStatusSink;
  }
}

/** Recomputes the transfers status of these orders from all their bills and transfers (spec §4). */
export async function refreshTransfersStatus(
  ctx: ResourceContext,
  orderIds: Iterable<number>,
): Promise<void> {
  const sinks = [...ctx.registries.contributions('orderTransfersStatus').values()];
  if (!sinks.length) return;
  for (const orderId of new Set(orderIds)) {
    const [orderBills, transfers] = await Promise.all([
      ctx.tx
        .select({
          direction: bills.direction,
          legalEntityId: bills.legalEntityId,
          currencyId: bills.currencyId,
          amount: bills.amount,
        })
        .from(bills)
        .where(sql`${bills.orderIds} @> ARRAY[${orderId}]::integer[]`)
        .orderBy(bills.id),
      ctx.tx
        .select({
          recipientLegalEntityId: internalTransfers.recipientLegalEntityId,
          currencyId: internalTransfers.currencyId,
          amount: internalTransfers.amount,
        })
        .from(internalTransfers)
        .where(eq(internalTransfers.orderId, orderId)),
    ]);
    const status = transfersStatusOf(orderBills, transfers);
    for (const sink of sinks) await sink(ctx, orderId, status);
  }
}
