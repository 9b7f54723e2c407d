import { and, eq } from 'drizzle-orm';
import { counterpartyDrivers, counterpartyVehicles } from '../modules/carriers/tables';
import { stages } from '../modules/operations';
import { vehicleTypes } from '../modules/reference-data';
import { type CabinetCaller, cabinetKey, cabinetUser } from './cabinets';
import type { TestContext } from './harness';
import { createJob, EDIT_ALL } from './operations-world';
import type { OpsWorld } from './ops-world';
import { signIn } from './users';

/** What one carrier has in the world: his cabinet's user and key, a driver, a vehicle, a trip with stages. */
export interface Carrier {
  id: number;
  name: string;
  user: CabinetCaller;
  key: CabinetCaller;
  driverId: number;
  vehicleId: number;
  tripId: number;
  /** The trip's stages shown to him (OPS-visible, in order) and one hidden from him. */
  openStageIds: number[];
  visibleStages: string[];
  hiddenStageId: number;
}

export interface CarrierWorld {
  vehicleTypeId: number;
  e: Carrier;
  f: Carrier;
}

/**
 * Two carriers beside the OPS world's contractors, each with a cabinet user and an API key, a driver not
 * yet submitted, a vehicle, and a job of client A's order given to him with two OPS-visible stages and a
 * hidden one: the world the carrier cabinet's tests and the isolation suite look at.
 */
export async function carrierWorld(ctx: TestContext, ops: OpsWorld): Promise<CarrierWorld> {
  const { world } = ops.pcc;
  const db = ctx.database.db;
  const staff = await signIn(ctx, EDIT_ALL);
  const stageTypeId = await world.stageType('CARRIER');
  const [type] = await db
    .select()
    .from(vehicleTypes)
    .where(and(eq(vehicleTypes.enabled, true), eq(vehicleTypes.transportType, 'auto')))
    .limit(1);

  async function carrier(letter: 'E' | 'F'): Promise<Carrier> {
    const name = `Перевозчик ${letter}`;
    const id = await world.counterparty({ name, client: false });
    const user = await cabinetUser(ctx, id, undefined, 'carrier');
    const key = await cabinetKey(ctx, id);
    const [driver] = await db
      .insert(counterpartyDrivers)
      .values({
        counterpartyId: id,
        name: `Водитель ${letter}`,
        phone: `+7900000000${letter === 'E' ? 1 : 2}`,
      })
      .returning();
    const [vehicle] = await db
      .insert(counterpartyVehicles)
      .values({
        counterpartyId: id,
        vehicleTypeId: type!.id,
        plate: letter === 'E' ? 'А111АА 77' : 'В222ВВ 77',
      })
      .returning();
    const job = await createJob(ctx, world, staff, [ops.pcc.a.orderId], { contractorId: id });
    const visibleStages = [`Подача ${letter}`, `Выгрузка ${letter}`];
    const rows = await db
      .insert(stages)
      .values([
        ...visibleStages.map((opsName, i) => ({
          operationType: 'job' as const,
          operationId: job.id,
          stageTypeId,
          name: `Этап ${i}`,
          pccName: '',
          pccVisible: false,
          opsName,
          opsVisible: true,
          sortOrder: i,
        })),
        {
          operationType: 'job' as const,
          operationId: job.id,
          stageTypeId,
          name: 'Служебный',
          pccName: '',
          pccVisible: false,
          opsName: `Скрытый ${letter}`,
          opsVisible: false,
          sortOrder: 5,
        },
      ])
      .returning();
    return {
      id,
      name,
      user,
      key,
      driverId: driver!.id,
      vehicleId: vehicle!.id,
      tripId: job.id,
      openStageIds: rows.slice(0, 2).map((r) => r.id),
      visibleStages,
      hiddenStageId: rows[2]!.id,
    };
  }

  return { vehicleTypeId: type!.id, e: await carrier('E'), f: await carrier('F') };
}
