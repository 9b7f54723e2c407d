import { decimalCompare, decimalFixed, decimalSubtract, LOCKING_FINANCE_CONTROL_STATUSES } from '@tms/domain';
import { type SQL, sql } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import { rowsOf, type Tx } from '../../db/connection';
import type { ResourceContext } from '../../platform/resources';
import { type CreditExposureSource, checkCreditLimit } from '../counterparties';
import { bills } from '../finance';
import { orders } from './tables';

/** The columns of an orders row (the table or an alias of it) the credit rules read. */
type OrderColumns = Record<
  'id' | 'clientId' | 'plannedIncome' | 'archived' | 'financeControlStatus',
  PgColumn
>;

/**
 * An order is open for credit while it is not archived and finance control has not ACCEPTED it (docs/finance.md
 * "Credit limits"): an accepted order's bills are final, so what was planned and never billed is owed by nobody.
 * As SQL over an orders row (literal statuses, so the partial index `orders_open_planned_income_idx` applies).
 */
const openForCredit = (row: OrderColumns) =>
  sql`NOT ${row.archived} AND ${row.financeControlStatus} NOT IN (${sql.raw(
    LOCKING_FINANCE_CONTROL_STATUSES.map((status) => `'${status}'`).join(', '),
  )})`;

/** The base amount of the income bills of order `orderId` to counterparty `clientId`, as numeric SQL. */
const billedSql = (orderId: PgColumn | number, clientId: PgColumn | number): SQL =>
  sql`(SELECT coalesce(sum(${bills.amountInBase}), 0) FROM ${bills} WHERE ${bills.direction} = 'INCOME'
    AND ${bills.counterpartyId} = ${clientId} AND ${bills.orderIds} @> ARRAY[${orderId}]::integer[])`;

/** What of an order's planned income is not billed yet: max(0, planned income − its income bills). */
const unbilledSql = (row: OrderColumns): SQL =>
  sql`greatest(${row.plannedIncome} - ${billedSql(row.id, row.clientId)}, 0)`;

const creditOrders = alias(orders, 'credit_orders');
/** The aliased table in a FROM (an alias renders as its name alone). */
const creditOrdersFrom = sql`${orders} AS ${sql.identifier('credit_orders')}`;

/**
 * Operations' credit exposure source (`creditExposureSources.orders`): the open orders' planned income not yet
 * billed. A billed order counts by its bills (finance's receivable) and only its unbilled rest here, so nothing
 * counts twice. One correlated subquery per counterparty row, by the partial index on the client.
 */
export const openOrdersPlannedIncome: CreditExposureSource = (counterpartyId) =>
  sql`SELECT sum(${unbilledSql(creditOrders)}) FROM ${creditOrdersFrom}
    WHERE ${creditOrders.clientId} = ${counterpartyId} AND ${creditOrders.plannedIncome} IS NOT NULL
      AND ${openForCredit(creditOrders)}`;

/**
 * The unbilled planned income of each open order of `ids` (for the bills' credit check: billing an order
 * moves that much from its planned income to the receivable instead of adding to the exposure).
 */
export const unbilledIncomeColumn = (): SQL<string | null> =>
  sql<string | null>`CASE WHEN ${orders.plannedIncome} IS NOT NULL AND ${openForCredit(orders)}
    THEN ${unbilledSql(orders)} END`;

async function billedFor(tx: Tx, orderId: number, clientId: number): Promise<string> {
  const [row] = await rowsOf<{ billed: string }>(tx, sql`SELECT ${billedSql(orderId, clientId)} AS billed`);
  return String(row?.billed ?? '0');
}

const positive = (amount: string) => (decimalCompare(amount, '0') > 0 ? amount : '0');

/**
 * The client's credit on a save of an order (docs/finance.md "Credit limits"): a new order, an order moved to
 * another client, or an edit raising what the order adds to its client's exposure (its planned income not yet
 * billed). A new order or a new client is refused under `clientId` when the client is past its limit already
 * or the order's unbilled planned income would take it past; a raised planned income under `plannedIncome`. A
 * prepayment client (limit 0) is refused "Balance exhausted." when the order needs more than its advances
 * less its other exposure. Holders of ROLE_COUNTERPARTY_CREDIT_LIMIT_EXCEED pass.
 */
export async function checkOrderCredit(
  ctx: ResourceContext,
  record: { clientId: number; plannedIncome?: string | null },
  existing: { id: number; clientId: number; plannedIncome: string | null } | null,
): Promise<void> {
  const newClient = !existing || existing.clientId !== record.clientId;
  const planned = record.plannedIncome ?? '0';
  if (!newClient && decimalCompare(planned, existing.plannedIncome ?? '0') <= 0) return;
  const billed = existing ? await billedFor(ctx.tx, existing.id, record.clientId) : '0';
  const after = positive(decimalSubtract(planned, billed));
  const before = newClient ? '0' : positive(decimalSubtract(existing.plannedIncome ?? '0', billed));
  const added = decimalFixed(positive(decimalSubtract(after, before)), 2);
  if (!newClient && decimalCompare(added, '0') === 0) return;
  await checkCreditLimit(
    ctx,
    ctx.auth,
    record.clientId,
    added,
    newClient ? ['clientId'] : ['plannedIncome'],
    {
      refuseAtLimit: newClient,
    },
  );
}
