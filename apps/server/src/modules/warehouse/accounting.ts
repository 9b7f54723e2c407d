import {
  firstShortDay,
  WAREHOUSE_ACCOUNTING_MESSAGES as M,
  MESSAGES,
  type WarehouseBalance,
  warehouseMovementResource,
} from '@tms/domain';
import { and, asc, eq, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import { fieldError } from '../../platform/errors';
import { resourceService } from '../../platform/resources';
import { orders } from '../operations';
import { recordMovementEvent } from './events';
import { warehouseMovements } from './tables';

export type MovementRow = typeof warehouseMovements.$inferSelect;

/**
 * The order a movement is of, locked: movements of one order are written one after the other, so two
 * releases at once cannot both take the last places. Answers its client's name, kept with the movement.
 */
async function lockedOrder(tx: Tx, orderId: number): Promise<{ clientName: string | null }> {
  const [order] = await tx
    .select({ clientName: orders.clientName })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  if (!order) throw fieldError(['orderId'], MESSAGES.invalid);
  return order;
}

/** The movements of one order at one warehouse, by day. */
function movementsOf(tx: Tx, orderId: number, warehouseId: number) {
  return tx
    .select({
      kind: warehouseMovements.kind,
      movedOn: warehouseMovements.movedOn,
      places: warehouseMovements.places,
    })
    .from(warehouseMovements)
    .where(and(eq(warehouseMovements.orderId, orderId), eq(warehouseMovements.warehouseId, warehouseId)))
    .orderBy(asc(warehouseMovements.movedOn));
}

/**
 * After a movement is written (in its transaction): the order never holds fewer than zero places at the
 * warehouse on any day, at the warehouse the movement left or the one it is at. Otherwise the write is
 * refused as a whole: a release beyond what is held is an error of its places; a receipt made smaller,
 * moved or deleted under a later release is an error of the change.
 */
async function checkBalances(tx: Tx, before: MovementRow | null, after: MovementRow | null) {
  const pairs = new Map<string, { orderId: number; warehouseId: number }>();
  for (const row of [before, after]) {
    if (row)
      pairs.set(`${row.orderId}/${row.warehouseId}`, { orderId: row.orderId, warehouseId: row.warehouseId });
  }
  for (const { orderId, warehouseId } of pairs.values()) {
    const short = firstShortDay(
      (await movementsOf(tx, orderId, warehouseId)).map((m) => ({ ...m, kind: m.kind })),
    );
    if (short === null) continue;
    if (
      after?.kind === 'release' &&
      after.orderId === orderId &&
      after.warehouseId === warehouseId &&
      short <= after.movedOn
    ) {
      throw fieldError(['places'], M.overRelease);
    }
    throw fieldError(after ? ['places'] : [], M.overReleaseLater);
  }
}

/** Damage noted needs its description. */
function damageRule(record: { damaged?: boolean | null; damageNote?: string | null }) {
  if (record.damaged && !record.damageNote?.trim()) throw fieldError(['damageNote'], M.damageNoteRequired);
}

/**
 * Warehouse accounting: receipts and releases of an order's places at a warehouse. Each write keeps every
 * day's balance at zero or above (`checkBalances`) and leaves a warehouse event.
 */
export const movementService = resourceService(warehouseMovementResource, warehouseMovements, {
  hooks: {
    async beforeCreate(ctx, values) {
      damageRule(values);
      const { clientName } = await lockedOrder(ctx.tx, values.orderId);
      const createdById = 'userId' in ctx.auth ? (ctx.auth.userId ?? null) : null;
      return { ...values, clientName, createdById };
    },
    async beforeUpdate(ctx, values, existing) {
      damageRule({ ...existing, ...values });
      await lockedOrder(ctx.tx, existing.orderId);
      if (values.orderId !== undefined && values.orderId !== existing.orderId) {
        const { clientName } = await lockedOrder(ctx.tx, values.orderId);
        return { ...values, clientName };
      }
      return values;
    },
    async beforeDelete(ctx, row) {
      await lockedOrder(ctx.tx, row.orderId);
    },
    async onChange(ctx, event) {
      await checkBalances(ctx.tx, event.before, event.after);
      await recordMovementEvent(ctx, event.action, event.before, event.after);
    },
  },
});

/** Numbers of a balance row as the database answers them (numeric as text). */
function balanceOf(row: Record<string, unknown>): WarehouseBalance {
  return {
    warehouseId: Number(row.warehouse_id),
    orderId: Number(row.order_id),
    places: Number(row.places),
    weight: Number(row.weight),
    volume: Number(row.volume),
  };
}

/**
 * What each order holds at each warehouse at the end of `on` (receipts less releases up to that day), for
 * one order, one warehouse or both; pairs holding nothing are left out unless `withEmpty`.
 */
export async function warehouseBalances(
  tx: Tx,
  filter: { orderId?: number; warehouseId?: number; on?: string; withEmpty?: boolean },
): Promise<WarehouseBalance[]> {
  const m = warehouseMovements;
  const conditions: SQL[] = [];
  if (filter.orderId !== undefined) conditions.push(eq(m.orderId, filter.orderId));
  if (filter.warehouseId !== undefined) conditions.push(eq(m.warehouseId, filter.warehouseId));
  if (filter.on !== undefined) conditions.push(lte(m.movedOn, filter.on));
  const sign = sql`CASE WHEN ${m.kind} = 'receipt' THEN 1 ELSE -1 END`;
  const rows = await tx
    .select({
      warehouse_id: m.warehouseId,
      order_id: m.orderId,
      places: sql<number>`sum(${sign} * ${m.places})`,
      weight: sql<string>`coalesce(sum(${sign} * ${m.weight}), 0)`,
      volume: sql<string>`coalesce(sum(${sign} * ${m.volume}), 0)`,
    })
    .from(m)
    .where(conditions.length ? and(...conditions) : undefined)
    .groupBy(m.warehouseId, m.orderId)
    .having(filter.withEmpty ? undefined : sql`sum(${sign} * ${m.places}) <> 0`)
    .orderBy(m.warehouseId, m.orderId);
  return rows.map(balanceOf);
}

/** Whether any of these orders holds places at a warehouse now (the archiver waits for them). */
export async function ordersHeldInWarehouse(tx: Tx, orderIds: readonly number[]): Promise<boolean> {
  const m = warehouseMovements;
  const [held] = await tx
    .select({ orderId: m.orderId })
    .from(m)
    .where(inArray(m.orderId, [...orderIds]))
    .groupBy(m.orderId, m.warehouseId)
    .having(sql`sum(CASE WHEN ${m.kind} = 'receipt' THEN ${m.places} ELSE -${m.places} END) > 0`)
    .limit(1);
  return Boolean(held);
}
