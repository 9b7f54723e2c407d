import { and, asc, eq, exists, sql } from 'drizzle-orm';
import { cabinetUsers } from '../../modules/cabinets/tables';
import { counterpartyDrivers, counterpartyVehicles } from '../../modules/carriers/tables';
import { counterparties } from '../../modules/counterparties/tables';
import { jobs, stages } from '../../modules/operations/tables';
import type { Tx } from '../connection';
import type { DemoCabinetUser } from './demo-cabinets';

/**
 * The carrier's cabinet of the demo carrier: the contractor with his own drivers (one pending verification)
 * and vehicles that has a job with open OPS-visible stages gets an administrator (every carrier role) with
 * the demo password (its hash), so the cabinet at /carrier opens on a real trip to close stages of.
 */
export async function seedDemoCarrierCabinet(tx: Tx, passwordHash: string): Promise<DemoCabinetUser[]> {
  const [carrier] = await tx
    .select({ id: counterparties.id, name: counterparties.name })
    .from(counterparties)
    .where(
      and(
        eq(counterparties.contractor, true),
        exists(
          tx
            .select({ one: sql`1` })
            .from(counterpartyDrivers)
            .where(
              and(
                eq(counterpartyDrivers.counterpartyId, counterparties.id),
                eq(counterpartyDrivers.verificationStatus, 'pending'),
              ),
            ),
        ),
        exists(
          tx
            .select({ one: sql`1` })
            .from(counterpartyVehicles)
            .where(eq(counterpartyVehicles.counterpartyId, counterparties.id)),
        ),
        exists(
          tx
            .select({ one: sql`1` })
            .from(jobs)
            .innerJoin(stages, and(eq(stages.operationType, 'job'), eq(stages.operationId, jobs.id)))
            .where(
              and(
                eq(jobs.contractorId, counterparties.id),
                eq(stages.opsVisible, true),
                eq(stages.closed, false),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(counterparties.id))
    .limit(1);
  if (!carrier) return [];
  // His trips show where they go: a demo job without a route of its own takes its order's, as a forwarder
  // filling the job in would.
  await tx.execute(sql`
    UPDATE jobs j SET route = o.route, dispatch_date = o.dispatch_date, delivery_date = o.delivery_date
    FROM job_orders jo JOIN orders o ON o.id = jo.order_id
    WHERE jo.job_id = j.id AND j.contractor_id = ${carrier.id} AND jsonb_array_length(j.route) = 0`);
  const email = 'carrier1@carrier.demo';
  await tx.insert(cabinetUsers).values({
    counterpartyId: carrier.id,
    kind: 'carrier',
    email,
    name: 'Сергей Петренко',
    roles: ['CABINET_ADMIN', 'CABINET_DRIVERS', 'CABINET_TRIPS'],
    passwordHash,
  });
  return [{ email, client: carrier.name }];
}
