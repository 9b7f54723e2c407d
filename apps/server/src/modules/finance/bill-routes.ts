import {
  BILL_ROLES,
  type Bill,
  type BillCreate,
  billCreateSchema,
  billFromOperationQuerySchema,
  billOperationQuerySchema,
  billResource,
  dataSchema,
  idParamSchema,
  lockedMonthSchema,
  monthParamSchema,
  operationBillsSchema,
  type Role,
} from '@tms/domain';
import { z } from 'zod';
import { readAll } from '../../db/connection';
import { calendarDay } from '../../platform/calendar';
import type { App } from '../../platform/http/types';
import { registerResourceRoutes, requestContext } from '../../platform/resources';
import { getOptions } from '../options';
import { readableOperation } from './bill-operations';
import { type BillRow, billService, billsOfOperation, billsResult, mayIgnoreLock } from './bills';
import { billFreeze } from './frozen-money';
import { lockedMonths, setMonthLocked } from './ledger';
import { notifyPeriodMoved } from './notifications';

const readRoles: Role[] = [...BILL_ROLES.view, ...BILL_ROLES.edit];
const startRoles: Role[] = [...BILL_ROLES.create];
const LOCK_ROLES: Role[] = ['ROLE_RECOGNITION_DATE_CHANGE'];
const tags = [billResource.name];
const startBody = dataSchema(billCreateSchema.partial());

/** The body of a copy: the same bill without its number and counter bill, to be saved as a new one. */
function copyOf(row: BillRow): Partial<BillCreate> {
  return {
    direction: row.direction as BillCreate['direction'],
    kind: row.kind as BillCreate['kind'],
    counterpartyId: row.counterpartyId,
    legalEntityId: row.legalEntityId,
    paymentFormId: row.paymentFormId,
    currencyId: row.currencyId,
    amount: row.amount,
    date: row.date,
    paymentDate: row.paymentDate,
    recognitionDate: row.recognitionDate,
    disbursement: row.disbursement,
    orderIds: row.orderIds,
    jobIds: row.jobIds,
    bankCommission: row.bankCommission,
    bankCommissionCurrencyId: row.bankCommissionCurrencyId,
    comment: row.comment,
    budgetItemId: row.budgetItemId,
  };
}

/** Starting bodies of a new bill (a copy, one from an order or a job), an operation's bills, period locks. */
export function registerBillRoutes(app: App): void {
  registerResourceRoutes(app, billService);

  app.get(
    '/finances/bills/:id/copy',
    {
      config: { roles: startRoles },
      schema: {
        tags,
        summary: 'The body of a new bill copied from this one',
        params: idParamSchema,
        response: { 200: startBody },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const row = await billService.find(requestContext(request, app.database.db), id, { access: 'read' });
      return { data: copyOf(row) };
    },
  );

  app.get(
    '/finances/bills/from-operation/:id',
    {
      config: { roles: startRoles },
      schema: {
        tags,
        summary:
          'The body of a new bill of an order (by default income from its client) or a job (by default expense to its contractor, at its cost)',
        params: idParamSchema,
        querystring: billFromOperationQuerySchema,
        response: { 200: startBody },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const query = request.query as z.infer<typeof billFromOperationQuerySchema>;
      const { operation } = query;
      const direction = query.direction ?? (operation === 'order' ? 'INCOME' : 'EXPENSE');
      // The order's client pays us; we pay the job's contractor, its cost.
      const natural = (operation === 'order') === (direction === 'INCOME');
      const found = await readableOperation(requestContext(request, app.database.db), operation, id);
      const today = calendarDay(app.clock());
      const body: Partial<BillCreate> = {
        direction,
        kind: 'DIRECT',
        counterpartyId: natural ? (found.counterpartyId ?? undefined) : undefined,
        amount: natural ? (found.amount ?? undefined) : undefined,
        currencyId: natural ? (found.currencyId ?? undefined) : undefined,
        date: today,
        recognitionDate: today,
        // A job's bill belongs to its orders too: their result counts it.
        orderIds: found.orderIds,
        jobIds: operation === 'job' ? [id] : [],
      };
      return { data: Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) };
    },
  );

  app.get(
    '/finances/bills/:id/frozen',
    {
      config: { roles: readRoles },
      schema: {
        tags,
        summary:
          "Why the bill's money does not change now: its order or job archived or accepted by finance control, or its closed month; null when it may",
        params: idParamSchema,
        response: { 200: dataSchema(z.object({ reason: z.string().nullable() })) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const ctx = requestContext(request, app.database.db);
      const row = await billService.find(ctx, id, { access: 'read' });
      return { data: { reason: await billFreeze(ctx, row, mayIgnoreLock(ctx.auth)) } };
    },
  );

  app.get(
    '/finances/bills/of-operation/:id',
    {
      config: { roles: readRoles },
      schema: {
        tags,
        summary: 'The bills of an order or a job the user reads, and their result in the base currency',
        params: idParamSchema,
        querystring: billOperationQuerySchema,
        response: { 200: dataSchema(operationBillsSchema) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const { operation } = request.query as z.infer<typeof billOperationQuerySchema>;
      const ctx = { ...requestContext(request, app.database.db), auth: request.auth! };
      const rows = await billsOfOperation(ctx, operation, id);
      const [result, options, entities] = await readAll(ctx.tx, [
        () =>
          billsResult(
            ctx.tx,
            rows.map((row) => row.id),
          ),
        () => getOptions(ctx.tx),
        () => billService.toEntities(rows, ctx),
      ]);
      return { data: { bills: entities as Bill[], baseCurrency: options.systemCurrencyCode, ...result } };
    },
  );

  app.get(
    '/finances/period-locks',
    {
      config: { roles: [...LOCK_ROLES, 'ROLE_RECOGNITION_DATE_IGNORE_LOCK'] },
      schema: {
        tags,
        summary: 'The months closed for postings',
        response: { 200: dataSchema(z.array(lockedMonthSchema)) },
      },
    },
    async () => ({ data: await lockedMonths(app.database.db) }),
  );

  for (const [method, locked] of [
    ['put', true],
    ['delete', false],
  ] as const) {
    app[method](
      '/finances/period-locks/:month',
      {
        config: { roles: LOCK_ROLES },
        schema: {
          tags,
          summary: locked ? 'Lock a month (YYYY-MM) for postings' : 'Unlock a month (YYYY-MM)',
          params: monthParamSchema,
          response: { 200: dataSchema(z.array(lockedMonthSchema)) },
        },
      },
      async (request) => {
        const { month } = request.params as z.infer<typeof monthParamSchema>;
        const data = await app.database.db.transaction(async (tx) => {
          if (await setMonthLocked({ tx, auth: request.auth! }, month, locked)) {
            await notifyPeriodMoved(requestContext(request, tx), month, locked);
          }
          return lockedMonths(tx);
        });
        return { data };
      },
    );
  }
}
