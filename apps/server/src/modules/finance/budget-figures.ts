import {
  type BudgetFigure,
  type BudgetFigures,
  decimalAdd,
  decimalFixed,
  decimalSubtract,
} from '@tms/domain';
import { asc, eq, sql } from 'drizzle-orm';
import { readAll, rowsOf, type Tx } from '../../db/connection';
import { getOptions } from '../options';
import { budgetItems, budgetPlans } from './tables';

const money = (value: string) => decimalFixed(value, 2);

function figure(plan: string, fact: string): BudgetFigure {
  return { plan: money(plan), fact: money(fact), deviation: money(decimalSubtract(fact, plan)) };
}

/** Sums figures member by member (months and year alike). */
function sumOf(rows: readonly BudgetFigure[]): BudgetFigure {
  const plan = rows.reduce((sum, row) => decimalAdd(sum, row.plan), '0');
  const fact = rows.reduce((sum, row) => decimalAdd(sum, row.fact), '0');
  return figure(plan, fact);
}

/**
 * A budget's plan against the ledger (docs/finance.md "Budgets"): per item and month of its year the plan,
 * the fact and fact − plan, in the base currency. The fact is the base amounts of the item's bills on its
 * account (−REVENUE for an income item, COST for an expense item) by the month of each ledger transaction,
 * which is the bill's recognition date (a reversal keeps its original's date), so a changed or deleted bill
 * nets out where it was counted. Currencies never mix: only base amounts are summed.
 */
export async function budgetFigures(tx: Tx, budget: { id: number; year: number }): Promise<BudgetFigures> {
  const { year } = budget;
  const months = Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`);
  const [items, plans, facts, options] = await readAll(tx, [
    () =>
      tx
        .select()
        .from(budgetItems)
        .where(eq(budgetItems.budgetId, budget.id))
        .orderBy(asc(budgetItems.code), asc(budgetItems.id)),
    () =>
      rowsOf<{ itemId: number; month: string; amount: string }>(
        tx,
        sql`SELECT p.budget_item_id AS "itemId", to_char(p.month, 'YYYY-MM') AS month, p.amount::text AS amount
        FROM ${budgetPlans} p JOIN ${budgetItems} i ON i.id = p.budget_item_id
        WHERE i.budget_id = ${budget.id}`,
      ),
    () =>
      rowsOf<{ itemId: number; month: string; fact: string }>(
        tx,
        sql`SELECT b.budget_item_id AS "itemId", to_char(t.date, 'YYYY-MM') AS month,
          sum(CASE WHEN e.account = 'REVENUE' THEN -e.base_amount ELSE e.base_amount END)::numeric(18,2)::text AS fact
        FROM ledger_entries e
        JOIN ledger_transactions t ON t.id = e.transaction_id
        JOIN bills b ON b.id = e.bill_id
        JOIN ${budgetItems} i ON i.id = b.budget_item_id
        WHERE i.budget_id = ${budget.id}
          AND e.account = CASE i.direction WHEN 'INCOME' THEN 'REVENUE' ELSE 'COST' END
          AND t.date >= ${`${year}-01-01`}::date AND t.date < ${`${year + 1}-01-01`}::date
        GROUP BY 1, 2`,
      ),
    () => getOptions(tx),
  ]);
  const key = (itemId: number, month: string) => `${itemId}/${month}`;
  const planOf = new Map(plans.map((row) => [key(row.itemId, row.month), row.amount]));
  const factOf = new Map(facts.map((row) => [key(row.itemId, row.month), row.fact]));
  const rows = items.map((item) => {
    const byMonth = months.map((month) =>
      figure(planOf.get(key(item.id, month)) ?? '0', factOf.get(key(item.id, month)) ?? '0'),
    );
    return {
      id: item.id,
      code: item.code,
      name: item.name,
      direction: item.direction as 'INCOME' | 'EXPENSE',
      kind: item.kind as 'DIRECT' | 'OVERHEAD',
      months: byMonth,
      ...sumOf(byMonth),
    };
  });
  const total = (direction: 'INCOME' | 'EXPENSE') => {
    const of = rows.filter((row) => row.direction === direction);
    return { months: months.map((_, i) => sumOf(of.map((row) => row.months[i]!))), ...sumOf(of) };
  };
  return {
    baseCurrency: options.systemCurrencyCode,
    months,
    items: rows,
    totals: { INCOME: total('INCOME'), EXPENSE: total('EXPENSE') },
  };
}
