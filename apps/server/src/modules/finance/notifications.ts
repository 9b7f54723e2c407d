import { decimalCompare, decimalSubtract, formatCalendarMonth, moneyTexts } from '@tms/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/connection';
import { notify } from '../../platform/notifications/notify';
import type { NotificationType } from '../../platform/notifications/types';
import type { CallContext, ChangeContext } from '../../platform/resources/context';
import { counterparties } from '../counterparties';
import { getOptions } from '../options';
import { currencies } from '../reference-data';
import { billOperationsOf } from './bill-operations';
import {
  bills,
  budgetItems,
  budgetPlans,
  budgets,
  type currencyConversions,
  type payments,
  type printableBills,
} from './tables';

type BillRow = typeof bills.$inferSelect;

/**
 * The notification types of bills, payments and the ledger (texts: `notifications.json`). Amounts and months
 * are written as the web shows them, in the reader's language (`moneyTexts`, MM.YYYY).
 */
export const FINANCE_NOTIFICATIONS = {
  billCreated: { permission: 'ROLE_BILL_VIEW', defaultScope: 'direct', colour: 'teal' },
  billPaid: { permission: 'ROLE_BILL_VIEW', defaultScope: 'direct', colour: 'green' },
  paymentReceived: { permission: 'ROLE_BILL_VIEW', defaultScope: 'direct', colour: 'green' },
  periodLocked: { permission: 'ROLE_BILL_VIEW', defaultScope: 'global', colour: 'gray' },
  periodUnlocked: { permission: 'ROLE_BILL_VIEW', defaultScope: 'global', colour: 'yellow' },
  conversionMade: { permission: 'ROLE_PAYMENT_LIST', defaultScope: 'off', colour: 'blue' },
  printableBillFinalized: { permission: 'ROLE_PRINTABLE_BILL_VIEW', defaultScope: 'direct', colour: 'teal' },
  printableBillProcessed: { permission: 'ROLE_PRINTABLE_BILL_VIEW', defaultScope: 'direct', colour: 'green' },
  budgetOverPlan: { permission: 'ROLE_BILL_VIEW', defaultScope: 'direct', colour: 'red' },
} as const satisfies Record<string, NotificationType>;

/** The curators and managers of counterparties: those a client's money concerns. */
async function peopleOfCounterparties(ctx: CallContext, ids: readonly (number | null)[]) {
  const known = ids.filter((id): id is number => id !== null);
  if (!known.length) return [];
  const rows = await ctx.tx
    .select({ curators: counterparties.curatorIds, managers: counterparties.managerIds })
    .from(counterparties)
    .where(inArray(counterparties.id, known));
  return rows.flatMap((row) => [...row.curators, ...row.managers]);
}

/** Who a bill concerns: its author and the people of its orders and jobs; its counterparty's; its office. */
export async function billAudience(ctx: CallContext, bill: BillRow) {
  const operations = await billOperationsOf(ctx, { orderIds: bill.orderIds, jobIds: bill.jobIds });
  return {
    direct: [bill.createdById, ...operations.flatMap((operation) => operation.people)],
    related: await peopleOfCounterparties(ctx, [bill.counterpartyId]),
    offices: [bill.serviceOfficeId],
  };
}

const billLink = (bill: BillRow) => ({ bill: { link: `/finances/bills/${bill.id}`, text: bill.number } });

async function currencyCode(ctx: ChangeContext, id: number) {
  const [row] = await ctx.tx.select({ code: currencies.code }).from(currencies).where(eq(currencies.id, id));
  return row?.code ?? '';
}

/** A bill was entered: the people of the orders and jobs it is for hear of it. */
export async function notifyBillCreated(ctx: ChangeContext, bill: BillRow): Promise<void> {
  await notify(ctx, {
    type: 'billCreated',
    params: {
      counterparty: bill.counterpartyName,
      amount: moneyTexts(bill.amount, await currencyCode(ctx, bill.currencyId)),
    },
    links: billLink(bill),
    ...(await billAudience(ctx, bill)),
  });
}

/** Payments brought these bills' balances to zero: their author and their operations' people hear of it. */
export async function notifyBillsPaid(ctx: ChangeContext, billIds: readonly number[]): Promise<void> {
  if (!billIds.length) return;
  const paid = await ctx.tx
    .select()
    .from(bills)
    .where(inArray(bills.id, [...billIds]));
  for (const bill of paid) {
    await notify(ctx, {
      type: 'billPaid',
      params: { counterparty: bill.counterpartyName },
      links: billLink(bill),
      ...(await billAudience(ctx, bill)),
    });
  }
}

/** An incoming payment was linked to a client's bills: the client's curators and managers hear of it. */
export async function notifyPaymentReceived(
  ctx: ChangeContext,
  payment: typeof payments.$inferSelect,
): Promise<void> {
  await notify(ctx, {
    type: 'paymentReceived',
    params: {
      counterparty: payment.counterpartyName,
      amount: moneyTexts(payment.amount, await currencyCode(ctx, payment.currencyId)),
    },
    links: { payment: { link: `/finances/payments/${payment.id}`, text: payment.number } },
    direct: await peopleOfCounterparties(ctx, [payment.counterpartyId]),
    offices: [payment.serviceOfficeId],
  });
}

/** A month was locked for postings or unlocked: finance people hear of it. */
export async function notifyPeriodMoved(ctx: ChangeContext, month: string, locked: boolean): Promise<void> {
  await notify(ctx, {
    type: locked ? 'periodLocked' : 'periodUnlocked',
    params: { month: formatCalendarMonth(month) },
    links: { period: { link: '/finances/period-locks', text: formatCalendarMonth(month) } },
  });
}

/** A currency conversion was entered: told to those who follow the office's money. */
export async function notifyConversionMade(
  ctx: ChangeContext,
  row: typeof currencyConversions.$inferSelect,
): Promise<void> {
  const [sold, bought] = [
    await currencyCode(ctx, row.soldCurrencyId),
    await currencyCode(ctx, row.boughtCurrencyId),
  ];
  await notify(ctx, {
    type: 'conversionMade',
    params: { sold: moneyTexts(row.soldAmount, sold), bought: moneyTexts(row.boughtAmount, bought) },
    links: { conversion: { link: `/currency-conversion/${row.id}`, text: String(row.id) } },
    direct: [row.createdById],
    offices: [row.serviceOfficeId],
  });
}

/**
 * A printable bill was finalized (the client's document now) or marked processed (booked): its author and
 * the authors of its bills hear of it; its client's curators and managers are related to it.
 */
export async function notifyPrintableBill(
  ctx: ChangeContext,
  row: typeof printableBills.$inferSelect,
  type: 'printableBillFinalized' | 'printableBillProcessed',
): Promise<void> {
  const billed = row.billIds.length
    ? await ctx.tx
        .select({ createdById: bills.createdById, serviceOfficeId: bills.serviceOfficeId })
        .from(bills)
        .where(inArray(bills.id, row.billIds))
    : [];
  await notify(ctx, {
    type,
    params: { counterparty: row.counterpartyName },
    links: { printableBill: { link: `/finances/printable-bills/${row.id}`, text: row.number } },
    direct: [row.createdById, ...billed.map((bill) => bill.createdById)],
    related: await peopleOfCounterparties(ctx, [row.counterpartyId]),
    offices: billed.map((bill) => bill.serviceOfficeId),
  });
}

/**
 * A bill took its expense item's month past the plan: the fact of the month (its bills' COST, in the base
 * currency) is over a plan that the fact without this bill did not exceed. The budget's editors hear of it.
 */
export async function notifyBudgetOverPlan(ctx: ChangeContext, bill: BillRow): Promise<void> {
  if (bill.budgetItemId === null) return;
  const month = `${bill.recognitionDate.slice(0, 7)}-01`;
  const [item] = await rowsOf<{
    id: number;
    name: string;
    budgetId: number;
    budgetName: string;
    editorIds: number[];
    plan: string;
    fact: string;
    own: string;
  }>(
    ctx.tx,
    sql`SELECT i.id, i.name, b.id AS "budgetId", b.name AS "budgetName", b.editor_ids AS "editorIds",
        p.amount::text AS plan,
        coalesce(sum(e.base_amount), 0)::text AS fact,
        coalesce(sum(e.base_amount) FILTER (WHERE e.bill_id = ${bill.id}), 0)::text AS own
      FROM ${budgetItems} i
      JOIN ${budgets} b ON b.id = i.budget_id
      JOIN ${budgetPlans} p ON p.budget_item_id = i.id AND p.month = ${month}::date
      LEFT JOIN ${bills} bi ON bi.budget_item_id = i.id
      LEFT JOIN ledger_entries e ON e.bill_id = bi.id AND e.account = 'COST'
        AND EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.id = e.transaction_id
          AND t.date >= ${month}::date AND t.date < ${month}::date + interval '1 month')
      WHERE i.id = ${bill.budgetItemId} AND i.direction = 'EXPENSE'
      GROUP BY i.id, b.id, p.amount`,
  );
  if (!item) return;
  const over = decimalCompare(item.fact, item.plan) > 0;
  if (!over || decimalCompare(decimalSubtract(item.fact, item.own), item.plan) > 0) return;
  // The fact and the plan are in the base currency (the ledger's).
  const { systemCurrencyCode: base } = await getOptions(ctx.tx);
  await notify(ctx, {
    type: 'budgetOverPlan',
    params: {
      item: item.name,
      month: formatCalendarMonth(month),
      plan: moneyTexts(item.plan, base),
      fact: moneyTexts(item.fact, base),
    },
    links: { budget: { link: `/budgets/${item.budgetId}`, text: item.budgetName } },
    direct: item.editorIds,
  });
}
