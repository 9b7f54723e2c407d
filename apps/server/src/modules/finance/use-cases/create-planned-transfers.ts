import {
  decimalCompare,
  INTERNAL_TRANSFER_MESSAGES,
  INTERNAL_TRANSFER_PLAN_ROLES,
  transferPlanCreateSchema,
  transferPlanResultSchema,
} from '@tms/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { ErrorCollector } from '../../../platform/errors';
import { asSystem, defineUseCase, userOf } from '../../../platform/resources';
import { mayIgnoreLock } from '../bills';
import { internalTransferService } from '../internal-transfers';
import { assertPeriodOpen } from '../ledger';
import { bills } from '../tables';
import { assertPlanOrder, transferPlan } from '../transfer-plan';

/**
 * Creates the missing transfers of an order's plan (spec §2, ROLE_INTERNAL_TRANSFER_PLAN, the route's), in
 * one transaction: one transfer per need still missing money, of that amount, dated `date`, from the chosen
 * (else proposed) form of the home company to the chosen (else proposed) form of the need's company, both in
 * the need's currency. A form that does not fit refuses the whole call under `needs.<n>.<field>` (n: the
 * need's place in the plan). Each transfer is entered by the transfers' own service (their rules, their
 * payments, the order's transfers status), by the system in the user's name (the plan's authority). The order's bills
 * are locked first, so two calls at once never both create the same transfers; a covered plan creates none.
 */
export const createPlannedTransfers = defineUseCase({
  name: 'finance.create-planned-transfers',
  roles: INTERNAL_TRANSFER_PLAN_ROLES,
  input: transferPlanCreateSchema.extend({
    orderId: z.number().int().positive(),
    date: z.iso.date(),
  }),
  output: transferPlanResultSchema,
  async run(ctx, input) {
    const auth = userOf(ctx);
    const orderNumber = await assertPlanOrder({ ...ctx, auth }, input.orderId);
    await ctx.tx.execute(
      sql`SELECT id FROM ${bills} WHERE ${bills.orderIds} @> ARRAY[${input.orderId}]::integer[] ORDER BY id FOR UPDATE`,
    );
    const plan = await transferPlan(ctx.tx, { orderId: input.orderId, orderNumber });
    const errors = new ErrorCollector();
    const planned: { senderFormId: number; recipientFormId: number; amount: string }[] = [];
    plan.needs.forEach((need, index) => {
      if (decimalCompare(need.missing, '0') <= 0) return;
      const choice = input.choices.find(
        (c) => c.legalEntityId === need.legalEntityId && c.currencyId === need.currencyId,
      );
      const pick = (
        field: 'senderFormId' | 'recipientFormId',
        options: readonly { id: number }[],
        misfit: string,
      ) => {
        const id = choice?.[field] ?? need[field];
        if (id === null) errors.add(['needs', index, field], INTERNAL_TRANSFER_MESSAGES.planNoForm);
        else if (!options.some((form) => form.id === id)) errors.add(['needs', index, field], misfit);
        return id;
      };
      const senderFormId = pick('senderFormId', need.senderForms, INTERNAL_TRANSFER_MESSAGES.planSender);
      const recipientFormId = pick(
        'recipientFormId',
        need.recipientForms,
        INTERNAL_TRANSFER_MESSAGES.planRecipient,
      );
      if (senderFormId && recipientFormId)
        planned.push({ senderFormId, recipientFormId, amount: need.missing });
    });
    // The date's month is the user's to write into (his lock rights), whoever enters the transfers.
    await errors.collect(() => assertPeriodOpen(ctx.tx, input.date, mayIgnoreLock(auth), ['date']));
    errors.throwIfAny();
    // The plan's authority enters its transfers whether or not the user enters transfers by hand: the system
    // does it, in the user's name.
    const planner = asSystem(ctx, 'transfer plan');
    const createdIds: number[] = [];
    for (const transfer of planned) {
      const created = await internalTransferService.create(planner, {
        ...transfer,
        date: input.date,
        orderId: input.orderId,
      });
      createdIds.push(created.id as number);
    }
    return {
      createdIds,
      plan: createdIds.length ? await transferPlan(ctx.tx, { orderId: input.orderId, orderNumber }) : plan,
    };
  },
});
