import {
  BUDGET_MESSAGES,
  BUDGET_ROLES,
  budgetItemResource,
  budgetResource,
  ERROR_MESSAGES,
  MESSAGES,
} from '@tms/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import { actingUserId, isStaff, type Principal } from '../../platform/auth/context';
import { ErrorCollector, fieldError } from '../../platform/errors';
import { hasAnyRole } from '../../platform/permissions/check';
import { type CallContext, type ResourceTable, resourceService } from '../../platform/resources';
import { bills, budgetItems, budgets } from './tables';

/**
 * Whether a bill has payments (finance's payments answer it): "bills with payments cannot go to some
 * budget items" (spec §8).
 */
export type BillPaymentsCheck = (tx: Tx, billId: number) => Promise<boolean>;

declare module '../../platform/modules' {
  interface ModuleContributions {
    billPayments: BillPaymentsCheck;
  }
}

async function hasPayments(ctx: CallContext, billId: number): Promise<boolean> {
  for (const check of ctx.registries.contributions('billPayments').values()) {
    if (await check(ctx.tx, billId)) return true;
  }
  return false;
}

const managesBudgets = (auth: Principal) => hasAnyRole(auth, BUDGET_ROLES.edit);
const names = (list: SQL, userId: number) => sql`${list} @> ARRAY[${userId}]::integer[]`;

/** A budget's editors put bills into it, read and change them there; its viewers read them. */
function openTo(auth: Principal, access: 'read' | 'write', editors: SQL, viewers: SQL): SQL {
  if (auth.kind === 'system') return sql`true`;
  if (!isStaff(auth)) return sql`false`;
  return access === 'read'
    ? sql`(${names(editors, auth.userId)} OR ${names(viewers, auth.userId)})`
    : names(editors, auth.userId);
}

/** Budgets the user reads: all with ROLE_BUDGET_EDIT, else those naming the user an editor or a viewer. */
function budgetScope(auth: Principal): SQL | undefined {
  if (managesBudgets(auth)) return undefined;
  return openTo(auth, 'read', sql`${budgets.editorIds}`, sql`${budgets.viewerIds}`);
}

/**
 * Spec §6 "Bills: access set in budgets": the bills on items of budgets naming the user (an editor for
 * `write`, an editor or a viewer for `read`), beside what the bill roles reach.
 */
export function budgetBillsScope(auth: Principal, access: 'read' | 'write'): SQL {
  const open = openTo(auth, access, sql`b.editor_ids`, sql`b.viewer_ids`);
  return sql`${bills.budgetItemId} IN (SELECT i.id FROM ${budgetItems} i JOIN ${budgets} b ON b.id = i.budget_id WHERE ${open})`;
}

/** What the budget rules read of a bill as it will be stored. */
export interface BudgetedBill {
  budgetItemId: number | null;
  direction: string;
  kind: string;
  legalEntityId: number;
  recognitionDate: string;
  orderIds: number[];
}

/**
 * The budget item rules of a bill (spec §8; docs/finance.md "Budgets"), every refusal at once: the item's
 * direction, kind (direct items need orders or jobs), company and year; an expense bill of an item without
 * direct order links reaches orders only through its jobs (`jobOrderIds`: the linked jobs' orders). Moving a
 * bill to an item (`existing`: the stored bill, null for a new one) needs the budget's editor (or
 * ROLE_BUDGET_EDIT) and, for an item refusing paid bills, a bill without payments.
 */
export async function checkBillBudgetItem(
  ctx: CallContext & { auth: Principal },
  bill: BudgetedBill,
  existing: { id: number; budgetItemId: number | null } | null,
  jobOrderIds: readonly number[],
): Promise<void> {
  if (bill.budgetItemId === null || bill.budgetItemId === undefined) return;
  const path = ['budgetItemId'];
  const [item] = await ctx.tx
    .select({
      direction: budgetItems.direction,
      kind: budgetItems.kind,
      noDirectOrderLink: budgetItems.noDirectOrderLink,
      noPaidBills: budgetItems.noPaidBills,
      enabled: sql<boolean>`${budgetItems.enabled} AND ${budgets.enabled}`,
      year: budgets.year,
      legalEntityId: budgets.legalEntityId,
      editorIds: budgets.editorIds,
      readable: sql<boolean>`${budgetScope(ctx.auth) ?? sql`true`}`,
    })
    .from(budgetItems)
    .innerJoin(budgets, eq(budgets.id, budgetItems.budgetId))
    .where(eq(budgetItems.id, bill.budgetItemId))
    .limit(1);
  if (!item) throw fieldError(path, MESSAGES.invalid);
  const errors = new ErrorCollector();
  if (!existing || existing.budgetItemId !== bill.budgetItemId) {
    // A budget one does not read is none (as the engine answers for any reference).
    if (!item.readable) throw fieldError(path, ERROR_MESSAGES.notFound);
    if (!item.enabled) errors.add(path, MESSAGES.invalid);
    else if (!managesBudgets(ctx.auth) && !item.editorIds.includes(actingUserId(ctx.auth) ?? 0)) {
      errors.add(path, BUDGET_MESSAGES.access);
    }
    if (existing && item.noPaidBills && (await hasPayments(ctx, existing.id))) {
      errors.add(path, BUDGET_MESSAGES.paidBills);
    }
  }
  if (item.direction !== bill.direction) errors.add(path, BUDGET_MESSAGES.direction);
  if (item.kind !== bill.kind) {
    errors.add(path, item.kind === 'DIRECT' ? BUDGET_MESSAGES.needsOperation : BUDGET_MESSAGES.overheadOnly);
  }
  if (item.legalEntityId !== null && item.legalEntityId !== bill.legalEntityId) {
    errors.add(path, BUDGET_MESSAGES.otherCompany);
  }
  if (bill.recognitionDate.slice(0, 4) !== String(item.year)) {
    errors.add(['recognitionDate'], BUDGET_MESSAGES.outsideYear);
  }
  if (item.noDirectOrderLink && bill.direction === 'EXPENSE') {
    const viaJobs = new Set(jobOrderIds);
    bill.orderIds.forEach((orderId, index) => {
      if (!viaJobs.has(orderId)) errors.add(['orderIds', index], BUDGET_MESSAGES.directOrder);
    });
  }
  errors.throwIfAny();
}

/** Budgets: read by those they name, or everyone with ROLE_BUDGET_EDIT, who alone writes them. */
export const budgetService = resourceService(budgetResource, budgets, {
  inUseMessage: BUDGET_MESSAGES.budgetInUse,
  hooks: { scope: (auth, access) => (access === 'read' ? budgetScope(auth) : undefined) },
});

/** Budget items, read with their budget. */
export const budgetItemService = resourceService(
  budgetItemResource,
  budgetItems as typeof budgetItems & ResourceTable,
  {
    inUseMessage: BUDGET_MESSAGES.itemInUse,
    hooks: {
      scope(auth, access) {
        const scope = access === 'read' ? budgetScope(auth) : undefined;
        return scope && sql`${budgetItems.budgetId} IN (SELECT ${budgets.id} FROM ${budgets} WHERE ${scope})`;
      },
    },
  },
);
