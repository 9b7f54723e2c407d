import { decimalMultiply, padId } from '@tms/domain';
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/connection';
import type { Registries, ScheduledJob } from '../../platform/modules';
import { asSystem } from '../../platform/resources';
import { billService, paymentForms } from '../finance';
import { orders } from '../operations';
import { warehouseServices, warehouseStorageCharges, warehouses } from './tables';

/** A month to bill: its first and last day. */
export interface StorageMonth {
  from: string;
  to: string;
}

/** The month `back` months before the one `day` (YYYY-MM-DD) falls in. */
export function monthBefore(day: string, back = 1): StorageMonth {
  const [year, month] = day.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - 1 - back, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

/**
 * The place-days of each order at each billing warehouse in the month: the places it held at the end of
 * each day summed over the month's days (the day of receipt counts, the day of release does not).
 */
export async function storagePlaceDays(
  tx: Tx,
  month: StorageMonth,
): Promise<{ warehouseId: number; orderId: number; placeDays: number }[]> {
  const rows = await rowsOf<{ warehouse_id: number; order_id: number; place_days: number }>(
    tx,
    sql`
    WITH days AS (
      SELECT d::date AS day FROM generate_series(${month.from}::date, ${month.to}::date, interval '1 day') AS d
    ), held AS (
      SELECT m.warehouse_id, m.order_id, days.day,
        SUM(CASE WHEN m.kind = 'receipt' THEN m.places ELSE -m.places END) AS places
      FROM days
      JOIN warehouse_movements m ON m.moved_on <= days.day
      JOIN warehouses w ON w.id = m.warehouse_id
      WHERE w.storage_service_id IS NOT NULL AND w.storage_payment_form_id IS NOT NULL
      GROUP BY m.warehouse_id, m.order_id, days.day
    )
    SELECT warehouse_id, order_id, SUM(places)::int AS place_days
    FROM held WHERE places > 0
    GROUP BY warehouse_id, order_id
    ORDER BY warehouse_id, order_id`,
  );
  return rows.map((row) => ({
    warehouseId: Number(row.warehouse_id),
    orderId: Number(row.order_id),
    placeDays: Number(row.place_days),
  }));
}

export interface StorageBillingResult {
  billed: number;
  failed: number;
}

/**
 * Storage billing (docs/warehouse.md "Storage billing"): each month of an order's stay at a warehouse that
 * names its storage service and payment form is billed once: place-days × the service's price per place
 * and day, in its currency, dated `today` and recognised on the month's last day. An own warehouse bills
 * the order's client (income); a partner's warehouse bills us (expense, from the partner running it). Each
 * bill is made by finance's own bill creation as the system, in a transaction of its own, so that one
 * refused bill (a closed period, a client's blocked credit) leaves the others made; it is tried again on
 * the next run.
 */
export async function billStorageMonth(
  ctx: { db: Tx; registries: Registries; log?: { warn(obj: object, msg: string): void } },
  month: StorageMonth,
  today: string,
): Promise<StorageBillingResult> {
  const result: StorageBillingResult = { billed: 0, failed: 0 };
  for (const charge of await storagePlaceDays(ctx.db, month)) {
    try {
      const made = await ctx.db.transaction(async (tx) => {
        const [done] = await tx
          .select({ id: warehouseStorageCharges.id })
          .from(warehouseStorageCharges)
          .where(
            and(
              eq(warehouseStorageCharges.warehouseId, charge.warehouseId),
              eq(warehouseStorageCharges.orderId, charge.orderId),
              eq(warehouseStorageCharges.periodFrom, month.from),
            ),
          );
        if (done) return false;
        const [terms] = await tx
          .select({
            ownership: warehouses.ownership,
            operatorId: warehouses.operatorId,
            paymentFormId: warehouses.storagePaymentFormId,
            legalEntityId: paymentForms.legalEntityId,
            price: warehouseServices.price,
            currencyId: warehouseServices.currencyId,
          })
          .from(warehouses)
          .innerJoin(warehouseServices, eq(warehouseServices.id, warehouses.storageServiceId))
          .innerJoin(paymentForms, eq(paymentForms.id, warehouses.storagePaymentFormId))
          .where(eq(warehouses.id, charge.warehouseId));
        const [order] = await tx
          .select({ number: orders.number, clientId: orders.clientId })
          .from(orders)
          .where(eq(orders.id, charge.orderId));
        if (!terms?.price || !terms.currencyId || !order) return false;
        const income = terms.ownership === 'own';
        const counterpartyId = income ? order.clientId : terms.operatorId;
        if (counterpartyId === null) return false;
        const system = asSystem({ tx, registries: ctx.registries }, 'storage billing');
        const bill = (await billService.create(system, {
          // ХР: хранение (storage), then the order and the month.
          number: `ХР-${padId(order.number)}-${month.from.slice(0, 7)}`,
          direction: income ? 'INCOME' : 'EXPENSE',
          counterpartyId,
          legalEntityId: terms.legalEntityId,
          paymentFormId: terms.paymentFormId!,
          currencyId: terms.currencyId,
          amount: decimalMultiply(terms.price, String(charge.placeDays)),
          date: today,
          recognitionDate: month.to,
          orderIds: [charge.orderId],
        })) as { id: number };
        await tx.insert(warehouseStorageCharges).values({
          warehouseId: charge.warehouseId,
          orderId: charge.orderId,
          periodFrom: month.from,
          periodTo: month.to,
          placeDays: charge.placeDays,
          billId: bill.id,
        });
        return true;
      });
      if (made) result.billed++;
    } catch (error) {
      result.failed++;
      ctx.log?.warn({ err: error, ...charge, month: month.from }, 'Storage billing of an order failed');
    }
  }
  return result;
}

/**
 * Bills the storage of the last two months (a month whose end the app slept through is billed the month
 * after): every few hours, so that a month is billed on its first day after it ends.
 */
export const storageBillingJob: ScheduledJob = {
  name: 'warehouse-storage-billing',
  intervalMs: 6 * 60 * 60 * 1000,
  async run({ database, registries, clock, log }) {
    const today = clock().toISOString().slice(0, 10);
    const total: StorageBillingResult = { billed: 0, failed: 0 };
    for (const back of [2, 1]) {
      const done = await billStorageMonth(
        { db: database.db, registries, log },
        monthBefore(today, back),
        today,
      );
      total.billed += done.billed;
      total.failed += done.failed;
    }
    return total;
  },
};
