import { eq, type SQL } from 'drizzle-orm';
import { jobs } from '../operations';
import { counterpartyDrivers, counterpartyVehicles } from './tables';

/**
 * The counterparty predicate of each carrier-cabinet view: the one place that says which rows are the
 * carrier's. The kernel applies it to every list, count, search, export, id and write of the view. Kept in
 * one object so the isolation suite can break one on purpose and see itself turn red.
 */
export const CARRIER_PREDICATES = {
  driver: (counterpartyId: number): SQL => eq(counterpartyDrivers.counterpartyId, counterpartyId),
  vehicle: (counterpartyId: number): SQL => eq(counterpartyVehicles.counterpartyId, counterpartyId),
  /** His trips: the jobs given to his counterparty. */
  trip: (counterpartyId: number): SQL => eq(jobs.contractorId, counterpartyId),
};

/** Drivers and vehicles are for the cabinet's drivers role, trips for its trips role. */
export const CARRIER_DRIVERS: readonly string[] = ['CABINET_DRIVERS'];
export const CARRIER_TRIPS: readonly string[] = ['CABINET_TRIPS'];
