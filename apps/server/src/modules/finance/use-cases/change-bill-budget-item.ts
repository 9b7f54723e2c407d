import { billBudgetItemInputSchema, billSchema } from '@tms/domain';
import { z } from 'zod';
import { defineUseCase, userOf } from '../../../platform/resources';
import { billOperationsOf } from '../bill-operations';
import { billService } from '../bills';
import { checkBillBudgetItem } from '../budgets';

/**
 * Moves a saved bill to another budget item, or off any (ROLE_BILL_BUDGET_CHANGE, the route's), on a bill
 * the user reads. The item classifies the bill and moves no money, so a bill with payments or a printable
 * bill may still move, except to an item refusing paid bills; the item's rules hold as on a save. Logged as
 * `budget-change`.
 */
export const changeBillBudgetItem = defineUseCase({
  name: 'finance.change-bill-budget-item',
  roles: ['ROLE_BILL_BUDGET_CHANGE'],
  input: billBudgetItemInputSchema.extend({ id: z.number().int().positive() }),
  output: billSchema,
  async run(ctx, input) {
    const auth = userOf(ctx);
    const call = { ...ctx, auth };
    const before = await billService.find(call, input.id, { lock: true });
    if (before.budgetItemId !== input.budgetItemId) {
      const operations = await billOperationsOf(call, { orderIds: before.orderIds, jobIds: before.jobIds });
      await checkBillBudgetItem(
        call,
        { ...before, budgetItemId: input.budgetItemId },
        before,
        operations.filter((operation) => operation.type === 'job').flatMap((operation) => operation.orderIds),
      );
    }
    const after =
      before.budgetItemId === input.budgetItemId
        ? before
        : await billService.write(
            call,
            before,
            { budgetItemId: input.budgetItemId },
            { action: 'budget-change', version: input.version },
          );
    return (await billService.toEntity(after, call)) as never;
  },
});
