import { type TransferPlan, type TransfersStatus, transferPlanOf, transfersStatusOf } from '@tms/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { readAll, type Tx } from '../../db/connection';
import type { ResourceContext } from '../../platform/resources/service';
import { legalEntities } from '../company';
import { currencies } from '../reference-data';
import { readableOperation } from './bill-operations';
import { bills, internalTransfers, paymentForms } from './tables';

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

/** What the plan of an order is computed from: all its bills (in their order) and all its transfers. */
async function planInputs(tx: Tx, orderId: number) {
  const [orderBills, transfers] = await readAll(tx, [
    () =>
      tx
        .select({
          direction: bills.direction,
          legalEntityId: bills.legalEntityId,
          currencyId: bills.currencyId,
          paymentFormId: bills.paymentFormId,
          amount: bills.amount,
        })
        .from(bills)
        .where(sql`${bills.orderIds} @> ARRAY[${orderId}]::integer[]`)
        .orderBy(bills.id),
    () =>
      tx
        .select({
          recipientLegalEntityId: internalTransfers.recipientLegalEntityId,
          currencyId: internalTransfers.currencyId,
          amount: internalTransfers.amount,
        })
        .from(internalTransfers)
        .where(eq(internalTransfers.orderId, orderId)),
  ]);
  return { orderBills, transfers };
}

/** Recomputes the transfers status of these orders from all their bills and transfers (spec §4). */
export async function refreshTransfersStatus(
  ctx: ResourceContext,
  orderIds: Iterable<number>,
): Promise<void> {
  const sinks = [...ctx.registries.contributions('orderTransfersStatus').values()];
  if (!sinks.length) return;
  for (const orderId of new Set(orderIds)) {
    const { orderBills, transfers } = await planInputs(ctx.tx, orderId);
    const status = transfersStatusOf(orderBills, transfers);
    for (const sink of sinks) await sink(ctx, orderId, status);
  }
}

/**
 * The order a plan is asked for: one that exists and that the user reads (the orders' read scope, as the
 * transfers' order reference asks), else 404. Its number, as the plan's title shows it.
 */
export async function assertPlanOrder(ctx: ResourceContext, orderId: number): Promise<number> {
  return (await readableOperation(ctx, 'order', orderId)).number;
}

/**
 * An order's transfer plan (docs/finance.md "Internal transfers"): each need of `transferPlanOf` with the
 * enabled payment forms that may send it (the home company's in its currency) and receive it (the need's
 * company's in its currency), and the ones proposed: the first income bill's form (else the first that fits)
 * and the form of the company's expense bills in that currency (else the first that fits).
 */
export async function transferPlan(
  tx: Tx,
  { orderId, orderNumber }: { orderId: number; orderNumber: number },
): Promise<TransferPlan> {
  const { orderBills, transfers } = await planInputs(tx, orderId);
  const { homeLegalEntityId, needs } = transferPlanOf(orderBills, transfers);
  const entityIds = [...new Set([homeLegalEntityId, ...needs.map((need) => need.legalEntityId)])].filter(
    (id): id is number => id !== null,
  );
  const [entities, forms, currencyRows] = await readAll(tx, [
    () =>
      entityIds.length
        ? tx
            .select({ id: legalEntities.id, name: legalEntities.shortName })
            .from(legalEntities)
            .where(inArray(legalEntities.id, entityIds))
        : [],
    () =>
      entityIds.length
        ? tx
            .select({
              id: paymentForms.id,
              name: paymentForms.name,
              legalEntityId: paymentForms.legalEntityId,
              currencyId: paymentForms.currencyId,
            })
            .from(paymentForms)
            .where(and(inArray(paymentForms.legalEntityId, entityIds), eq(paymentForms.enabled, true)))
            .orderBy(asc(paymentForms.name), asc(paymentForms.id))
        : [],
    () =>
      needs.length
        ? tx
            .select({ id: currencies.id, code: currencies.code })
            .from(currencies)
            .where(inArray(currencies.id, [...new Set(needs.map((need) => need.currencyId))]))
        : [],
  ]);
  const entityName = new Map(entities.map((row) => [row.id, row.name]));
  const currencyCode = new Map(currencyRows.map((row) => [row.id, row.code]));
  const formsOf = (legalEntityId: number, currencyId: number) =>
    forms
      .filter((form) => form.legalEntityId === legalEntityId && form.currencyId === currencyId)
      .map(({ id, name }) => ({ id, name }));
  const proposed = (options: { id: number }[], preferred: (number | null)[]) =>
    preferred.find((id) => id !== null && options.some((form) => form.id === id)) ?? options[0]?.id ?? null;
  const incomeForms = orderBills.filter((bill) => bill.direction === 'INCOME').map((b) => b.paymentFormId);
  return {
    orderId,
    orderNumber,
    transfersStatus: transfersStatusOf(orderBills, transfers),
    homeLegalEntityId,
    homeLegalEntityName: homeLegalEntityId === null ? null : (entityName.get(homeLegalEntityId) ?? null),
    needs: needs.map((need) => {
      const senderForms = formsOf(homeLegalEntityId!, need.currencyId);
      const recipientForms = formsOf(need.legalEntityId, need.currencyId);
      const expenseForms = orderBills
        .filter(
          (bill) =>
            bill.direction === 'EXPENSE' &&
            bill.legalEntityId === need.legalEntityId &&
            bill.currencyId === need.currencyId,
        )
        .map((bill) => bill.paymentFormId);
      return {
        ...need,
        legalEntityName: entityName.get(need.legalEntityId) ?? '',
        currencyCode: currencyCode.get(need.currencyId) ?? '',
        senderForms,
        recipientForms,
        senderFormId: proposed(senderForms, incomeForms),
        recipientFormId: proposed(recipientForms, expenseForms),
      };
    }),
  };
}
