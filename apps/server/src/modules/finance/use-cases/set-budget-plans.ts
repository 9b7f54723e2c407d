import {
  BUDGET_MESSAGES,
  BUDGET_ROLES,
  type BudgetPlansInput,
  budgetFiguresSchema,
  budgetPlansInputSchema,
  decimalCompare,
  decimalFixed,
  MESSAGES,
} from '@tms/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { rowsOf, type Tx } from '../../../db/connection';
import { ErrorCollector } from '../../../platform/errors';
import { defineUseCase, userOf } from '../../../platform/resources';
import { budgetFigures } from '../budget-figures';
import { budgetService } from '../budgets';
import { budgetItems, budgetPlans } from '../tables';

/**
 * Sets plan amounts of a budget's items by month (ROLE_BUDGET_EDIT, the route's): each item of this budget,
 * each month of its year, else nothing is written; an empty or zero amount clears the month. Answers the
 * budget's figures.
 */
export const setBudgetPlans = defineUseCase({
  name: 'finance.set-budget-plans',
  roles: BUDGET_ROLES.edit,
  input: budgetPlansInputSchema.extend({ budgetId: z.number().int().positive() }),
  output: budgetFiguresSchema,
  async run(ctx, input) {
    const auth = userOf(ctx);
    const budget = await budgetService.find({ ...ctx, auth }, input.budgetId, { lock: true });
    const itemIds = [...new Set(input.plans.map((plan) => plan.itemId))];
    const own = new Set(
      (
        await ctx.tx
          .select({ id: budgetItems.id })
          .from(budgetItems)
          .where(and(eq(budgetItems.budgetId, budget.id), inArray(budgetItems.id, itemIds)))
      ).map((row) => row.id),
    );
    const errors = new ErrorCollector();
    input.plans.forEach((plan, index) => {
      if (!own.has(plan.itemId)) errors.add(['plans', index, 'itemId'], MESSAGES.invalid);
      if (plan.month.slice(0, 4) !== String(budget.year)) {
        errors.add(['plans', index, 'month'], BUDGET_MESSAGES.planMonth);
      }
    });
    errors.throwIfAny();
    const changes = await planChanges(ctx.tx, budget.id, input.plans);
    for (const plan of input.plans) {
      const month = `${plan.month}-01`;
      if (plan.amount === null || decimalCompare(plan.amount, '0') === 0) {
        await ctx.tx
          .delete(budgetPlans)
          .where(and(eq(budgetPlans.budgetItemId, plan.itemId), eq(budgetPlans.month, month)));
      } else {
        await ctx.tx
          .insert(budgetPlans)
          .values({ budgetItemId: plan.itemId, month, amount: plan.amount })
          .onConflictDoUpdate({
            target: [budgetPlans.budgetItemId, budgetPlans.month],
            set: { amount: sql`excluded.amount` },
          });
      }
    }
    // The budget's history shows what changed (its version moves, as for any change of the budget).
    if (Object.keys(changes).length) {
      await budgetService.write({ ...ctx, auth }, budget, {}, { action: 'plans', changes });
    }
    return budgetFigures(ctx.tx, budget);
  },
});

/** Each plan that changes, as "<item code> <month>": its old and new amount (null: none). */
async function planChanges(tx: Tx, budgetId: number, plans: BudgetPlansInput['plans']) {
  const stored = await rowsOf<{ itemId: number; code: string; month: string; amount: string | null }>(
    tx,
    sql`SELECT i.id AS "itemId", i.code, to_char(p.month, 'YYYY-MM') AS month, p.amount::text AS amount
      FROM ${budgetItems} i LEFT JOIN ${budgetPlans} p ON p.budget_item_id = i.id
      WHERE i.budget_id = ${budgetId}`,
  );
  const changes: Record<string, { old: string | null; new: string | null }> = {};
  for (const plan of plans) {
    const code = stored.find((row) => row.itemId === plan.itemId)!.code;
    const old = stored.find((row) => row.itemId === plan.itemId && row.month === plan.month)?.amount ?? null;
    const next =
      plan.amount === null || decimalCompare(plan.amount, '0') === 0 ? null : decimalFixed(plan.amount, 2);
    if (old !== next) changes[`${code} ${plan.month}`] = { old, new: next };
  }
  return changes;
}
