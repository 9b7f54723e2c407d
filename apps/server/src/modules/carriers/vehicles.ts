import { CARRIER_MESSAGES, counterpartyVehicleResource } from '@tms/domain';
import { and, eq, ne } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import { fieldError } from '../../platform/errors';
import { type CreateInput, resourceService } from '../../platform/resources';
import { counterpartyPartHooks } from '../counterparties';
import { counterpartyVehicles } from './tables';

type VehicleRow = typeof counterpartyVehicles.$inferSelect;

/** A carrier has one vehicle a plate (plates are normalised, so "a123bc77" and "А123ВС 77" are one). */
async function checkVehicle(
  tx: Tx,
  record: { counterpartyId: number; plate: string },
  existing: VehicleRow | null,
): Promise<undefined> {
  const [same] = await tx
    .select({ id: counterpartyVehicles.id })
    .from(counterpartyVehicles)
    .where(
      and(
        eq(counterpartyVehicles.counterpartyId, record.counterpartyId),
        eq(counterpartyVehicles.plate, record.plate),
        existing ? ne(counterpartyVehicles.id, existing.id) : undefined,
      ),
    )
    .limit(1);
  if (same) throw fieldError(['plate'], CARRIER_MESSAGES.plateTaken);
  return undefined;
}

/** A carrier's vehicles: the back office's sub-resource of the counterparty, and the carrier cabinet's. */
export const vehicleService = resourceService(counterpartyVehicleResource, counterpartyVehicles, {
  hooks: counterpartyPartHooks<VehicleRow, CreateInput<typeof counterpartyVehicleResource>>(
    counterpartyVehicles.counterpartyId,
    { contractorOnly: true, check: checkVehicle },
  ),
});
