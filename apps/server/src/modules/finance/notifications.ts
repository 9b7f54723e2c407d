import { eq, inArray } from 'drizzle-orm';
import { notify } from '../../platform/notifications/notify';
import type { NotificationType } from '../../platform/notifications/types';
import type { ChangeContext } from '../../platform/resources/context';
import { counterparties } from '../counterparties';
import { currencies } from '../reference-data';
import { type BillRow, billOperationsOf } from './bills';
import type { ConversionRow } from './conversions';
import type { PaymentRow } from './payments';
import { bills } from './tables';

/** The notification types of bills, payments and the ledger (texts: `notifications.json`). */
export const FINANCE_NOTIFICATIONS = {
  billCreated: { permission: 'ROLE_BILL_VIEW', defaultScope: 'direct', colour: 'teal' },
  billPaid: { permission: 'ROLE_BILL_VIEW', defaultScope: 'direct', colour: 'green' },
  paymentReceived: { permission: 'ROLE_BILL_VIEW', defaultScope: 'direct', colour: 'green' },
  periodLocked: { permission: 'ROLE_BILL_VIEW', defaultScope: 'global', colour: 'gray' },
  periodUnlocked: { permission: 'ROLE_BILL_VIEW', defaultScope: 'global', colour: 'yellow' },
  conversionMade: { permission: 'ROLE_PAYMENT_LIST', defaultScope: 'off', colour: 'blue' },
} as const satisfies Record<string, NotificationType>;

/** The curators and managers of counterparties: those a client's money concerns. */
async function peopleOfCounterparties(ctx: ChangeContext, ids: readonly (number | null)[]) {
  const known = ids.filter((id): id is number => id !== null);
  if (!known.length) return [];
  const rows = await ctx.tx
    .select({ curators: counterparties.curatorIds, managers: counterparties.managerIds })
    .from(counterparties)
    .where(inArray(counterparties.id, known));
  return rows.flatMap((row) => [...row.curators, ...row.managers]);
}

/** Who a bill concerns: its author and the people of its orders and jobs; its counterparty's; its office. */
async function billAudience(ctx: ChangeContext, bill: BillRow) {
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
      amount: `${bill.amount} ${await currencyCode(ctx, bill.currencyId)}`,
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
export async function notifyPaymentReceived(ctx: ChangeContext, payment: PaymentRow): Promise<void> {
  await notify(ctx, {
    type: 'paymentReceived',
    params: {
      counterparty: payment.counterpartyName,
      amount: `${payment.amount} ${await currencyCode(ctx, payment.currencyId)}`,
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
    params: { month },
    links: { period: { link: '/finances/period-locks', text: month } },
  });
}

/** A currency conversion was entered: told to those who follow the office's money. */
export async function notifyConversionMade(ctx: ChangeContext, row: ConversionRow): Promise<void> {
  const [sold, bought] = [
    await currencyCode(ctx, row.soldCurrencyId),
    await currencyCode(ctx, row.boughtCurrencyId),
  ];
  await notify(ctx, {
    type: 'conversionMade',
    params: { sold: `${row.soldAmount} ${sold}`, bought: `${row.boughtAmount} ${bought}` },
    links: { conversion: { link: `/currency-conversion/${row.id}`, text: String(row.id) } },
    direct: [row.createdById],
    offices: [row.serviceOfficeId],
  });
}
