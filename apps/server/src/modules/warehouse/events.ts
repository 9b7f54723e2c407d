import { WAREHOUSE_EVENTS_TOPIC, type WarehouseEventKind, warehouseEventResource } from '@tms/domain';
import type { ChangeAction } from '../../platform/changelog/service';
import { publish } from '../../platform/realtime/hub';
import { type ResourceContext, resourceService } from '../../platform/resources';
import { warehouseEvents, type warehouseMovements } from './tables';

type MovementRow = typeof warehouseMovements.$inferSelect;

/** The warehouse events, read only: the system writes them. */
export const warehouseEventService = resourceService(warehouseEventResource, warehouseEvents);

export interface WarehouseEventInput {
  kind: WarehouseEventKind;
  warehouseId: number;
  orderId: number;
  movementId?: number | null;
  places?: number | null;
  details?: string | null;
}

/**
 * Writes what happened at a warehouse, by the user whose action it was (the system's own work names none),
 * and tells the followers of the events topic once the transaction commits.
 */
export async function recordWarehouseEvent(ctx: ResourceContext, input: WarehouseEventInput): Promise<void> {
  const userId = 'userId' in ctx.auth ? (ctx.auth.userId ?? null) : null;
  const [row] = await ctx.tx
    .insert(warehouseEvents)
    .values({ ...input, userId })
    .returning({ id: warehouseEvents.id });
  await publish(ctx.tx, WAREHOUSE_EVENTS_TOPIC, {
    id: row!.id,
    kind: input.kind,
    warehouseId: input.warehouseId,
    orderId: input.orderId,
  });
}

/** The movement's details as the event keeps them: marks and the damage noted. */
function detailsOf(row: MovementRow): string | null {
  const parts = [row.marks, row.damaged ? row.damageNote : null].filter((part): part is string =>
    Boolean(part),
  );
  return parts.length ? parts.join('; ') : null;
}

/** The events a written movement leaves: received or released (and damage noted), corrected, deleted. */
export async function recordMovementEvent(
  ctx: ResourceContext,
  action: ChangeAction,
  before: MovementRow | null,
  after: MovementRow | null,
): Promise<void> {
  const row = (after ?? before)!;
  const base = { warehouseId: row.warehouseId, orderId: row.orderId, movementId: row.id, places: row.places };
  if (action === 'create') {
    await recordWarehouseEvent(ctx, {
      ...base,
      kind: row.kind === 'receipt' ? 'received' : 'released',
      details: detailsOf(row),
    });
    if (row.damaged) await recordWarehouseEvent(ctx, { ...base, kind: 'damaged', details: row.damageNote });
    return;
  }
  if (!after) {
    await recordWarehouseEvent(ctx, { ...base, kind: 'movementDeleted', details: detailsOf(row) });
    return;
  }
  await recordWarehouseEvent(ctx, { ...base, kind: 'movementChanged', details: detailsOf(after) });
  if (after.damaged && !before?.damaged) {
    await recordWarehouseEvent(ctx, { ...base, kind: 'damaged', details: after.damageNote });
  }
}
