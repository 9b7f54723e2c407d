import {
  BILL_KIND_ROLES,
  dataSchema,
  idParamSchema,
  MATERIAL_ASSET_MESSAGES,
  WAREHOUSE_ROLES,
  type WarehouseServiceBill,
  warehouseBalanceQuerySchema,
  warehouseBalanceSchema,
  warehouseMovementResource,
  warehouseServiceBillSchema,
  warehouseServiceResource,
} from '@tms/domain';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Principal } from '../../platform/auth/context';
import { calendarDay } from '../../platform/calendar';
import { fieldError } from '../../platform/errors';
import type { App } from '../../platform/http/types';
import {
  afterUpdate,
  registerResource,
  registerResourceRoutes,
  requestContext,
} from '../../platform/resources';
import { bills } from '../finance';
import { orderScope, orderService } from '../operations';
import { movementService, warehouseBalances } from './accounting';
import { billWarehouseServices } from './bill-services';
import { warehouseEventService } from './events';
import { warehouseMovements, warehouseServices, warehouseStorageCharges, warehouses } from './tables';
import { warehouseService } from './warehouses';
import { wmsRoutes } from './wms-routes';

/** A price means nothing without its currency. */
function priceNeedsCurrency(record: Record<string, unknown>): undefined {
  if (record.price != null && record.currencyId == null) {
    throw fieldError(['currencyId'], MATERIAL_ASSET_MESSAGES.currencyRequired);
  }
  return undefined;
}

const tags = ['Warehouse'];

/**
 * The warehouse: warehouses, the accounting of places received and released per order with its balances,
 * the events of each movement and the price list of services.
 */
export default async function warehouseModule(app: App): Promise<void> {
  registerResourceRoutes(app, warehouseService);
  registerResourceRoutes(app, movementService);
  registerResourceRoutes(app, warehouseEventService);
  app.post(
    '/tms/orders/:id/warehouse-services/bill',
    {
      config: { roles: BILL_KIND_ROLES.DIRECT.create },
      schema: {
        tags,
        summary:
          "Bill the order's client for warehouse services: each a service of the price list × its quantity",
        params: idParamSchema,
        body: warehouseServiceBillSchema,
        response: { 201: dataSchema(billWarehouseServices.output) },
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: number };
      const body = request.body as WarehouseServiceBill;
      const data = await app.database.db.transaction((tx) =>
        billWarehouseServices.run(requestContext(request, tx), { ...body, orderId: id }),
      );
      return reply.code(201).send({ data });
    },
  );

  await wmsRoutes(app);
  registerResource(app, warehouseServiceResource, warehouseServices, {
    hooks: {
      beforeCreate: (_ctx, values) => priceNeedsCurrency(values),
      beforeUpdate: (_ctx, values, existing) => priceNeedsCurrency(afterUpdate(values, existing)),
    },
  });

  app.get(
    '/warehouse/balances',
    {
      config: { roles: WAREHOUSE_ROLES.view },
      schema: {
        tags,
        summary: 'Places, weight and volume each order holds at each warehouse at the end of a day',
        querystring: warehouseBalanceQuerySchema,
        response: {
          200: dataSchema(z.object({ on: z.string(), balances: z.array(warehouseBalanceSchema) })),
        },
      },
    },
    async (request) => {
      const query = request.query as z.output<typeof warehouseBalanceQuerySchema>;
      const on = query.on ?? calendarDay(new Date());
      const balances = await warehouseBalances(app.database.db, { ...query, on });
      return { data: { on, balances } };
    },
  );

  app.get(
    '/tms/orders/:id/warehouse-accounting',
    {
      config: { roles: WAREHOUSE_ROLES.view },
      schema: {
        tags,
        summary: "The order's warehouse movements and what it holds at each warehouse today",
        params: idParamSchema,
        response: {
          200: dataSchema(
            z.object({
              /** The order's number as its page shows it. */
              orderNumber: z.number().int(),
              on: z.string(),
              movements: z.array(warehouseMovementResource.entity),
              balances: z.array(warehouseBalanceSchema),
              /** The names of the warehouses the movements are at, by id. */
              /** The months of storage billed (place-days and the bill, which its own page guards). */
              storageCharges: z.array(
                z.object({
                  warehouseId: z.number().int(),
                  periodFrom: z.string(),
                  periodTo: z.string(),
                  placeDays: z.number().int(),
                  billId: z.number().int(),
                  billNumber: z.string(),
                }),
              ),
              warehouseNames: z.record(
                z.string(),
                z.object({ name: z.string(), nameEn: z.string().nullable() }),
              ),
            }),
          ),
        },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const ctx = requestContext(request);
      // The order as the reader may see it: another office's, or any without an order scope, is not found.
      const order = await orderService.find(ctx, id, {
        where: orderScope(ctx.auth as Principal, 'read', false),
      });
      const rows = await ctx.tx
        .select()
        .from(warehouseMovements)
        .where(eq(warehouseMovements.orderId, id))
        .orderBy(asc(warehouseMovements.movedOn), desc(warehouseMovements.kind), asc(warehouseMovements.id));
      const on = calendarDay(new Date());
      const storageCharges = await ctx.tx
        .select({
          warehouseId: warehouseStorageCharges.warehouseId,
          periodFrom: warehouseStorageCharges.periodFrom,
          periodTo: warehouseStorageCharges.periodTo,
          placeDays: warehouseStorageCharges.placeDays,
          billId: warehouseStorageCharges.billId,
          billNumber: bills.number,
        })
        .from(warehouseStorageCharges)
        .innerJoin(bills, eq(bills.id, warehouseStorageCharges.billId))
        .where(eq(warehouseStorageCharges.orderId, id))
        .orderBy(asc(warehouseStorageCharges.periodFrom), asc(warehouseStorageCharges.warehouseId));
      const ids = [...new Set(rows.map((row) => row.warehouseId))];
      const names = ids.length
        ? await ctx.tx
            .select({ id: warehouses.id, name: warehouses.name, nameEn: warehouses.nameEn })
            .from(warehouses)
            .where(inArray(warehouses.id, ids))
        : [];
      return {
        data: {
          orderNumber: order.number,
          on,
          movements: (await movementService.toEntities(rows, ctx)) as never,
          balances: await warehouseBalances(ctx.tx, { orderId: id, on, withEmpty: true }),
          storageCharges,
          warehouseNames: Object.fromEntries(
            names.map((w) => [String(w.id), { name: w.name, nameEn: w.nameEn }]),
          ),
        },
      };
    },
  );
}
