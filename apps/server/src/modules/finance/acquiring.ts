import {
  ACQUIRING_MESSAGES,
  acquiringCommission,
  acquiringNet,
  acquiringResource,
  decimalCompare,
  decimalFixed,
  MESSAGES,
  scopedRole,
} from '@tms/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { actingOfficeId, actingUserId, isStaff, type Principal } from '../../platform/auth/context';
import { ErrorCollector, fieldError, forbidden } from '../../platform/errors';
import { hasAnyRole } from '../../platform/permissions/check';
import { asSystem, type CallContext } from '../../platform/resources';
import {
  type CreateInput,
  defaultEntity,
  type ResourceContext,
  type ResourceService,
  resourceService,
  type WriteValues,
} from '../../platform/resources/service';
import { mayIgnoreLock } from './bills';
import { assertPeriodOpen, post, reverse } from './ledger';
import { checkLinks, paymentService } from './payments';
import { toBaseCurrency } from './rates';
import { acquiringOperations, paymentForms } from './tables';

export type AcquiringRow = typeof acquiringOperations.$inferSelect;
type AcquiringInput = CreateInput<typeof acquiringResource>;

// ---- Scopes (docs/finance.md "Bank acquiring") ----

/** Reads: manage and view all every operation, view own the ones the user entered. */
export function acquiringReadScope(auth: Principal): SQL {
  if (hasAnyRole(auth, ['ROLE_ACQUIRING_MANAGE', scopedRole('ROLE_ACQUIRING_VIEW', 'all')])) return sql`true`;
  if (isStaff(auth) && hasAnyRole(auth, [scopedRole('ROLE_ACQUIRING_VIEW', 'own')])) {
    return sql`${acquiringOperations.createdById} = ${auth.userId}`;
  }
  return sql`false`;
}

/** Deletes: whoever manages acquiring. */
function acquiringDeleteScope(auth: Principal): SQL {
  return hasAnyRole(auth, ['ROLE_ACQUIRING_MANAGE']) ? sql`true` : sql`false`;
}

/**
 * The operation's own authority over its payment: entering an operation enters it, deleting the operation
 * deletes it, whatever the user's payment roles: the system does it, for the user (`asSystem`). What the user
 * decides in it stays the user's: the bills linked must be ones he reads, leaving part of the gross unlinked
 * needs his ROLE_PAYMENT_UNLINKED (`checkLinks` as the user, before).
 */
const ACQUIRING_PAYMENT = 'acquiring payment';

/** The commission: given, or computed from the rate; one of them, below the gross. */
function commissionOf(values: AcquiringInput, errors: ErrorCollector): string | null {
  const gross = values.grossAmount;
  const rate = values.commissionRate || null;
  const given = values.commissionAmount ?? null;
  if (rate !== null && given !== null) {
    errors.add(['commissionAmount'], ACQUIRING_MESSAGES.commissionTwice);
    return null;
  }
  if (rate === null && given === null) {
    errors.add(['commissionAmount'], ACQUIRING_MESSAGES.commissionRequired);
    return null;
  }
  const commission = rate !== null ? acquiringCommission(gross, rate) : decimalFixed(given!, 2);
  if (decimalCompare(commission, gross) >= 0) {
    errors.add(
      [rate !== null ? 'commissionRate' : 'commissionAmount'],
      ACQUIRING_MESSAGES.commissionOverGross,
    );
    return null;
  }
  return commission;
}

/**
 * A new operation: the form gives the company and currency, the date's month is open with a rate of the
 * currency, the commission is below the gross. Its incoming payment of the gross (links and all) is entered
 * here, through the payments' own use case, so its rules (bills of the client, its currency, open balances,
 * locks) and its posting are the payments'.
 */
async function prepare(
  ctx: ResourceContext,
  values: AcquiringInput,
): Promise<WriteValues<AcquiringRow, AcquiringInput>> {
  const [form] = await ctx.tx
    .select()
    .from(paymentForms)
    .where(eq(paymentForms.id, values.paymentFormId))
    .limit(1);
  if (!form) throw fieldError(['paymentFormId'], MESSAGES.invalid);
  const errors = new ErrorCollector();
  const commission = commissionOf(values, errors);
  const { date } = values;
  await errors.collect(async () => {
    await assertPeriodOpen(ctx.tx, date, mayIgnoreLock(ctx.auth), ['date']);
    await toBaseCurrency(ctx.tx, values.grossAmount, form.currencyId, date, ['date']);
  });
  errors.throwIfAny();
  const { links, ...columns } = values;
  await checkLinks(
    ctx,
    {
      direction: 'INCOMING',
      currencyId: form.currencyId,
      counterpartyId: values.counterpartyId ?? null,
      amount: values.grossAmount,
    },
    links ?? [],
  );
  const payment = await paymentService.create(asSystem(ctx, ACQUIRING_PAYMENT), {
    number: values.number,
    direction: 'INCOMING',
    date,
    paymentFormId: form.id,
    amount: values.grossAmount,
    counterpartyId: values.counterpartyId,
    purpose: values.comment ?? null,
    links: links ?? [],
  });
  return {
    ...columns,
    commissionRate: values.commissionRate || null,
    commissionAmount: commission!,
    netAmount: acquiringNet(values.grossAmount, commission!),
    // The service answers the entity as JSON (untyped); its id is the payment's.
    paymentId: payment.id as number,
    legalEntityId: form.legalEntityId,
    currencyId: form.currencyId,
    serviceOfficeId: form.serviceOfficeId ?? actingOfficeId(ctx.auth),
    createdById: actingUserId(ctx.auth),
  };
}

/**
 * The commission's posting (docs/finance.md "Accounts and postings"): the acquiring bank kept it from the
 * money the form received, so Dr ACQUIRING_COMMISSION / Cr CASH of the form, on the operation's date. With the
 * payment's Dr CASH gross / Cr RECEIVABLE, the form holds the net.
 */
async function postCommission(ctx: ResourceContext, row: AcquiringRow, ignoreLock: boolean): Promise<void> {
  if (decimalCompare(row.commissionAmount, '0') === 0) return;
  const common = {
    currencyId: row.currencyId,
    legalEntityId: row.legalEntityId,
    counterpartyId: row.acquirerId,
  };
  await post(ctx, {
    source: { type: 'acquiring', id: row.id },
    date: row.date,
    ignoreLock,
    dateField: ['date'],
    lines: [
      { ...common, account: 'ACQUIRING_COMMISSION', amount: row.commissionAmount },
      { ...common, account: 'CASH', amount: `-${row.commissionAmount}`, paymentFormId: row.paymentFormId },
    ],
  });
}

/** Bank acquiring as a resource service: entered with its payment and commission, deleted with them, never changed. */
export const acquiringService: ResourceService<AcquiringRow> = resourceService(
  acquiringResource,
  acquiringOperations,
  {
    // The payment's links: entered with the payment the operation makes.
    virtual: ['links'],
    hooks: {
      scope: (auth, access) => (access === 'read' ? acquiringReadScope(auth) : acquiringDeleteScope(auth)),
      beforeCreate: (ctx, values) => prepare(ctx, values),
      guardUpdate() {
        throw fieldError([], ACQUIRING_MESSAGES.fixed);
      },
      async beforeDelete(ctx, row) {
        const [deletable] = await ctx.tx
          .select({ id: acquiringOperations.id })
          .from(acquiringOperations)
          .where(and(eq(acquiringOperations.id, row.id), acquiringDeleteScope(ctx.auth)))
          .limit(1);
        if (!deletable) throw forbidden();
        const ignoreLock = mayIgnoreLock(ctx.auth);
        await assertPeriodOpen(ctx.tx, row.date, ignoreLock, ['date']);
        await reverse(ctx, { type: 'acquiring', id: row.id }, { ignoreLock, dateField: ['date'] });
      },
      async afterWrite(ctx, event) {
        if (event.action === 'create') await postCommission(ctx, event.after!, mayIgnoreLock(ctx.auth));
        // The payment goes once the operation no longer refers to it.
        if (event.action === 'delete') {
          await paymentService.delete(asSystem(ctx, ACQUIRING_PAYMENT), event.before!.paymentId);
        }
      },
      async toEntity(row, ctx: CallContext) {
        const payment = await paymentService.find(asSystem(ctx, ACQUIRING_PAYMENT), row.paymentId);
        const entity = await paymentService.toEntity(payment, ctx);
        return { ...defaultEntity(acquiringResource, row), links: entity.links };
      },
    },
  },
);
