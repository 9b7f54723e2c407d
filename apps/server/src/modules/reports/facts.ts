import type { BonusRole, ScopedPermission } from '@tms/domain';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/connection';
import type { Principal } from '../../platform/auth/context';
import { contacts, serviceOffices, users } from '../../platform/identity/tables';
import {
  bills,
  ledgerEntries,
  ledgerLockedMonths,
  ledgerOrderMonthFacts,
  ledgerTransactions,
} from '../finance';
import { jobs, orderReportScope, orders } from '../operations';
import { outsideMonths } from './books';
import { allOf, when } from './framework';

/** The bill's dimensions an order-level report filters by (the rest it filters by are the order's). */
export interface BillFilters {
  legalEntityId?: number;
  paymentFormId?: number;
  currencyId?: number;
}

/**
 * The locked months wholly inside a period (`YYYY-MM-01`): an order-level report reads these from
 * `ledgerOrderMonthFacts` instead of their entries (docs/reports.md "Rollups of closed months").
 */
export async function closedMonthsIn(tx: Tx, period: { from: string; to: string }): Promise<string[]> {
  const rows = await rowsOf<{ month: string }>(
    tx,
    sql`SELECT month::text AS month FROM ${ledgerLockedMonths}
      WHERE month >= ${period.from}::date AND month + interval '1 month' <= ${period.to}::date + 1 ORDER BY month`,
  );
  return rows.map((row) => row.month);
}

/**
 * The gross-profit facts of a period (docs/reports.md "Gross profit"): per order and month, its revenue
 * (−REVENUE) and cost (COST) in the base currency as the ledger fixed them at posting, of the bills
 * recognised in the period. Disbursements post to DISBURSEMENT, never to revenue or cost, so they are out;
 * an internal transfer's intercompany bill is left out. A bill reaches the orders it links and those of its
 * jobs; one reaching several orders is split among them equally. Each order's month is rounded to kopecks,
 * and every figure above it is a sum of these: a drill-down's orders add up to their group exactly.
 *
 * The one place every order-level report reads them: the `closed` months (`closedMonthsIn`) come from
 * `ledgerOrderMonthFacts`, summed when each was locked, every other date of the period from its entries.
 * Both give an order's month unrounded per bill dimension, and it is rounded once after summing them, so the
 * figures are the same either way (the rollup property test). Columns: order_id, month (YYYY-MM), revenue,
 * cost.
 */
export function orderMonthFacts(
  period: { from: string; to: string },
  filters: BillFilters,
  closed: readonly string[],
): SQL {
  const billCondition = allOf(
    when(filters.legalEntityId, (v) => sql`${bills.legalEntityId} = ${v}`),
    when(filters.paymentFormId, (v) => sql`${bills.paymentFormId} = ${v}`),
    when(filters.currencyId, (v) => sql`${bills.currencyId} = ${v}`),
  );
  const live = sql`
    SELECT f.order_id, f.month, f.revenue, f.cost
    FROM ${liveOrderFacts(
      allOf(
        sql`t.date BETWEEN ${period.from} AND ${period.to}`,
        closed.length ? outsideMonths(closed) : undefined,
      ),
      billCondition,
    )} f`;
  const rolled = closed.length
    ? sql`UNION ALL
      SELECT r.order_id, to_char(r.month, 'YYYY-MM'), r.revenue, r.cost FROM ${ledgerOrderMonthFacts} r
      WHERE ${allOf(
        sql`r.month IN (${sql.join(
          closed.map((month) => sql`${month}::date`),
          sql`, `,
        )})`,
        when(filters.legalEntityId, (v) => sql`r.legal_entity_id = ${v}`),
        when(filters.paymentFormId, (v) => sql`r.payment_form_id = ${v}`),
        when(filters.currencyId, (v) => sql`r.currency_id = ${v}`),
      )}`
    : sql``;
  return sql`(
    SELECT s.order_id, s.month, round(sum(s.revenue), 2) AS revenue, round(sum(s.cost), 2) AS cost
    FROM (${live} ${rolled}) s
    GROUP BY s.order_id, s.month
  )`;
}

/**
 * The gross-profit facts of the entries the condition on their transaction `t` lets through, read live: per
 * order, month and bill dimension, unrounded (each bill's month ÷ the orders it reaches). What
 * `ledgerOrderMonthFacts` keeps of a locked month; migration 0099's `tms_ledger_order_month_facts_of` sums it
 * the same way in the database. Columns: order_id, month (YYYY-MM), legal_entity_id, payment_form_id,
 * currency_id, revenue, cost.
 */
export function liveOrderFacts(dates: SQL, billCondition: SQL = sql`true`): SQL {
  return sql`(
    SELECT x.order_id, e.month, ${bills.legalEntityId} AS legal_entity_id,
      ${bills.paymentFormId} AS payment_form_id, ${bills.currencyId} AS currency_id,
      e.revenue / x.n AS revenue, e.cost / x.n AS cost
    FROM (
      SELECT le.bill_id, to_char(t.date, 'YYYY-MM') AS month,
        sum(CASE WHEN le.account = 'REVENUE' THEN -le.base_amount ELSE 0 END) AS revenue,
        sum(CASE WHEN le.account = 'COST' THEN le.base_amount ELSE 0 END) AS cost
      FROM ${ledgerTransactions} t JOIN ${ledgerEntries} le ON le.transaction_id = t.id
      WHERE ${dates} AND le.account IN ('REVENUE', 'COST') AND le.bill_id IS NOT NULL
      GROUP BY le.bill_id, to_char(t.date, 'YYYY-MM')
    ) e
    JOIN ${bills} ON ${bills.id} = e.bill_id AND ${bills.internalTransferId} IS NULL AND ${billCondition}
    CROSS JOIN LATERAL (
      SELECT o.order_id, count(*) OVER () AS n
      FROM (
        SELECT unnest(${bills.orderIds}) AS order_id
        UNION
        SELECT unnest(j.order_ids) FROM ${jobs} j WHERE j.id = ANY(${bills.jobIds})
      ) o
    ) x
  )`;
}

/** The filters an order-level report may have: its period, the order's dimensions and the bill's. */
export interface OrderFilters {
  from: string;
  to: string;
  serviceOfficeId?: number;
  productId?: number;
  clientId?: number;
  sellerId?: number;
  forwarderId?: number;
  legalEntityId?: number;
  paymentFormId?: number;
  currencyId?: number;
}

/** What an order-level report groups by: a key and a label of the order's row (a month: the key is its label). */
export interface OrderGroup {
  key: SQL;
  label: SQL;
}

export const NO_GROUP = 'none';

/** An order's person (seller, forwarder) as a group: his id, named by his contact. */
export const personGroup = (column: SQL): OrderGroup => ({
  key: sql`coalesce(${column}::text, ${NO_GROUP})`,
  label: sql`(SELECT c.name FROM ${users} u JOIN ${contacts} c ON c.id = u.contact_id WHERE u.id = ${column})`,
});

/** The common groups of an order: month of recognition, office, client, seller, forwarder, product. */
export function orderGroup(
  groupBy: 'month' | 'office' | 'client' | 'seller' | 'forwarder' | 'product',
): OrderGroup {
  switch (groupBy) {
    case 'month':
      return { key: sql`f.month`, label: sql`f.month` };
    case 'office':
      return {
        key: sql`coalesce(${orders.serviceOfficeId}::text, ${NO_GROUP})`,
        label: sql`(SELECT so.name FROM ${serviceOffices} so WHERE so.id = ${orders.serviceOfficeId})`,
      };
    case 'client':
      return { key: sql`${orders.clientId}::text`, label: sql`${orders.clientName}` };
    case 'seller':
      return personGroup(sql`${orders.sellerId}`);
    case 'forwarder':
      return personGroup(sql`${orders.forwarderId}`);
    case 'product':
      return { key: sql`${orders.productId}::text`, label: sql`${orders.productName}` };
  }
}

/**
 * The gross-profit facts (`orderMonthFacts`) of the orders a reader reaches with a report's permission and
 * its filters let through, each with its group (`closed`: the locked months of the period, `closedMonthsIn`). Columns: order_id, month, revenue, cost, gkey, glabel,
 * client_name, office_id.
 */
export function orderLines(
  auth: Principal,
  permission: ScopedPermission,
  q: OrderFilters,
  group: OrderGroup,
  closed: readonly string[],
): SQL {
  return sql`(
    SELECT f.order_id, f.month, f.revenue, f.cost, ${group.key} AS gkey, ${group.label} AS glabel,
      ${orders.clientName} AS client_name, ${orders.serviceOfficeId} AS office_id
    FROM ${orderMonthFacts(q, q, closed)} f
    JOIN ${orders} ON ${orders.id} = f.order_id
    WHERE ${allOf(
      when(q.serviceOfficeId, (v) => sql`${orders.serviceOfficeId} = ${v}`),
      when(q.productId, (v) => sql`${orders.productId} = ${v}`),
      when(q.clientId, (v) => sql`${orders.clientId} = ${v}`),
      when(q.sellerId, (v) => sql`${orders.sellerId} = ${v}`),
      when(q.forwarderId, (v) => sql`${orders.forwarderId} = ${v}`),
      orderReportScope(auth, permission),
    )}
  )`;
}

/**
 * The gross profit of the period credited to the people of one role (docs/reports.md "Bonus profit"): per
 * order and person, the order's revenue and cost × the person's share, each rounded to kopecks once, so every
 * figure above is a sum of these. The seller and the forwarder are the order's (share 100 %); the logists
 * are the forwarders of its jobs, sharing it equally. An order nobody of the role holds is credited to no one
 * (person_id NULL), so the credited total is the gross profit. Columns: order_id, person_id, n (how many
 * share the order), revenue, cost, client_name, office_id.
 */
export function creditedLines(
  auth: Principal,
  permission: ScopedPermission,
  q: OrderFilters,
  role: BonusRole,
  closed: readonly string[],
): SQL {
  const persons = {
    seller: sql`SELECT ${orders.sellerId} AS person_id, 1 AS n`,
    forwarder: sql`SELECT ${orders.forwarderId} AS person_id, 1 AS n`,
    logist: sql`SELECT p.person_id, greatest(cardinality(${orders.jobForwarderIds}), 1) AS n
      FROM unnest(CASE WHEN cardinality(${orders.jobForwarderIds}) = 0 THEN ARRAY[NULL]::integer[]
        ELSE ${orders.jobForwarderIds} END) AS p(person_id)`,
  }[role];
  return sql`(
    SELECT o.order_id, p.person_id, p.n, round(o.revenue / p.n, 2) AS revenue, round(o.cost / p.n, 2) AS cost,
      o.client_name, o.office_id
    FROM (
      SELECT l.order_id, max(l.client_name) AS client_name, max(l.office_id) AS office_id,
        sum(l.revenue) AS revenue, sum(l.cost) AS cost
      FROM ${orderLines(auth, permission, q, { key: sql`''`, label: sql`''` }, closed)} l GROUP BY l.order_id
    ) o
    JOIN ${orders} ON ${orders.id} = o.order_id
    CROSS JOIN LATERAL (${persons}) p
  )`;
}
