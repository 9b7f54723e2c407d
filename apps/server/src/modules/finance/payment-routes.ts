import {
  dataSchema,
  decimalCompare,
  idParamSchema,
  PAYMENT_ROLES,
  type PaymentCreate,
  paymentCreateSchema,
  paymentResource,
  paymentTotalsSchema,
} from '@tms/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { rowsOf } from '../../db/connection';
import { calendarDay } from '../../platform/calendar';
import type { App } from '../../platform/http/types';
import { registerResourceRoutes, requestContext } from '../../platform/resources';
import { listWhere } from '../../platform/resources/query';
import { currencies } from '../reference-data';
import { billService } from './bills';
import { paymentReadScope, paymentService, paymentsOfBill } from './payments';
import { payments } from './tables';

const tags = [paymentResource.name];
const readRoles = [...PAYMENT_ROLES.view];

/** Payments: the resource's routes, their totals, a new payment of a bill, a bill's payments. */
export function registerPaymentRoutes(app: App): void {
  app.get(
    '/finances/payments/totals',
    {
      config: { roles: ['ROLE_PAYMENT_TOTALS'] },
      schema: {
        tags,
        summary: 'Totals of the payments a list filter selects, per currency (never added across currencies)',
        querystring: paymentService.schemas.listQuery,
        response: { 200: dataSchema(paymentTotalsSchema) },
      },
    },
    async (request) => {
      const ctx = requestContext(request, app.database.db);
      const where = listWhere(
        paymentResource,
        payments,
        request.query as Record<string, unknown>,
        paymentReadScope(request.auth!),
        {},
        ctx,
      );
      const rows = await rowsOf<{
        currencyId: number;
        currencyCode: string;
        incoming: string;
        outgoing: string;
        unlinked: string;
        count: number;
      }>(
        ctx.tx,
        sql`SELECT p.currency_id AS "currencyId", c.code AS "currencyCode",
              coalesce(sum(p.amount) FILTER (WHERE p.direction = 'INCOMING'), 0)::numeric(18,2)::text AS incoming,
              coalesce(sum(p.amount) FILTER (WHERE p.direction = 'OUTGOING'), 0)::numeric(18,2)::text AS outgoing,
              sum(p.unlinked_amount)::numeric(18,2)::text AS unlinked, count(*)::int AS count
            FROM (SELECT * FROM ${payments} WHERE ${where ?? sql`true`}) p
            JOIN ${currencies} c ON c.id = p.currency_id
            GROUP BY p.currency_id, c.code ORDER BY c.code`,
      );
      return { data: rows };
    },
  );

  app.get(
    '/finances/payments/by-bill/:id',
    {
      config: { roles: [...PAYMENT_ROLES.create] },
      schema: {
        tags,
        summary: 'The body of a new payment of a bill: its form, counterparty and open balance, linked to it',
        params: idParamSchema,
        response: { 200: dataSchema(paymentCreateSchema.partial()) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const bill = await billService.find(requestContext(request, app.database.db), id, { access: 'read' });
      const open = decimalCompare(bill.balance, '0') > 0;
      const body: Partial<PaymentCreate> = {
        direction: bill.direction === 'INCOME' ? 'INCOMING' : 'OUTGOING',
        paymentFormId: bill.paymentFormId,
        counterpartyId: bill.counterpartyId,
        date: calendarDay(app.clock()),
        ...(open
          ? { amount: bill.balance, links: [{ billId: bill.id, amount: bill.balance }] }
          : { links: [] }),
      };
      return { data: body };
    },
  );

  app.get(
    '/finances/bills/:id/payments',
    {
      config: { roles: readRoles },
      schema: {
        tags,
        summary: 'The payments of a bill the user reads, with the part of each that pays it',
        params: idParamSchema,
        response: {
          200: dataSchema(
            z.array(
              z.object({
                id: z.number().int(),
                number: z.string(),
                date: z.string(),
                direction: z.string(),
                amount: z.string(),
                linked: z.string(),
              }),
            ),
          ),
        },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      return { data: await paymentsOfBill(app.database.db, request.auth!, id) };
    },
  );

  registerResourceRoutes(app, paymentService);
}
