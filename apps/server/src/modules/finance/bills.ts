import {
  BILL_KIND_ROLES,
  BILL_MESSAGES,
  type BillKind,
  billPostingLines,
  billResource,
  decimalAdd,
  decimalCompare,
  decimalFixed,
  decimalSubtract,
  MESSAGES,
  type Role,
  type ScopedPermission,
} from '@tms/domain';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import {
  type AuthContext,
  actingOfficeId,
  actingUserId,
  isStaff,
  type Principal,
} from '../../platform/auth/context';
import { ErrorCollector, fieldError, forbidden } from '../../platform/errors';
import type { Registries } from '../../platform/modules';
import { hasAnyRole } from '../../platform/permissions/check';
import { resolveScope, type ScopeAccess, type ScopeBuilders } from '../../platform/permissions/scope';
import type { CallContext } from '../../platform/resources';
import {
  afterUpdate,
  type CreateInput,
  type ResourceContext,
  type ResourceService,
  resourceService,
  type Updated,
  type WriteValues,
} from '../../platform/resources';
import { checkCreditLimit, counterparties } from '../counterparties';
import type { BillOperation } from './bill-operations';
import { budgetBillsScope, checkBillBudgetItem } from './budgets';
import { assertBillDeletable, checkBillMoneyOpen } from './frozen-money';
import { type LedgerContext, post, reverse } from './ledger';
import { notifyBillCreated, notifyBudgetOverPlan } from './notifications';
import { toBaseCurrency } from './rates';
import { bills, ledgerEntries, paymentForms } from './tables';
import { refreshTransfersStatus } from './transfer-plan';

export type BillRow = typeof bills.$inferSelect;
type BillInput = CreateInput<typeof billResource>;
/** A bill as a write will store it: the body of a create, the row with the members sent over it for an update. */
type BillRecord = BillInput | Updated<BillRow, Partial<BillInput>>;

/**
 * Whether a bill may no longer be modified or deleted because something refers to it (payments, a
 * printable bill, files, material assets): each module that refers to bills contributes one. `true` refuses
 * with the spec's message, a text with that one (what the user must remove first).
 */
export type BillChangeBlocker = (tx: Tx, billId: number) => Promise<boolean | string>;

declare module '../../platform/modules' {
  interface ModuleContributions {
    billChangeBlockers: BillChangeBlocker;
  }
}

async function assertChangeable(registries: Registries, tx: Tx, billId: number): Promise<void> {
  for (const blocked of registries.contributions('billChangeBlockers').values()) {
    const refusal = await blocked(tx, billId);
    if (refusal) throw fieldError([], refusal === true ? BILL_MESSAGES.changeBlocked : refusal);
  }
}

// ---- Scopes (docs/finance.md "Who reaches a bill") ----

/** own: I created it; related: I created it or I curate or manage its counterparty. */
const ownBill = (userId: number) => sql`${bills.createdById} = ${userId}`;
const builders: ScopeBuilders<'ROLE_BILL_VIEW' | 'ROLE_BILL_EDIT'> = {
  own: ownBill,
  related: (userId) =>
    sql`(${ownBill(userId)} OR EXISTS (SELECT 1 FROM ${counterparties} c WHERE c.id = ${bills.counterpartyId} AND (c.curator_ids @> ARRAY[${userId}]::integer[] OR c.manager_ids @> ARRAY[${userId}]::integer[])))`,
  managerOffice: (officeId) => sql`${bills.serviceOfficeId} = ${officeId}`,
  paymentFormOffice: (officeId) =>
    sql`EXISTS (SELECT 1 FROM ${paymentForms} pf WHERE pf.id = ${bills.paymentFormId} AND pf.service_office_id = ${officeId})`,
  // The bills created by the user or anyone under him in the company structure.
  subordinates: (userIds) => sql`${bills.createdById} = ANY(${userIds})`,
};

/**
 * The condition on `bills` of a report's scoped permission (docs/reports.md "Who sees what"): the bills'
 * own dimensions (own, related, manager office, payment-form office, subordinates) under the report's role,
 * resolved by the kernel; `undefined` for every bill. The report's use case has checked its role.
 */
export function billReportScope(auth: Principal, permission: ScopedPermission): SQL | undefined {
  const scope = resolveScope(auth, permission, builders as unknown as ScopeBuilders<typeof permission>);
  if (scope.access === 'none') throw forbidden();
  return scope.access === 'all' ? undefined : scope.where;
}

const ofKind = (kind: BillKind, scope: ScopeAccess): SQL | null => {
  if (scope.access === 'none') return null;
  const kindIs = sql`${bills.kind} = ${kind}`;
  return scope.access === 'all' ? kindIs : sql`(${kindIs} AND ${scope.where})`;
};
const every: ScopeAccess = { access: 'all' };
const nothing: ScopeAccess = { access: 'none' };
const holding = (auth: Principal, roles: readonly Role[]) => roles.length > 0 && hasAnyRole(auth, roles);

function combine(parts: (SQL | null)[]): SQL {
  const held = parts.filter((part): part is SQL => part !== null);
  return held.length ? sql`(${sql.join(held, sql` OR `)})` : sql`false`;
}

/**
 * Reads: direct bills in the view scope or all of them with "direct bills: view"; overhead bills (rent,
 * salaries) only with "overhead bills: view"; the bills one created; those of budgets naming one.
 */
export function billReadScope(auth: Principal): SQL {
  const view = resolveScope(auth, 'ROLE_BILL_VIEW', builders);
  return combine([
    ofKind('DIRECT', holding(auth, ['ROLE_DIRECT_BILL_VIEW']) ? every : view),
    ofKind('OVERHEAD', holding(auth, ['ROLE_OVERHEAD_BILL_VIEW']) ? every : nothing),
    isStaff(auth) &&
    (holding(auth, BILL_KIND_ROLES.DIRECT.create) || holding(auth, BILL_KIND_ROLES.OVERHEAD.create))
      ? ownBill(auth.userId)
      : null,
    budgetBillsScope(auth, 'read'),
  ]);
}

/**
 * Changes: direct bills in the edit scope, overhead bills for their keepers (who create them), the bills of
 * budgets naming one an editor.
 */
export function billEditScope(auth: Principal): SQL {
  return combine([
    ofKind('DIRECT', resolveScope(auth, 'ROLE_BILL_EDIT', builders)),
    ofKind('OVERHEAD', holding(auth, BILL_KIND_ROLES.OVERHEAD.create) ? every : nothing),
    budgetBillsScope(auth, 'write'),
  ]);
}

/** Deletes: a bill one reads, of a kind whose delete role one holds. */
function billDeleteScope(auth: Principal): SQL {
  const read = billReadScope(auth);
  return combine(
    (['DIRECT', 'OVERHEAD'] as const).map((kind) =>
      holding(auth, BILL_KIND_ROLES[kind].delete) ? sql`(${bills.kind} = ${kind} AND ${read})` : null,
    ),
  );
}

// ---- Rules ----

/** What, changed, moves the bill's money: the posting is reversed and made again. */
const POSTED_FIELDS = [
  'direction',
  'counterpartyId',
  'legalEntityId',
  'currencyId',
  'amount',
  'recognitionDate',
  'disbursement',
] as const;

export const mayIgnoreLock = (auth: Principal) => hasAnyRole(auth, ['ROLE_RECOGNITION_DATE_IGNORE_LOCK']);

type Posted = Pick<BillRecord, (typeof POSTED_FIELDS)[number]>;

function postingChanged(before: Posted, after: Posted): boolean {
  return POSTED_FIELDS.some((field) => String(before[field]) !== String(after[field]));
}

/**
 * The rules of a bill as it will be stored (`bill`; `existing`: the row an update changes): its kind and the
 * user's role for it, its orders and jobs, the payment form's company, the bank commission, the counter bill
 * and the recognition date's month. Answers the computed columns; every refusal at once.
 */
async function prepareBill(
  ctx: ResourceContext,
  bill: BillRecord,
  existing: BillRow | null,
): Promise<WriteValues<BillRow, BillInput>> {
  const errors = new ErrorCollector();
  // A body without a kind gets the column's default; the stored kind is text written from a BillKind.
  const kind = (bill.kind ?? 'DIRECT') as BillKind;
  if ((!existing || existing.kind !== kind) && !holding(ctx.auth, BILL_KIND_ROLES[kind].create)) {
    throw forbidden(BILL_MESSAGES.kindDenied);
  }
  const orderIds = bill.orderIds ?? [];
  const jobIds = bill.jobIds ?? [];
  if (kind === 'DIRECT' && !orderIds.length && !jobIds.length) {
    errors.add(['orderIds'], BILL_MESSAGES.operationsRequired);
  }
  if (kind === 'OVERHEAD' && (orderIds.length || jobIds.length)) {
    errors.add(['orderIds'], BILL_MESSAGES.overheadOperations);
  }
  const ignoreLock = mayIgnoreLock(ctx.auth);
  const reposted = !existing || postingChanged(existing, bill);
  // Frozen money: what finance control accepted, or a closed month holds, does not move (frozen-money.ts).
  const { operations, dateOpen } = await checkBillMoneyOpen(
    ctx,
    errors,
    { orderIds, jobIds, recognitionDate: bill.recognitionDate },
    existing,
    { reposted, ignoreLock },
  );
  for (const operation of operations) {
    if (operation.type === 'job' && operation.tracking) {
      errors.add(['jobIds', jobIds.indexOf(operation.id)], BILL_MESSAGES.trackingJob);
    }
  }
  const jobOrderIds = operations.filter((o) => o.type === 'job').flatMap((o) => o.orderIds);
  await errors.collect(() =>
    checkBillBudgetItem(
      ctx,
      { ...bill, kind, orderIds, budgetItemId: bill.budgetItemId ?? null },
      existing,
      jobOrderIds,
    ),
  );
  if (bill.bankCommission !== null && bill.bankCommission !== undefined && !bill.bankCommissionCurrencyId) {
    errors.add(['bankCommissionCurrencyId'], BILL_MESSAGES.commissionCurrency);
  }
  const [form] = await ctx.tx
    .select({ legalEntityId: paymentForms.legalEntityId })
    .from(paymentForms)
    .where(eq(paymentForms.id, bill.paymentFormId))
    .limit(1);
  if (form && form.legalEntityId !== bill.legalEntityId) {
    errors.add(['paymentFormId'], BILL_MESSAGES.paymentFormCompany);
  }
  if (bill.counterBillId !== null && bill.counterBillId !== undefined) {
    await errors.collect(() => checkCounterBill(ctx, bill, existing));
  }
  const [counterparty] = await ctx.tx
    .select({ name: counterparties.name })
    .from(counterparties)
    .where(eq(counterparties.id, bill.counterpartyId))
    .limit(1);
  const base =
    reposted && dateOpen
      ? await errors.collect(() =>
          toBaseCurrency(ctx.tx, bill.amount, bill.currencyId, bill.recognitionDate, ['recognitionDate']),
        )
      : undefined;
  if (base && bill.direction === 'INCOME') {
    // Only what the change adds counts: the bill's stored receivable is in the exposure already.
    const same = existing?.direction === 'INCOME' && existing.counterpartyId === bill.counterpartyId;
    const added = same ? decimalSubtract(base.amount, existing.amountInBase) : base.amount;
    // Billing an order moves its planned income, which the exposure counts already, to the receivable.
    const planned = plannedIncomeTaken(operations, bill.counterpartyId, added);
    const net = decimalSubtract(added, planned);
    if (decimalCompare(net, '0') > 0) {
      await errors.collect(() => checkCreditLimit(ctx, ctx.auth, bill.counterpartyId, net));
    }
  }
  errors.throwIfAny();
  const out: WriteValues<BillRow, BillInput> = { counterpartyName: counterparty?.name ?? '' };
  if (base) Object.assign(out, { amountInBase: base.amount, balance: bill.amount });
  if (!existing) {
    const office = operations.find((operation) => operation.serviceOfficeId !== null)?.serviceOfficeId;
    Object.assign(out, {
      serviceOfficeId: office ?? actingOfficeId(ctx.auth),
      createdById: actingUserId(ctx.auth),
    });
  }
  return out;
}

/**
 * What of `added` (an income bill's new base amount) the unbilled planned income of its orders of the same
 * client takes: each such order's exposure falls by min(its unbilled planned income, added) when billed.
 */
function plannedIncomeTaken(
  operations: readonly BillOperation[],
  counterpartyId: number,
  added: string,
): string {
  return operations
    .filter((o) => o.type === 'order' && o.counterpartyId === counterpartyId && o.unbilledIncome !== null)
    .map((o) => (decimalCompare(o.unbilledIncome!, added) < 0 ? o.unbilledIncome! : added))
    .reduce((sum, part) => decimalAdd(sum, part), '0');
}

/** Spec §8: a counter bill is of the opposite direction and the same counterparty, and another bill. */
async function checkCounterBill(
  ctx: ResourceContext,
  bill: Pick<BillRecord, 'counterBillId' | 'direction' | 'counterpartyId'>,
  existing: BillRow | null,
): Promise<void> {
  const path = ['counterBillId'];
  if (existing && bill.counterBillId === existing.id) throw fieldError(path, BILL_MESSAGES.counterSelf);
  const [counter] = await ctx.tx
    .select({ direction: bills.direction, counterpartyId: bills.counterpartyId })
    .from(bills)
    .where(and(eq(bills.id, bill.counterBillId!), billReadScope(ctx.auth)))
    .limit(1);
  if (!counter) throw fieldError(path, MESSAGES.invalid);
  if (counter.direction === bill.direction) throw fieldError(path, BILL_MESSAGES.counterDirection);
  if (counter.counterpartyId !== bill.counterpartyId)
    throw fieldError(path, BILL_MESSAGES.counterCounterparty);
}

/** Posts the bill's entries (docs/finance.md "Ledger": accounts and postings). */
export async function postBill(ctx: LedgerContext, bill: BillRow, ignoreLock: boolean): Promise<void> {
  const common = { currencyId: bill.currencyId, legalEntityId: bill.legalEntityId, billId: bill.id };
  await post(ctx, {
    source: { type: 'bill', id: bill.id },
    date: bill.recognitionDate,
    ignoreLock,
    lines: billPostingLines({
      direction: bill.direction,
      disbursement: bill.disbursement,
      amount: bill.amount,
    }).map((line) => ({
      ...common,
      account: line.account,
      amount: line.debit ? bill.amount : `-${bill.amount}`,
      counterpartyId: bill.counterpartyId,
    })),
  });
}

/** Bills as a resource service: every write posts to or reverses in the ledger in its own transaction. */
export const billService: ResourceService<BillRow> = resourceService(billResource, bills, {
  hooks: {
    scope: (auth, access) => (access === 'read' ? billReadScope(auth) : billEditOrDeleteScope(auth)),
    async beforeCreate(ctx, values) {
      return { ...values, ...(await prepareBill(ctx, values, null)) };
    },
    async guardUpdate(ctx, existing) {
      const [editable] = await ctx.tx
        .select({ id: bills.id })
        .from(bills)
        .where(and(eq(bills.id, existing.id), billEditScope(ctx.auth)))
        .limit(1);
      if (!editable) throw forbidden();
      await assertChangeable(ctx.registries, ctx.tx, existing.id);
    },
    async beforeUpdate(ctx, values, existing) {
      return { ...values, ...(await prepareBill(ctx, afterUpdate(values, existing), existing)) };
    },
    async beforeDelete(ctx, row) {
      await assertChangeable(ctx.registries, ctx.tx, row.id);
      await prepareDelete(ctx, row);
    },
    async afterWrite(ctx, event) {
      const source = { type: 'bill', id: (event.before ?? event.after)!.id };
      const ignoreLock = mayIgnoreLock(ctx.auth);
      if (event.action === 'create') {
        await postBill(ctx, event.after!, ignoreLock);
        await notifyBillCreated(ctx, event.after!);
      } else if (event.action === 'update' && postingChanged(event.before!, event.after!)) {
        await reverse(ctx, source, { ignoreLock, dateField: ['recognitionDate'] });
        await postBill(ctx, event.after!, ignoreLock);
      } else if (event.action === 'delete') {
        await reverse(ctx, source, { ignoreLock, dateField: ['recognitionDate'] });
      }
      // The orders' transfer plans follow their bills (docs/finance.md "Internal transfers").
      await refreshTransfersStatus(ctx, [
        ...(event.before?.orderIds ?? []),
        ...(event.after?.orderIds ?? []),
      ]);
      const { before, after } = event;
      // Only a bill that comes into the item's figures, or changes its amount or month there, can cross the plan.
      if (after && (!before || before.budgetItemId !== after.budgetItemId || postingChanged(before, after))) {
        await notifyBudgetOverPlan(ctx, after);
      }
    },
  },
});

/** Updates reach the edit scope; deletes the delete scope (the engine asks one `write` scope for both). */
function billEditOrDeleteScope(auth: Principal): SQL {
  return sql`(${billEditScope(auth)} OR ${billDeleteScope(auth)})`;
}

/** A delete reverses the bill's posting: its month must be open, and the operations' money not frozen. */
async function prepareDelete(ctx: ResourceContext, row: BillRow): Promise<void> {
  if (!holding(ctx.auth, BILL_KIND_ROLES[row.kind].delete)) throw forbidden(BILL_MESSAGES.kindDenied);
  await assertBillDeletable(ctx, row, mayIgnoreLock(ctx.auth));
}

/** The bills linked to an order or a job that the user reads. */
export async function billsOfOperation(
  ctx: CallContext & { auth: AuthContext },
  type: 'order' | 'job',
  id: number,
): Promise<BillRow[]> {
  const column = type === 'order' ? bills.orderIds : bills.jobIds;
  return ctx.tx
    .select()
    .from(bills)
    .where(and(sql`${column} @> ARRAY[${id}]::integer[]`, billReadScope(ctx.auth)))
    .orderBy(bills.date, bills.id);
}

/**
 * The result of the bills given, in the base currency, from their ledger entries: income (revenue), expense
 * (cost) and profit, disbursements apart (debits less credits on their account: still to be re-billed).
 */
export async function billsResult(tx: Tx, billIds: readonly number[]) {
  if (!billIds.length) return { income: '0.00', expense: '0.00', profit: '0.00', disbursements: '0.00' };
  const [row] = await tx
    .select({
      income: sql<string>`coalesce(-sum(${ledgerEntries.baseAmount}) FILTER (WHERE ${ledgerEntries.account} = 'REVENUE'), 0)::numeric(18,2)::text`,
      expense: sql<string>`coalesce(sum(${ledgerEntries.baseAmount}) FILTER (WHERE ${ledgerEntries.account} = 'COST'), 0)::numeric(18,2)::text`,
      disbursements: sql<string>`coalesce(sum(${ledgerEntries.baseAmount}) FILTER (WHERE ${ledgerEntries.account} = 'DISBURSEMENT'), 0)::numeric(18,2)::text`,
    })
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.billId, [...billIds]));
  const income = row?.income ?? '0.00';
  const expense = row?.expense ?? '0.00';
  return {
    income,
    expense,
    profit: decimalFixed(decimalSubtract(income, expense), 2),
    disbursements: row?.disbursements ?? '0.00',
  };
}
