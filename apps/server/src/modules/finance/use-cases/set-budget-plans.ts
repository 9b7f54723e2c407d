import {
  BUDGET_MESSAGES,
  budgetFiguresSchema,
  budgetPlansInputSchema,
  decimalCompare,
  MESSAGES,
} from '@tms/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
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
    return budgetFigures(ctx.tx, budget);
  },
});
