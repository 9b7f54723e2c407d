import type { BonusRole, ScopedPermission } from '@tms/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../../platform/auth/context';
import { contacts, serviceOffices, users } from '../../platform/identity/tables';
import { bills, ledgerEntries, ledgerTransactions } from '../finance';
import { jobs, orderReportScope, orders } from '../operations';
import { allOf, when } from './framework';

/**
 * The gross-profit facts of a period (docs/reports.md "Gross profit"): per order and month, its revenue
 * (−REVENUE) and cost (COST) in the base currency as the ledger fixed them at posting, of the bills
 * recognised in the period. Disbursements post to DISBURSEMENT, never to revenue or cost, so they are out;
 * an internal transfer's intercompany bill is left out. A bill reaches the orders it links and those of its
 * jobs; one reaching several orders is split among them equally. Each order's month is rounded to kopecks,
 * and every figure above it is a sum of these: a drill-down's orders add up to their group exactly.
 * Columns: order_id, month (YYYY-MM), revenue, cost.
 */
export function orderMonthFacts(period: { from: string; to: string }, billCondition: SQL = sql`true`): SQL {
  return sql`(
    SELECT s.order_id, s.month, round(sum(s.revenue / s.n), 2) AS revenue, round(sum(s.cost / s.n), 2) AS cost
    FROM (
      SELECT x.order_id, e.month, e.revenue, e.cost, count(*) OVER (PARTITION BY e.bill_id, e.month) AS n
      FROM (
        SELECT le.bill_id, to_char(t.date, 'YYYY-MM') AS month,
          sum(CASE WHEN le.account = 'REVENUE' THEN -le.base_amount ELSE 0 END) AS revenue,
          sum(CASE WHEN le.account = 'COST' THEN le.base_amount ELSE 0 END) AS cost
        FROM ${ledgerTransactions} t JOIN ${ledgerEntries} le ON le.transaction_id = t.id
        WHERE t.date BETWEEN ${period.from} AND ${period.to} AND le.account IN ('REVENUE', 'COST')
          AND le.bill_id IS NOT NULL
        GROUP BY le.bill_id, to_char(t.date, 'YYYY-MM')
      ) e
      JOIN ${bills} ON ${bills.id} = e.bill_id AND ${bills.internalTransferId} IS NULL AND ${billCondition}
      CROSS JOIN LATERAL (
        SELECT unnest(${bills.orderIds}) AS order_id
        UNION
        SELECT unnest(j.order_ids) FROM ${jobs} j WHERE j.id = ANY(${bills.jobIds})
      ) x
    ) s
    GROUP BY s.order_id, s.month
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
 * its filters let through, each with its group. Columns: order_id, month, revenue, cost, gkey, glabel,
 * client_name, office_id.
 */
export function orderLines(
  auth: Principal,
  permission: ScopedPermission,
  q: OrderFilters,
  group: OrderGroup,
): SQL {
  const billCondition = allOf(
    when(q.legalEntityId, (v) => sql`${bills.legalEntityId} = ${v}`),
    when(q.paymentFormId, (v) => sql`${bills.paymentFormId} = ${v}`),
    when(q.currencyId, (v) => sql`${bills.currencyId} = ${v}`),
  );
  return sql`(
    SELECT f.order_id, f.month, f.revenue, f.cost, ${group.key} AS gkey, ${group.label} AS glabel,
      ${orders.clientName} AS client_name, ${orders.serviceOfficeId} AS office_id
    FROM ${orderMonthFacts(q, billCondition)} f
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
      FROM ${orderLines(auth, permission, q, { key: sql`''`, label: sql`''` })} l GROUP BY l.order_id
    ) o
    JOIN ${orders} ON ${orders.id} = o.order_id
    CROSS JOIN LATERAL (${persons}) p
  )`;
}
