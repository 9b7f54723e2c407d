import {
  BUDGET_ROLES,
  billBudgetItemInputSchema,
  billSchema,
  budgetFiguresSchema,
  budgetPlansInputSchema,
  dataSchema,
  idParamSchema,
} from '@tms/domain';
import type { z } from 'zod';
import type { App } from '../../platform/http/types';
import { registerResourceRoutes, requestContext } from '../../platform/resources';
import { budgetFigures } from './budget-figures';
import { budgetItemService, budgetService } from './budgets';
import { changeBillBudgetItem } from './use-cases/change-bill-budget-item';
import { setBudgetPlans } from './use-cases/set-budget-plans';

const tags = ['budget'];

/** Budgets, their items, the plan against the ledger, plans, and a saved bill's budget item. */
export function registerBudgetRoutes(app: App): void {
  registerResourceRoutes(app, budgetService);
  registerResourceRoutes(app, budgetItemService);

  app.get(
    '/budgets/:id/figures',
    {
      config: { roles: [...BUDGET_ROLES.view] },
      schema: {
        tags,
        summary:
          "The budget's plan, fact from the ledger and deviation per item and month, in the base currency",
        params: idParamSchema,
        response: { 200: dataSchema(budgetFiguresSchema) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const ctx = requestContext(request, app.database.db);
      const budget = await budgetService.find(ctx, id);
      return { data: await budgetFigures(ctx.tx, budget) };
    },
  );

  app.put(
    '/budgets/:id/plans',
    {
      config: { roles: [...BUDGET_ROLES.edit] },
      schema: {
        tags,
        summary: 'Set plan amounts per item and month (empty or zero clears); answers the figures',
        params: idParamSchema,
        body: budgetPlansInputSchema,
        response: { 200: dataSchema(budgetFiguresSchema) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const body = request.body as z.infer<typeof budgetPlansInputSchema>;
      const data = await app.database.db.transaction((tx) =>
        setBudgetPlans.run(requestContext(request, tx), { ...body, budgetId: id }),
      );
      return { data };
    },
  );

  app.put(
    '/finances/bills/:id/budget-item',
    {
      config: { roles: ['ROLE_BILL_BUDGET_CHANGE'] },
      schema: {
        tags: ['bill'],
        summary:
          'Move a saved bill to another budget item (also a bill with payments, to an item that allows it)',
        params: idParamSchema,
        body: billBudgetItemInputSchema,
        response: { 200: dataSchema(billSchema) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const body = request.body as z.infer<typeof billBudgetItemInputSchema>;
      const data = await app.database.db.transaction((tx) =>
        changeBillBudgetItem.run(requestContext(request, tx), { ...body, id }),
      );
      return { data };
    },
  );
}
