import {
  ACQUIRING_MESSAGES,
  billResource,
  decimalAdd,
  decimalCompare,
  decimalFixed,
  decimalSubtract,
  INTERNAL_TRANSFER_MESSAGES,
  MESSAGES,
  PAYMENT_BILL_DIRECTION,
  PAYMENT_MESSAGES,
  type PaymentDirection,
  type PaymentLink,
  paymentResource,
  type ScopedPermission,
} from '@tms/domain';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/connection';
import {
  type AuthContext,
  actingOfficeId,
  actingUserId,
  isStaff,
  type Principal,
} from '../../platform/auth/context';
import { groupBy } from '../../platform/collections';
import { ErrorCollector, fieldError, forbidden } from '../../platform/errors';
import { recordEvent } from '../../platform/events/outbox';
import { hasAnyRole } from '../../platform/permissions/check';
import { resolveScope, type ScopeBuilders } from '../../platform/permissions/scope';
import type { CallContext } from '../../platform/resources';
import type { ChangeContext } from '../../platform/resources/context';
import {
  type CreateInput,
  defaultEntity,
  type ResourceContext,
  type ResourceService,
  resourceService,
  type WriteValues,
} from '../../platform/resources/service';
import { counterparties } from '../counterparties';
import { billReadScope, mayIgnoreLock } from './bills';
import { syncBillCommissions } from './commissions';
import { assertLinksOpen } from './frozen-money';
import { assertPeriodOpen, type LedgerContext, type PostingLine, post, reverse } from './ledger';
import { notifyBillsPaid, notifyPaymentReceived } from './notifications';
import { toBaseCurrency } from './rates';
import {
  acquiringOperations,
  bills,
  internalTransfers,
  paymentBills,
  paymentForms,
  payments,
} from './tables';

export type PaymentRow = typeof payments.$inferSelect;
type PaymentInput = CreateInput<typeof paymentResource>;

// ---- Scopes (docs/finance.md "Payments": who reaches a payment) ----

/**
 * Who reaches a payment, or a currency conversion (the same roles): reads by the list's scope (office: the
 * record's office; all) and the records one entered; deletes by the delete scope (own, office, all) among them.
 */
export function movementScopes(columns: { createdById: PgColumn; serviceOfficeId: PgColumn }) {
  const own = (userId: number) => sql`${columns.createdById} = ${userId}`;
  const office = (officeId: number) => sql`${columns.serviceOfficeId} = ${officeId}`;
  const read = (auth: Principal): SQL => {
    const list = resolveScope(auth, 'ROLE_PAYMENT_LIST', { office });
    const parts = [
      list.access === 'all' ? sql`true` : list.access === 'restricted' ? list.where : null,
      isStaff(auth) && hasAnyRole(auth, ['ROLE_PAYMENT_CREATE']) ? own(auth.userId) : null,
    ].filter((part): part is SQL => part !== null);
    return parts.length ? sql`(${sql.join(parts, sql` OR `)})` : sql`false`;
  };
  const remove = (auth: Principal): SQL => {
    const scope = resolveScope(auth, 'ROLE_PAYMENT_DELETE', { own, office });
    if (scope.access === 'none') return sql`false`;
    return scope.access === 'all' ? read(auth) : sql`(${read(auth)} AND ${scope.where})`;
  };
  return { read, remove };
}

const paymentScopes = movementScopes(payments);
export const paymentReadScope = paymentScopes.read;
const paymentDeleteScope = paymentScopes.remove;

/**
 * The condition on `payments` of a report's scoped permission (prepayments in the receivables): the
 * payment's dimensions as a bill's (own: entered it; related: or its counterparty is one I curate or manage;
 * manager office: its office; payment-form office: its form's office; subordinates: entered by one under me).
 */
export function paymentReportScope(auth: Principal, permission: ScopedPermission): SQL | undefined {
  const own = (userId: number) => sql`${payments.createdById} = ${userId}`;
  const builders = {
    own,
    related: (userId: number) =>
      sql`(${own(userId)} OR EXISTS (SELECT 1 FROM ${counterparties} c WHERE c.id = ${payments.counterpartyId} AND (c.curator_ids @> ARRAY[${userId}]::integer[] OR c.manager_ids @> ARRAY[${userId}]::integer[])))`,
    managerOffice: (officeId: number) => sql`${payments.serviceOfficeId} = ${officeId}`,
    paymentFormOffice: (officeId: number) =>
      sql`EXISTS (SELECT 1 FROM ${paymentForms} pf WHERE pf.id = ${payments.paymentFormId} AND pf.service_office_id = ${officeId})`,
    subordinates: (userIds: SQL) => sql`${payments.createdById} = ANY(${userIds})`,
  };
  const scope = resolveScope(auth, permission, builders as unknown as ScopeBuilders<typeof permission>);
  if (scope.access === 'none') throw forbidden();
  return scope.access === 'all' ? undefined : scope.where;
}

/** Link changes: ROLE_PAYMENT_LINKED on the payments one reads. */
function paymentLinkScope(auth: Principal): SQL {
  return hasAnyRole(auth, ['ROLE_PAYMENT_LINKED']) ? paymentReadScope(auth) : sql`false`;
}

// ---- Links ----

/** The links of a payment, with what the reader sees of each bill. */
async function linksOf(tx: Tx, paymentIds: readonly number[]) {
  if (!paymentIds.length) return [];
  return tx
    .select({
      paymentId: paymentBills.paymentId,
      billId: paymentBills.billId,
      amount: paymentBills.amount,
      billNumber: bills.number,
      billAmount: bills.amount,
      billBalance: bills.balance,
    })
    .from(paymentBills)
    .innerJoin(bills, eq(bills.id, paymentBills.billId))
    .where(inArray(paymentBills.paymentId, [...paymentIds]))
    .orderBy(asc(paymentBills.billId));
}

interface PaymentFacts {
  direction: PaymentDirection;
  currencyId: number;
  counterpartyId: number | null;
  amount: string;
  /** A payment of an internal transfer: unlinked by nature, against the transfer's clearing account. */
  internalTransferId?: number | null;
}

/**
 * Spec §8 "A payment can cover only internal-transfer bills of the same currency": a payment of an internal
 * transfer covers only the bills of that transfer (its intercompany bills), a bill of a transfer takes only
 * that transfer's payments; an ordinary payment pays ordinary bills. The currency is the next check's.
 */
function transferProblem(payment: PaymentFacts, bill: { internalTransferId: number | null }): string | null {
  const transferId = payment.internalTransferId ?? null;
  if (transferId === bill.internalTransferId) return null;
  return transferId ? PAYMENT_MESSAGES.transferBill : PAYMENT_MESSAGES.billOfTransfer;
}

/**
 * The links' rules, every refusal at once: each bill read by the user, of the payment's internal transfer
 * (`transferProblem`), currency, direction and counterparty, linked once, for at most its open balance (plus what this payment already
 * pays it, for a change of links); together at most the payment's amount; an unlinked rest needs its role.
 * The bills are locked, so two payments of one bill never both see its whole balance. Answers the sum linked.
 */
export async function checkLinks(
  ctx: ResourceContext,
  payment: PaymentFacts,
  links: readonly PaymentLink[],
  current: ReadonlyMap<number, string> = new Map(),
  errors = new ErrorCollector(),
): Promise<string> {
  const ids = links.map((link) => link.billId);
  const found = ids.length
    ? await ctx.tx
        .select()
        .from(bills)
        .where(and(inArray(bills.id, ids), billReadScope(ctx.auth)))
        .orderBy(asc(bills.id))
        .for('update')
    : [];
  const byId = new Map(found.map((bill) => [bill.id, bill]));
  const seen = new Set<number>();
  let linked = '0';
  for (const [index, link] of links.entries()) {
    const path = ['links', index];
    const bill = byId.get(link.billId);
    linked = decimalAdd(linked, link.amount);
    const problem = !bill
      ? MESSAGES.invalid
      : seen.has(bill.id)
        ? PAYMENT_MESSAGES.billTwice
        : (transferProblem(payment, bill) ??
          (bill.currencyId !== payment.currencyId
            ? PAYMENT_MESSAGES.billCurrency
            : bill.direction !== PAYMENT_BILL_DIRECTION[payment.direction]
              ? PAYMENT_MESSAGES.billDirection
              : payment.counterpartyId !== null && bill.counterpartyId !== payment.counterpartyId
                ? PAYMENT_MESSAGES.billCounterparty
                : null));
    if (problem) {
      errors.add([...path, 'billId'], problem);
      continue;
    }
    seen.add(bill!.id);
    const open = decimalAdd(bill!.balance, current.get(bill!.id) ?? '0');
    if (decimalCompare(link.amount, open) > 0) errors.add([...path, 'amount'], PAYMENT_MESSAGES.overBalance);
  }
  // Frozen money: links to the bills of an operation finance control accepted do not move (frozen-money.ts).
  await errors.collect(() => assertLinksOpen(ctx, links, current));
  // A transfer's payment is between our own companies: its intercompany bills name the other company's card.
  if (links.length && payment.counterpartyId === null && !payment.internalTransferId) {
    errors.add(['counterpartyId'], PAYMENT_MESSAGES.counterpartyRequired);
  }
  if (decimalCompare(linked, payment.amount) > 0) errors.add(['links'], PAYMENT_MESSAGES.overAmount);
  else if (
    decimalCompare(linked, payment.amount) < 0 &&
    !payment.internalTransferId &&
    !hasAnyRole(ctx.auth, ['ROLE_PAYMENT_UNLINKED'])
  ) {
    errors.add(['links'], PAYMENT_MESSAGES.unlinkedDenied);
  }
  errors.throwIfAny();
  return decimalFixed(linked, 2);
}

/**
 * Moves the bills' balances from the payment's stored links to `links` and stores them. Answers whether the
 * payment had links before, the bills it paid in full (their balance brought down to zero) and every bill
 * whose balance moved.
 */
async function storeLinks(ctx: ChangeContext, paymentId: number, links: readonly PaymentLink[]) {
  const { tx } = ctx;
  const before = await tx.delete(paymentBills).where(eq(paymentBills.paymentId, paymentId)).returning();
  const moves = new Map<number, string>();
  for (const link of before) moves.set(link.billId, link.amount);
  for (const link of links)
    moves.set(link.billId, decimalSubtract(moves.get(link.billId) ?? '0', link.amount));
  const paid: number[] = [];
  for (const [billId, delta] of moves) {
    if (decimalCompare(delta, '0') === 0) continue;
    const [bill] = await tx
      .update(bills)
      .set({ balance: sql`${bills.balance} + ${delta}::numeric`, version: sql`${bills.version} + 1` })
      .where(eq(bills.id, billId))
      .returning({ balance: bills.balance, version: bills.version });
    if (!bill) continue;
    // The bill's change log shows its own edits; a balance moved by a payment is an event of the bill all the same.
    await recordEvent(tx, {
      entityType: billResource.name,
      entityId: billId,
      kind: 'balance',
      fields: ['balance'],
      version: bill.version,
      auth: ctx.auth,
    });
    if (decimalCompare(delta, '0') < 0 && decimalCompare(bill.balance, '0') === 0) paid.push(billId);
  }
  if (links.length) {
    await tx.insert(paymentBills).values(links.map((link) => ({ paymentId, ...link })));
  }
  return { hadLinks: before.length > 0, paid, moved: [...moves.keys()] };
}

/**
 * The payment's posting (docs/finance.md "Accounts and postings"): the money on the payment form's CASH
 * against each bill's receivable (incoming) or payable (outgoing), the unlinked rest against the
 * counterparty's advances; base amounts at the payment date's rate.
 */
async function postPayment(
  ctx: LedgerContext,
  payment: PaymentRow,
  links: readonly PaymentLink[],
  ignoreLock: boolean,
): Promise<void> {
  const sign = payment.direction === 'INCOMING' ? '' : '-';
  const opposite = (amount: string) => (sign ? amount : `-${amount}`);
  const common = {
    currencyId: payment.currencyId,
    legalEntityId: payment.legalEntityId,
    counterpartyId: payment.counterpartyId,
  };
  const lines: PostingLine[] = [
    {
      ...common,
      account: 'CASH' as const,
      amount: `${sign}${payment.amount}`,
      paymentFormId: payment.paymentFormId,
    },
    ...links.map((link) => ({
      ...common,
      account: payment.direction === 'INCOMING' ? ('RECEIVABLE' as const) : ('PAYABLE' as const),
      amount: opposite(link.amount),
      billId: link.billId,
    })),
  ];
  if (decimalCompare(payment.unlinkedAmount, '0') > 0) {
    lines.push({
      ...common,
      account: payment.internalTransferId
        ? 'INTERNAL_TRANSFERS'
        : payment.direction === 'INCOMING'
          ? 'ADVANCES_RECEIVED'
          : 'ADVANCES_PAID',
      amount: opposite(payment.unlinkedAmount),
    });
  }
  await post(ctx, {
    source: { type: 'payment', id: payment.id },
    date: payment.date,
    ignoreLock,
    dateField: ['date'],
    lines,
  });
}

/**
 * A payment naming an internal transfer is one of its pair: the outgoing one on its sender form, the incoming
 * one on its recipient form, of its amount and date, for no counterparty's bill (a second one of a direction
 * is refused by `payments_internal_transfer_uq`).
 */
async function assertTransferPayment(ctx: ResourceContext, transferId: number, values: PaymentInput) {
  const [transfer] = await ctx.tx
    .select()
    .from(internalTransfers)
    .where(eq(internalTransfers.id, transferId))
    .limit(1);
  const formId = values.direction === 'OUTGOING' ? transfer?.senderFormId : transfer?.recipientFormId;
  const fits =
    transfer &&
    formId === values.paymentFormId &&
    transfer.date === values.date &&
    decimalCompare(transfer.amount, values.amount) === 0 &&
    !values.counterpartyId &&
    !values.links?.length;
  if (!fits) throw fieldError(['internalTransferId'], MESSAGES.invalid);
}

/**
 * A new payment: the payment form gives its company and currency (and its office, else the user's), the
 * date's month must be open and have a rate, the links their rules.
 */
async function prepareCreate(
  ctx: ResourceContext,
  values: PaymentInput,
): Promise<WriteValues<PaymentRow, PaymentInput>> {
  const errors = new ErrorCollector();
  const [form] = await ctx.tx
    .select()
    .from(paymentForms)
    .where(eq(paymentForms.id, values.paymentFormId))
    .limit(1);
  if (!form) throw fieldError(['paymentFormId'], MESSAGES.invalid);
  const { date } = values;
  await errors.collect(async () => {
    await assertPeriodOpen(ctx.tx, date, mayIgnoreLock(ctx.auth), ['date']);
    await toBaseCurrency(ctx.tx, values.amount, form.currencyId, date, ['date']);
  });
  const counterpartyId = values.counterpartyId ?? null;
  const internalTransferId = values.internalTransferId ?? null;
  if (internalTransferId) await assertTransferPayment(ctx, internalTransferId, values);
  const linked = await checkLinks(
    ctx,
    {
      direction: values.direction,
      currencyId: form.currencyId,
      counterpartyId,
      amount: values.amount,
      internalTransferId,
    },
    values.links ?? [],
    new Map(),
    errors,
  );
  const [counterparty] = counterpartyId
    ? await ctx.tx
        .select({ name: counterparties.name })
        .from(counterparties)
        .where(eq(counterparties.id, counterpartyId))
    : [];
  return {
    ...values,
    legalEntityId: form.legalEntityId,
    currencyId: form.currencyId,
    counterpartyName: counterparty?.name ?? null,
    linkedAmount: linked,
    unlinkedAmount: decimalFixed(decimalSubtract(values.amount, linked), 2),
    serviceOfficeId: form.serviceOfficeId ?? actingOfficeId(ctx.auth),
    createdById: actingUserId(ctx.auth),
  };
}

/** Payments as a resource service: a create posts, a change of links reposts, a delete reverses. */
export const paymentService: ResourceService<PaymentRow> = resourceService(paymentResource, payments, {
  // Its own table of bill links.
  virtual: ['links'],
  hooks: {
    scope: (auth, access) =>
      access === 'read'
        ? paymentReadScope(auth)
        : sql`(${paymentLinkScope(auth)} OR ${paymentDeleteScope(auth)})`,
    beforeCreate: (ctx, values) => prepareCreate(ctx, values),
    async guardUpdate(ctx, existing, changed) {
      const [linkable] = await ctx.tx
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.id, existing.id), paymentLinkScope(ctx.auth)))
        .limit(1);
      if (!linkable) throw forbidden(PAYMENT_MESSAGES.linkDenied);
      // A payment entered without its counterparty (a bank statement's line of an unknown INN) is given it
      // later, once: its statement's fingerprint stays, so the next overlapping statement still skips it.
      const settable = (field: string) =>
        field === 'links' ||
        (field === 'counterpartyId' && existing.counterpartyId === null && !existing.internalTransferId);
      if (!changed.every(settable)) throw fieldError([], PAYMENT_MESSAGES.fixed);
    },
    async beforeUpdate(ctx, values, existing) {
      const counterpartyId =
        existing.counterpartyId === null && values.counterpartyId ? values.counterpartyId : null;
      if (!values.links && !counterpartyId) return {};
      const errors = new ErrorCollector();
      const current = new Map(
        (await linksOf(ctx.tx, [existing.id])).map((link) => [link.billId, link.amount] as const),
      );
      const links = values.links ?? [...current].map(([billId, amount]) => ({ billId, amount }));
      await errors.collect(() => assertPeriodOpen(ctx.tx, existing.date, mayIgnoreLock(ctx.auth), ['date']));
      const linked = await checkLinks(
        ctx,
        {
          ...existing,
          direction: existing.direction,
          counterpartyId: counterpartyId ?? existing.counterpartyId,
        },
        links,
        current,
        errors,
      );
      const [counterparty] = counterpartyId
        ? await ctx.tx
            .select({ name: counterparties.name })
            .from(counterparties)
            .where(eq(counterparties.id, counterpartyId))
        : [];
      return {
        ...(counterpartyId ? { counterpartyId, counterpartyName: counterparty?.name ?? null } : {}),
        links,
        linkedAmount: linked,
        unlinkedAmount: decimalFixed(decimalSubtract(existing.amount, linked), 2),
      };
    },
    async beforeDelete(ctx, row) {
      const [deletable] = await ctx.tx
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.id, row.id), paymentDeleteScope(ctx.auth)))
        .limit(1);
      if (!deletable) throw forbidden();
      const [acquiring] = await ctx.tx
        .select({ id: acquiringOperations.id })
        .from(acquiringOperations)
        .where(eq(acquiringOperations.paymentId, row.id))
        .limit(1);
      if (acquiring) throw fieldError([], ACQUIRING_MESSAGES.paymentOfOperation);
      if (row.internalTransferId && row.direction === 'OUTGOING') {
        const [incoming] = await ctx.tx
          .select({ id: payments.id })
          .from(payments)
          .where(
            and(eq(payments.internalTransferId, row.internalTransferId), eq(payments.direction, 'INCOMING')),
          )
          .limit(1);
        if (incoming) throw fieldError([], INTERNAL_TRANSFER_MESSAGES.outgoingFirst);
      }
      const ignoreLock = mayIgnoreLock(ctx.auth);
      await assertPeriodOpen(ctx.tx, row.date, ignoreLock, ['date']);
      // Deleting a payment takes its links off their bills: not off a bill of an accepted operation.
      const current = new Map(
        (await linksOf(ctx.tx, [row.id])).map((link) => [link.billId, link.amount] as const),
      );
      await assertLinksOpen(ctx, [], current, []);
      await reverse(ctx, { type: 'payment', id: row.id }, { ignoreLock, dateField: ['date'] });
      const stored = await storeLinks(ctx, row.id, []);
      await syncBillCommissions(ctx, stored.moved, ignoreLock);
    },
    async afterWrite(ctx, event) {
      const ignoreLock = mayIgnoreLock(ctx.auth);
      const { links } = event.input;
      // A counterparty given later moves the payment's advance to it: reposted like a change of links.
      const gotCounterparty =
        event.action === 'update' && event.before?.counterpartyId !== event.after?.counterpartyId;
      if (event.action === 'create' || (event.action === 'update' && (links || gotCounterparty))) {
        const payment = event.after!;
        if (event.action === 'update') {
          await reverse(ctx, { type: 'payment', id: payment.id }, { ignoreLock, dateField: ['date'] });
        }
        const stored = await storeLinks(ctx, payment.id, links ?? []);
        await postPayment(ctx, payment, links ?? [], ignoreLock);
        await syncBillCommissions(ctx, stored.moved, ignoreLock);
        // Money from a client is news once, when it first meets the client's bills.
        if (payment.direction === 'INCOMING' && links?.length && !stored.hadLinks) {
          await notifyPaymentReceived(ctx, payment);
        }
        await notifyBillsPaid(ctx, stored.paid);
      }
    },
    // The entity's members and its links: a list leaves out the search columns.
    entityColumns: [],
    async toEntities(rows, ctx: CallContext) {
      const links = groupBy(
        await linksOf(
          ctx.tx,
          rows.map((row) => row.id),
        ),
        (link) => link.paymentId,
      );
      return rows.map((row) => ({
        ...defaultEntity(paymentResource, row),
        links: (links.get(row.id) ?? []).map(({ paymentId: _p, ...link }) => link),
      }));
    },
  },
});

/** A bill with payments no longer changes (spec §8): the `billChangeBlockers` contribution. */
export async function billHasPayments(tx: Tx, billId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: paymentBills.paymentId })
    .from(paymentBills)
    .where(eq(paymentBills.billId, billId))
    .limit(1);
  return Boolean(row);
}

/** The payments of a bill the user reads, with the part of each paying it. */
export async function paymentsOfBill(tx: Tx, auth: AuthContext, billId: number) {
  return tx
    .select({
      id: payments.id,
      number: payments.number,
      date: payments.date,
      direction: payments.direction,
      amount: payments.amount,
      linked: paymentBills.amount,
    })
    .from(paymentBills)
    .innerJoin(payments, eq(payments.id, paymentBills.paymentId))
    .where(and(eq(paymentBills.billId, billId), paymentReadScope(auth)))
    .orderBy(asc(payments.date), asc(payments.id));
}
