import {
  dataSchema,
  decimalAdd,
  decimalFixed,
  INTERNAL_TRANSFER_PLAN_ROLES,
  INTERNAL_TRANSFER_ROLES,
  type InternalTransferCreate,
  idParamSchema,
  internalTransferCreateSchema,
  internalTransferResource,
  transferPlanCreateSchema,
  transferPlanResultSchema,
  transferPlanSchema,
} from '@tms/domain';
import { and, asc, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { calendarDay } from '../../platform/calendar';
import type { App } from '../../platform/http/types';
import { registerResourceRoutes, requestContext } from '../../platform/resources';
import { readableOperation } from './bill-operations';
import { billReadScope } from './bills';
import { internalTransferService } from './internal-transfers';
import { bills } from './tables';
import { assertPlanOrder, transferPlan } from './transfer-plan';
import { createPlannedTransfers } from './use-cases/create-planned-transfers';

const tags = [internalTransferResource.name];
const startRoles = [...INTERNAL_TRANSFER_ROLES.create];
const startBody = dataSchema(internalTransferCreateSchema.partial());

const defined = (body: Partial<InternalTransferCreate>) =>
  Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined && value !== null));

/** Internal transfers: the resource's routes and the bodies a new one starts from (a copy, an order's). */
export function registerInternalTransferRoutes(app: App): void {
  app.get(
    '/finances/internal-transfers/copy/:id',
    {
      config: { roles: startRoles },
      schema: {
        tags,
        summary: 'The body of a new internal transfer copied from this one, dated today',
        params: idParamSchema,
        response: { 200: startBody },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const row = await internalTransferService.find(requestContext(request, app.database.db), id);
      return {
        data: defined({
          senderFormId: row.senderFormId,
          recipientFormId: row.recipientFormId,
          amount: row.amount,
          date: calendarDay(app.clock()),
          orderId: row.orderId,
          comment: row.comment,
        }),
      };
    },
  );

  app.get(
    '/finances/internal-transfers/from-order/:id',
    {
      config: { roles: startRoles },
      schema: {
        tags,
        summary:
          "The body of a new internal transfer of an order: from its income bills' payment form to the form of its expense bills on another company",
        params: idParamSchema,
        response: { 200: startBody },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const ctx = requestContext(request, app.database.db);
      await readableOperation(ctx, 'order', id);
      const found = await ctx.tx
        .select({
          direction: bills.direction,
          paymentFormId: bills.paymentFormId,
          legalEntityId: bills.legalEntityId,
          currencyId: bills.currencyId,
          amount: bills.amount,
        })
        .from(bills)
        .where(and(sql`${bills.orderIds} @> ARRAY[${id}]::integer[]`, billReadScope(ctx.auth)))
        .orderBy(asc(bills.id));
      // Money arrives on the income bills' form; the expenses paid by another company of the group need it there.
      const income = found.find((bill) => bill.direction === 'INCOME' && bill.paymentFormId);
      const expenses = found.filter(
        (bill) =>
          bill.direction === 'EXPENSE' &&
          bill.paymentFormId &&
          (!income || (bill.legalEntityId !== income.legalEntityId && bill.currencyId === income.currencyId)),
      );
      const recipientFormId = expenses[0]?.paymentFormId;
      const amount = expenses
        .filter((bill) => bill.paymentFormId === recipientFormId)
        .reduce((sum, bill) => decimalAdd(sum, bill.amount), '0');
      return {
        data: defined({
          senderFormId: income?.paymentFormId ?? undefined,
          recipientFormId: recipientFormId ?? undefined,
          amount: recipientFormId ? decimalFixed(amount, 2) : undefined,
          date: calendarDay(app.clock()),
          orderId: id,
        }),
      };
    },
  );

  app.get(
    '/finances/internal-transfers/transfer-plan/:id',
    {
      config: { roles: [...INTERNAL_TRANSFER_PLAN_ROLES] },
      schema: {
        tags,
        summary:
          "An order's transfer plan: per company and currency its expenses need, what the order's transfers cover and what is still to transfer",
        params: idParamSchema,
        response: { 200: dataSchema(transferPlanSchema) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const ctx = requestContext(request, app.database.db);
      const orderNumber = await assertPlanOrder(ctx, id);
      return { data: await transferPlan(ctx.tx, { orderId: id, orderNumber }) };
    },
  );

  app.post(
    '/finances/internal-transfers/transfer-plan/:id',
    {
      // Writes transfers though it answers 200: a retry with its Idempotency-Key gets the first answer.
      config: { roles: [...INTERNAL_TRANSFER_PLAN_ROLES], creates: true },
      schema: {
        tags,
        summary:
          "Create the missing transfers of an order's plan, one per uncovered need, dated today, in one transaction",
        params: idParamSchema,
        body: transferPlanCreateSchema,
        response: { 200: dataSchema(transferPlanResultSchema) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const body = request.body as z.infer<typeof transferPlanCreateSchema>;
      const data = await app.database.db.transaction((tx) =>
        createPlannedTransfers.run(requestContext(request, tx), {
          ...body,
          orderId: id,
          date: calendarDay(app.clock()),
        }),
      );
      return { data };
    },
  );

  registerResourceRoutes(app, internalTransferService);
}
