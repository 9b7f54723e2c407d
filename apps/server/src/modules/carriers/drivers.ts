import {
  CARRIER_MESSAGES,
  type CarrierDriver,
  COUNTERPARTY_MESSAGES,
  type CounterpartyDriver,
  carrierDriverResource,
  counterpartyDriverResource,
  DRIVER_IDENTITY_FIELDS,
  DRIVER_REQUIRED_FOR_VERIFICATION,
  type DriverVerificationEvent,
  type DriverVerificationStatus,
  driverVerificationEventSchema,
  driverVerificationStepSchema,
  MESSAGES,
  type Role,
} from '@tms/domain';
import { asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Principal } from '../../platform/auth/context';
import { calendarDay } from '../../platform/calendar';
import { conflict, ErrorCollector, fieldError } from '../../platform/errors';
import { contacts, users } from '../../platform/identity/tables';
import { hasAnyRole } from '../../platform/permissions/check';
import {
  type CallContext,
  type CreateInput,
  defineUseCase,
  type ResourceHooks,
  resourceService,
  type UseCaseContext,
} from '../../platform/resources';
import { counterpartyPartHooks } from '../counterparties';
import { CARRIER_DRIVERS, CARRIER_PREDICATES } from './predicates';
import { counterpartyDrivers, driverVerifications } from './tables';

type DriverRow = typeof counterpartyDrivers.$inferSelect;
type DriverInput = CreateInput<typeof counterpartyDriverResource>;
type CarrierDriverInput = CreateInput<typeof carrierDriverResource>;

/** Who verifies and rejects drivers: the back office's security check. */
export const DRIVER_VERIFIERS: readonly Role[] = ['ROLE_DRIVER_VERIFICATION'];

/** The reason kept when a verified driver's papers change and he goes back to pending (translated by the web). */
export const IDENTITY_CHANGED = 'Passport or licence data changed.';

/** Dates that have happened: by the company's calendar day, so no browser clock decides. */
function checkDates(
  record: Partial<Record<'birthDate' | 'passportIssuedAt' | 'insuranceVerifiedAt', string | null>>,
) {
  const today = calendarDay();
  const errors = new ErrorCollector();
  for (const field of ['birthDate', 'passportIssuedAt', 'insuranceVerifiedAt'] as const) {
    const value = record[field];
    if (value && value > today) errors.add([field], COUNTERPARTY_MESSAGES.futureDate);
  }
  errors.throwIfAny();
  return undefined;
}

/** Keeps one move of a driver's verification status with whoever made it. */
async function recordVerification(
  ctx: { tx: CallContext['tx']; auth: Principal },
  driverId: number,
  from: DriverVerificationStatus | null,
  to: DriverVerificationStatus,
  reason: string | null,
): Promise<void> {
  const { auth } = ctx;
  await ctx.tx.insert(driverVerifications).values({
    driverId,
    fromStatus: from,
    toStatus: to,
    reason,
    actor: auth.kind === 'cabinet' ? 'cabinet' : auth.kind === 'system' ? 'system' : 'user',
    userId: auth.kind === 'cabinet' ? null : auth.userId,
    cabinetUserId: auth.kind === 'cabinet' ? auth.cabinetUserId : null,
  });
}

const changed = (values: Partial<DriverInput>, existing: DriverRow) =>
  DRIVER_IDENTITY_FIELDS.some(
    (field) => values[field] !== undefined && (values[field] ?? null) !== (existing[field] ?? null),
  );

/**
 * The parent counterparty's rules (a contractor's, in the user's scope), the dates, and the verification
 * rule of a write: a verified driver whose person or papers change goes back to pending, the move kept.
 */
function driverHooks(): ResourceHooks<DriverRow, DriverInput> {
  const base = counterpartyPartHooks<DriverRow, DriverInput>(counterpartyDrivers.counterpartyId, {
    contractorOnly: true,
    check: (_tx, record) => checkDates(record),
  });
  return {
    ...base,
    // The security check reads every carrier's drivers; others the counterparties of their scope.
    scope: (auth, access) =>
      access === 'read' && hasAnyRole(auth, DRIVER_VERIFIERS) ? undefined : base.scope!(auth, access),
    async beforeUpdate(ctx, values, existing) {
      const out = await base.beforeUpdate!(ctx, values, existing);
      return { ...out, ...(await backToPending(ctx, values, existing)) };
    },
  };
}

/** A verified driver whose person or papers change goes back to pending, the move kept in his history. */
async function backToPending(
  ctx: { tx: CallContext['tx']; auth: Principal },
  values: Partial<DriverInput>,
  existing: DriverRow,
): Promise<Partial<DriverRow>> {
  if (existing.verificationStatus !== 'verified' || !changed(values, existing)) return {};
  await recordVerification(ctx, existing.id, 'verified', 'pending', IDENTITY_CHANGED);
  return { verificationStatus: 'pending', verificationReason: IDENTITY_CHANGED };
}

/** A carrier's drivers: the back office's sub-resource of the counterparty, and the carrier cabinet's. */
export const driverService = resourceService(counterpartyDriverResource, counterpartyDrivers, {
  hooks: driverHooks(),
});

/**
 * The carrier cabinet's view of his drivers (`/carrier/drivers`): read, add and edit his own (his
 * counterparty's, `CARRIER_PREDICATES.driver`), with the back office's rules: the dates, and a verified
 * driver changed in his papers goes back to pending.
 */
export const carrierDriverService = resourceService(carrierDriverResource, counterpartyDrivers, {
  cabinet: {
    kind: 'carrier',
    only: true,
    counterparty: (id) => CARRIER_PREDICATES.driver(id),
    actions: ['read', 'create', 'edit'],
    roles: { read: CARRIER_DRIVERS, create: CARRIER_DRIVERS, edit: CARRIER_DRIVERS },
  },
  hooks: {
    beforeCreate(ctx, values: CarrierDriverInput) {
      if (ctx.auth.kind !== 'cabinet') throw new Error("A carrier's driver is created by his cabinet");
      checkDates(values);
      return { ...values, counterpartyId: ctx.auth.counterpartyId };
    },
    async beforeUpdate(ctx, values, existing) {
      checkDates({ ...existing, ...values });
      return { ...values, ...(await backToPending(ctx, values, existing)) };
    },
  },
});

/** The back office's service of the drivers for a staff user, the cabinet's view for a carrier. */
const serviceFor = (auth: Principal) => (auth.kind === 'cabinet' ? carrierDriverService : driverService);

const stepInput = driverVerificationStepSchema.extend({ id: z.number().int().positive() });
const driverEntity = counterpartyDriverResource.entity;

/** Moves a driver's status from one of `from` to `to` under the change log's `status` action, kept in its history. */
async function moveVerification(
  ctx: UseCaseContext,
  input: z.infer<typeof stepInput>,
  access: 'read' | 'write',
  from: readonly DriverVerificationStatus[],
  to: DriverVerificationStatus,
  check?: (row: DriverRow) => void,
): Promise<CounterpartyDriver | CarrierDriver> {
  const service = serviceFor(ctx.auth);
  const before = await service.find(ctx, input.id, { access, lock: true });
  if (input.version !== undefined && before.version !== input.version) throw conflict();
  const status = before.verificationStatus;
  if (!from.includes(status)) throw fieldError(['verificationStatus'], CARRIER_MESSAGES.verificationState);
  check?.(before);
  const reason = input.reason || null;
  const after = await service.write(
    ctx,
    before,
    { verificationStatus: to, verificationReason: reason },
    { action: 'status' },
  );
  await recordVerification(ctx, before.id, status, to, reason);
  return (await service.toEntity(after, ctx)) as CounterpartyDriver | CarrierDriver;
}

/**
 * The carrier (from his cabinet, or the back office for him) submits a driver for verification: from not submitted or
 * rejected to pending, his passport and licence filled in and the licence in force.
 */
export const submitDriver = defineUseCase({
  name: 'carriers.submit-driver',
  roles: counterpartyDriverResource.roles.edit as readonly Role[],
  cabinet: 'carrier',
  input: stepInput,
  output: driverEntity,
  async run(ctx, input) {
    return moveVerification(ctx, input, 'write', ['draft', 'rejected'], 'pending', (row) => {
      const errors = new ErrorCollector();
      for (const field of DRIVER_REQUIRED_FOR_VERIFICATION) {
        if (!row[field]) errors.add([field], MESSAGES.blank);
      }
      if (row.licenseExpiresAt && row.licenseExpiresAt < calendarDay()) {
        errors.add(['licenseExpiresAt'], CARRIER_MESSAGES.licenseExpired);
      }
      errors.throwIfAny();
    }) as never;
  },
});

/** The back office verifies a pending driver whose licence is in force. */
export const verifyDriver = defineUseCase({
  name: 'carriers.verify-driver',
  roles: DRIVER_VERIFIERS,
  input: stepInput,
  output: driverEntity,
  async run(ctx, input) {
    return moveVerification(ctx, { ...input, reason: undefined }, 'read', ['pending'], 'verified', (row) => {
      if (row.licenseExpiresAt && row.licenseExpiresAt < calendarDay()) {
        throw fieldError(['licenseExpiresAt'], CARRIER_MESSAGES.licenseExpired);
      }
    }) as never;
  },
});

/** The back office rejects a pending driver, or withdraws a verification, always saying why. */
export const rejectDriver = defineUseCase({
  name: 'carriers.reject-driver',
  roles: DRIVER_VERIFIERS,
  input: stepInput,
  output: driverEntity,
  async run(ctx, input) {
    if (!input.reason) throw fieldError(['reason'], COUNTERPARTY_MESSAGES.reasonRequired);
    return moveVerification(ctx, input, 'read', ['pending', 'verified'], 'rejected') as never;
  },
});

/** A driver's verification history, oldest first, for whoever reads the driver. */
export const driverVerificationHistory = defineUseCase({
  name: 'carriers.driver-verification-history',
  roles: counterpartyDriverResource.roles.view as readonly Role[],
  cabinet: 'carrier',
  input: z.object({ id: z.number().int().positive() }),
  output: z.array(driverVerificationEventSchema),
  async run(ctx, input) {
    const driver = await serviceFor(ctx.auth).find(ctx, input.id);
    const rows = await ctx.tx
      .select({
        id: driverVerifications.id,
        fromStatus: driverVerifications.fromStatus,
        toStatus: driverVerifications.toStatus,
        reason: driverVerifications.reason,
        actor: driverVerifications.actor,
        // A staff user by his name; the carrier's side by the cabinet (a carrier sees no staff names).
        actorName: ctx.auth.kind === 'cabinet' ? sql<string | null>`null` : contacts.name,
        createdAt: driverVerifications.createdAt,
      })
      .from(driverVerifications)
      .leftJoin(users, eq(users.id, driverVerifications.userId))
      .leftJoin(contacts, eq(contacts.id, users.contactId))
      .where(eq(driverVerifications.driverId, driver.id))
      .orderBy(asc(driverVerifications.id));
    return rows.map(
      (row): DriverVerificationEvent => ({
        ...row,
        fromStatus: row.fromStatus,
        toStatus: row.toStatus,
        actor: row.actor as DriverVerificationEvent['actor'],
        createdAt: row.createdAt.toISOString(),
      }),
    );
  },
});
