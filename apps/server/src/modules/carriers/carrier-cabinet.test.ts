import { CARRIER_MESSAGES, type DriverVerificationStatus, MESSAGES } from '@tms/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cabinetUser } from '../../test/cabinets';
import { type CarrierWorld, carrierWorld } from '../../test/carrier-world';
import { createTestApp, type TestContext } from '../../test/harness';
import { daysFromToday, EDIT_ALL, errorsOf } from '../../test/operations-world';
import { type OpsWorld, opsWorld } from '../../test/ops-world';
import { signIn } from '../../test/users';
import { orders, stages } from '../operations';
import { counterpartyDrivers, driverVerifications, tripAssignments } from './tables';

let ctx: TestContext;
let ops: OpsWorld;
let w: CarrierWorld;

beforeAll(async () => {
  ctx = await createTestApp();
  ops = await opsWorld(ctx);
  w = await carrierWorld(ctx, ops);
}, 300_000);
afterAll(() => ctx?.close());

const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => ctx.app.inject({ method, url, headers, payload });

describe("the carrier's cabinet", () => {
  it('keeps his drivers: a new one, submitted once his papers are complete, the move in his history', async () => {
    const me = w.e.user.headers;
    const created = await call('POST', '/api/carrier/drivers', me, {
      name: 'Петров Пётр',
      phone: '+79001112233',
    });
    expect(created.statusCode, created.body).toBe(201);
    const driver = created.json().data;
    expect(driver).toMatchObject({ verificationStatus: 'draft' });
    const [row] = await ctx.database.db
      .select()
      .from(counterpartyDrivers)
      .where(eq(counterpartyDrivers.id, driver.id));
    expect(row!.counterpartyId).toBe(w.e.id);

    const incomplete = await call('POST', `/api/carrier/drivers/${driver.id}/submit`, me, {
      version: driver.version,
    });
    expect(incomplete.statusCode).toBe(400);
    expect(errorsOf(incomplete)).toMatchObject({ passportNumber: [MESSAGES.blank] });

    const edited = await call('PUT', `/api/carrier/drivers/${driver.id}`, me, {
      version: driver.version,
      passportSeries: '4510',
      passportNumber: '123456',
      passportIssuedBy: 'ОВД Тверской',
      passportIssuedAt: '2015-04-01',
      licenseNumber: '7711 123456',
      licenseCategories: 'c, ce',
      licenseExpiresAt: daysFromToday(400),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.licenseCategories).toBe('C, CE');
    const submitted = await call('POST', `/api/carrier/drivers/${driver.id}/submit`, me, {
      version: edited.json().data.version,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().data.verificationStatus).toBe('pending');
    const again = await call('POST', `/api/carrier/drivers/${driver.id}/submit`, me, {});
    expect(errorsOf(again)).toEqual({ verificationStatus: [CARRIER_MESSAGES.verificationState] });

    const history = await call('GET', `/api/carrier/drivers/${driver.id}/verifications`, me);
    expect(history.json().data).toEqual([
      expect.objectContaining({
        fromStatus: 'draft',
        toStatus: 'pending',
        actor: 'cabinet',
        actorName: null,
      }),
    ]);
    const [kept] = await ctx.database.db
      .select()
      .from(driverVerifications)
      .where(eq(driverVerifications.driverId, driver.id));
    expect(kept!.cabinetUserId).toBe(w.e.user.cabinetUserId);
  });

  it('keeps his vehicles of an enabled type, one a plate', async () => {
    const me = w.e.user.headers;
    const types = await call('GET', '/api/carrier/vehicle-types', me);
    expect(types.json().data.map((t: { id: number }) => t.id)).toContain(w.vehicleTypeId);
    const created = await call('POST', '/api/carrier/vehicles', me, {
      vehicleTypeId: w.vehicleTypeId,
      plate: 'a123bc77',
      capacity: 20,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ plate: 'А123ВС 77', vehicleTypeName: expect.any(String) });
    const same = await call('POST', '/api/carrier/vehicles', me, {
      vehicleTypeId: w.vehicleTypeId,
      plate: 'А123ВС77',
    });
    expect(errorsOf(same)).toEqual({ plate: [CARRIER_MESSAGES.plateTaken] });
    const noType = await call('POST', '/api/carrier/vehicles', me, {
      vehicleTypeId: 2_000_000_000,
      plate: 'Е555КХ 77',
    });
    expect(errorsOf(noType)).toEqual({ vehicleTypeId: [MESSAGES.choice] });
    // Another carrier may have the same plate.
    const other = await call('POST', '/api/carrier/vehicles', w.f.user.headers, {
      vehicleTypeId: w.vehicleTypeId,
      plate: 'А123ВС 77',
    });
    expect(other.statusCode).toBe(201);
  });

  it("shows his trip's OPS-visible stages and closes one with its date through the operations' closing", async () => {
    const me = w.e.user.headers;
    const trips = await call('GET', '/api/carrier/trips', me);
    expect(trips.json().data.collection).toEqual([
      expect.objectContaining({ id: w.e.tripId, nextStage: w.e.visibleStages[0] }),
    ]);
    const shown = await call('GET', `/api/carrier/trips/${w.e.tripId}/stages`, me);
    expect(shown.json().data.map((s: { name: string }) => s.name)).toEqual(w.e.visibleStages);
    const [first] = shown.json().data;
    const url = `/api/carrier/trips/${w.e.tripId}/stages/${first.id}/close`;
    const future = await call('POST', url, me, { actualDate: daysFromToday(3), version: first.version });
    expect(future.statusCode).toBe(400);
    const hidden = await call(
      'POST',
      `/api/carrier/trips/${w.e.tripId}/stages/${w.e.hiddenStageId}/close`,
      me,
      {
        version: 1,
      },
    );
    expect(hidden.statusCode).toBe(404);
    const closed = await call('POST', url, me, { actualDate: daysFromToday(-1), version: first.version });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data).toMatchObject({ closed: true, actualDate: daysFromToday(-1) });
    const [row] = await ctx.database.db.select().from(stages).where(eq(stages.id, first.id));
    expect(row).toMatchObject({ closed: true, closedById: null });
  });

  it("closes a stage whose behaviours reach the trip's order (expenses filed), behind the wall too", async () => {
    const typeId = await ops.pcc.world.stageType('CARRIER-EXPENSES', ['EXPENSES_FILED']);
    const [stage] = await ctx.database.db
      .insert(stages)
      .values({
        operationType: 'job',
        operationId: w.f.tripId,
        stageTypeId: typeId,
        name: 'Расходы',
        pccName: '',
        pccVisible: false,
        opsName: 'Документы сданы',
        opsVisible: true,
        behaviours: ['EXPENSES_FILED'],
        sortOrder: -1,
      })
      .returning();
    const closed = await call(
      'POST',
      `/api/carrier/trips/${w.f.tripId}/stages/${stage!.id}/close`,
      w.f.user.headers,
      { actualDate: daysFromToday(-1), version: stage!.version },
    );
    expect(closed.statusCode, closed.body).toBe(200);
    const [order] = await ctx.database.db.select().from(orders).where(eq(orders.id, ops.pcc.a.orderId));
    expect(order!.expensesFiled).toBe(true);
  });

  it('gives each section to its role, and to carriers alone', async () => {
    const driversOnly = await cabinetUser(ctx, w.e.id, ['CABINET_DRIVERS'], 'carrier');
    expect((await call('GET', '/api/carrier/drivers', driversOnly.headers)).statusCode).toBe(200);
    expect((await call('GET', '/api/carrier/trips', driversOnly.headers)).statusCode).toBe(403);
    // The contractor portal's user of a counterparty reaches none of the carrier's cabinet.
    expect((await call('GET', '/api/carrier/trips', ops.c.user.headers)).statusCode).toBe(403);
    expect((await call('GET', '/api/carrier/drivers', ops.c.user.headers)).statusCode).toBe(403);
  });

  it('puts his verified driver and his vehicle on his trip, which the back office reads on the job', async () => {
    const me = w.e.user.headers;
    const db = ctx.database.db;
    const url = `/api/carrier/trips/${w.e.tripId}/assignment`;
    const status = (verificationStatus: DriverVerificationStatus) =>
      db
        .update(counterpartyDrivers)
        .set({ verificationStatus })
        .where(eq(counterpartyDrivers.id, w.e.driverId));
    expect((await call('GET', url, me)).json().data).toBeNull();

    await status('pending');
    const pending = await call('PUT', url, me, { driverId: w.e.driverId, vehicleId: w.e.vehicleId });
    expect(pending.statusCode).toBe(400);
    expect(errorsOf(pending)).toEqual({ driverId: [CARRIER_MESSAGES.driverNotVerified] });
    expect(await db.select().from(tripAssignments)).toEqual([]);

    await status('verified');
    // Another carrier's driver or vehicle is no more found than a missing one.
    const foreignDriver = await call('PUT', url, me, { driverId: w.f.driverId, vehicleId: w.e.vehicleId });
    expect(foreignDriver.statusCode).toBe(404);
    const foreignVehicle = await call('PUT', url, me, { driverId: w.e.driverId, vehicleId: w.f.vehicleId });
    expect(foreignVehicle.statusCode).toBe(404);
    expect(await db.select().from(tripAssignments)).toEqual([]);
    // Nor is his driver put on another carrier's trip.
    const foreignTrip = await call('PUT', `/api/carrier/trips/${w.f.tripId}/assignment`, me, {
      driverId: w.e.driverId,
      vehicleId: w.e.vehicleId,
    });
    expect(foreignTrip.statusCode).toBe(404);

    const put = await call('PUT', url, me, { driverId: w.e.driverId, vehicleId: w.e.vehicleId });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({
      driverId: w.e.driverId,
      driverName: 'Водитель E',
      vehicleId: w.e.vehicleId,
      plate: 'А111АА 77',
    });
    expect((await call('GET', url, me)).json().data).toEqual(put.json().data);
    const staff = await signIn(ctx, EDIT_ALL);
    const job = await call('GET', `/api/tms/jobs/${w.e.tripId}/trip-assignment`, staff.headers);
    expect(job.statusCode, job.body).toBe(200);
    expect(job.json().data).toEqual(put.json().data);
    // A trips-only user of the other carrier reads nothing of it.
    expect((await call('GET', url, w.f.user.headers)).statusCode).toBe(404);
  });

  it("lets his cabinet's administrator manage his colleagues, and each user read his own bell", async () => {
    const invited = await call('POST', '/api/carrier/users', w.e.user.headers, {
      email: 'dispatcher@carrier-e.test',
      name: 'Диспетчер',
      roles: ['CABINET_TRIPS'],
    });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json().data).toMatchObject({ kind: 'carrier', counterpartyId: w.e.id });
    const wrongRole = await call('POST', '/api/carrier/users', w.e.user.headers, {
      email: 'other@carrier-e.test',
      name: 'Другой',
      roles: ['CABINET_OFFERS'],
    });
    expect(wrongRole.statusCode).toBe(400);
    const listed = await call('GET', '/api/carrier/users', w.e.user.headers);
    expect(listed.json().data.map((u: { email: string }) => u.email)).toContain('dispatcher@carrier-e.test');
    // The other carrier's administrator sees none of them; a user without the role reaches no colleagues.
    const foreign = await call('GET', '/api/carrier/users', w.f.user.headers);
    expect(foreign.json().data.map((u: { email: string }) => u.email)).not.toContain(
      'dispatcher@carrier-e.test',
    );
    const tripsOnly = await cabinetUser(ctx, w.e.id, ['CABINET_TRIPS'], 'carrier');
    expect((await call('GET', '/api/carrier/users', tripsOnly.headers)).statusCode).toBe(403);

    const bell = await call('GET', '/api/carrier/notifications', tripsOnly.headers);
    expect(bell.statusCode, bell.body).toBe(200);
    expect(bell.json().data).toEqual({ collection: [], unread: 0 });
    const on = await call('PUT', '/api/carrier/me/settings', tripsOnly.headers, { mailNotifications: true });
    expect(on.json().data).toEqual({ mailNotifications: true });
    expect((await call('GET', '/api/carrier/me/settings', tripsOnly.headers)).json().data).toEqual({
      mailNotifications: true,
    });
    // The contractor portal's user has no bell here.
    expect((await call('GET', '/api/carrier/notifications', ops.c.user.headers)).statusCode).toBe(403);
  });
});
