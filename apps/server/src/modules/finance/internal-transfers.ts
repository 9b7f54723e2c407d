import {
  INTERNAL_TRANSFER_MESSAGES,
  internalTransferResource,
  MESSAGES,
  type PaymentDirection,
} from '@tms/domain';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { actingOfficeId, actingUserId, isStaff, type Principal } from '../../platform/auth/context';
import { ErrorCollector, fieldError, forbidden } from '../../platform/errors';
import { hasAnyRole } from '../../platform/permissions/check';
import { resolveScope } from '../../platform/permissions/scope';
import { asSystem } from '../../platform/resources';
import {
  type CreateInput,
  type ResourceContext,
  type ResourceService,
  resourceService,
  type WriteValues,
} from '../../platform/resources/service';
import { billOperationsOf } from './bill-operations';
import { mayIgnoreLock } from './bills';
import { assertPeriodOpen, reverse } from './ledger';
import { paymentService } from './payments';
import { toBaseCurrency } from './rates';
import { bills, internalTransfers, paymentForms, payments } from './tables';
import { refreshTransfersStatus } from './transfer-plan';

export type InternalTransferRow = typeof internalTransfers.$inferSelect;
type InternalTransferInput = CreateInput<typeof internalTransferResource>;

// ---- Scopes (docs/finance.md "Internal transfers") ----

/** Reads: ROLE_INTERNAL_TRANSFER_VIEW every transfer, ROLE_INTERNAL_TRANSFER_CREATE the ones one entered. */
export function transferReadScope(auth: Principal): SQL {
  if (hasAnyRole(auth, ['ROLE_INTERNAL_TRANSFER_VIEW'])) return sql`true`;
  if (isStaff(auth) && hasAnyRole(auth, ['ROLE_INTERNAL_TRANSFER_CREATE'])) {
    return sql`${internalTransfers.createdById} = ${auth.userId}`;
  }
  return sql`false`;
}

/**
 * Deletes: whoever enters transfers, among those they read, within their payments' delete scope (own: entered
 * by me, office: the transfer's office, all), as deleting one deletes its two payments.
 */
function transferDeleteScope(auth: Principal): SQL {
  if (!hasAnyRole(auth, ['ROLE_INTERNAL_TRANSFER_CREATE'])) return sql`false`;
  const scope = resolveScope(auth, 'ROLE_PAYMENT_DELETE', {
    own: (userId) => sql`${internalTransfers.createdById} = ${userId}`,
    office: (officeId) => sql`${internalTransfers.serviceOfficeId} = ${officeId}`,
  });
  if (scope.access === 'none') return sql`false`;
  const read = transferReadScope(auth);
  return scope.access === 'all' ? read : sql`(${read} AND ${scope.where})`;
}

/**
 * The transfer's own authority over its pair of payments: entering a transfer enters them, deleting one it
 * may delete deletes them, whatever the user's payment roles: the system does it, for the user.
 */
const TRANSFER_PAYMENTS = 'internal transfer payments';

/**
 * A new transfer: two different forms of one currency (their companies are the transfer's), the date's month
 * open with a rate of the currency that day, the order (when given) one the user reaches.
 */
async function prepare(
  ctx: ResourceContext,
  values: InternalTransferInput,
): Promise<WriteValues<InternalTransferRow, InternalTransferInput>> {
  const ids = [values.senderFormId, values.recipientFormId];
  const forms = await ctx.tx.select().from(paymentForms).where(inArray(paymentForms.id, ids));
  const sender = forms.find((form) => form.id === ids[0]);
  const recipient = forms.find((form) => form.id === ids[1]);
  const errors = new ErrorCollector();
  if (!sender) errors.add(['senderFormId'], MESSAGES.invalid);
  if (!recipient) errors.add(['recipientFormId'], MESSAGES.invalid);
  errors.throwIfAny();
  if (sender!.id === recipient!.id) errors.add(['recipientFormId'], INTERNAL_TRANSFER_MESSAGES.sameForm);
  else if (sender!.currencyId !== recipient!.currencyId) {
    errors.add(['recipientFormId'], INTERNAL_TRANSFER_MESSAGES.currency);
  }
  const { orderId, date } = values;
  if (orderId) {
    const [order] = await billOperationsOf(ctx, { orderIds: [orderId], jobIds: [] });
    if (!order) errors.add(['orderId'], MESSAGES.invalid);
  }
  await errors.collect(async () => {
    await assertPeriodOpen(ctx.tx, date, mayIgnoreLock(ctx.auth), ['date']);
    await toBaseCurrency(ctx.tx, values.amount, sender!.currencyId, date, ['date']);
  });
  errors.throwIfAny();
  return {
    ...values,
    senderLegalEntityId: sender!.legalEntityId,
    recipientLegalEntityId: recipient!.legalEntityId,
    currencyId: sender!.currencyId,
    serviceOfficeId: sender!.serviceOfficeId ?? recipient!.serviceOfficeId ?? actingOfficeId(ctx.auth),
    createdById: actingUserId(ctx.auth),
  };
}

/** The transfer's outgoing and incoming payments, entered by the payments' own use case (posted there). */
async function enterPayments(ctx: ResourceContext, row: InternalTransferRow): Promise<void> {
  const pair: [PaymentDirection, number][] = [
    ['OUTGOING', row.senderFormId],
    ['INCOMING', row.recipientFormId],
  ];
  for (const [direction, paymentFormId] of pair) {
    await paymentService.create(asSystem(ctx, TRANSFER_PAYMENTS), {
      number: `ВП-${row.id}`,
      direction,
      date: row.date,
      paymentFormId,
      amount: row.amount,
      purpose: row.comment,
      links: [],
      internalTransferId: row.id,
    });
  }
}

/** Internal transfers as a resource service: entered with their payments, deleted with them, never changed. */
export const internalTransferService: ResourceService<InternalTransferRow> = resourceService(
  internalTransferResource,
  internalTransfers,
  {
    hooks: {
      scope: (auth, access) => (access === 'read' ? transferReadScope(auth) : transferDeleteScope(auth)),
      beforeCreate: (ctx, values) => prepare(ctx, values),
      guardUpdate() {
        throw fieldError([], INTERNAL_TRANSFER_MESSAGES.fixed);
      },
      async beforeDelete(ctx, row) {
        const [deletable] = await ctx.tx
          .select({ id: internalTransfers.id })
          .from(internalTransfers)
          .where(and(eq(internalTransfers.id, row.id), transferDeleteScope(ctx.auth)))
          .limit(1);
        if (!deletable) throw forbidden();
        const [bill] = await ctx.tx
          .select({ id: bills.id })
          .from(bills)
          .where(eq(bills.internalTransferId, row.id))
          .limit(1);
        if (bill) throw fieldError([], INTERNAL_TRANSFER_MESSAGES.hasBills);
        await assertPeriodOpen(ctx.tx, row.date, mayIgnoreLock(ctx.auth), ['date']);
        // The incoming one first: the outgoing one is not deleted while it exists.
        const pair = await ctx.tx
          .select({ id: payments.id })
          .from(payments)
          .where(eq(payments.internalTransferId, row.id))
          .orderBy(asc(payments.direction));
        for (const payment of pair) await paymentService.delete(asSystem(ctx, TRANSFER_PAYMENTS), payment.id);
        // An automatic transfer's bank commission goes with it (docs/finance.md "Automatic transfers").
        await reverse(
          ctx,
          { type: 'transfer_commission', id: row.id },
          { ignoreLock: mayIgnoreLock(ctx.auth), dateField: ['date'] },
        );
      },
      async afterWrite(ctx, event) {
        if (event.action === 'create') await enterPayments(ctx, event.after!);
        const orderId = (event.after ?? event.before)?.orderId;
        if (orderId) await refreshTransfersStatus(ctx, [orderId]);
      },
    },
  },
);
