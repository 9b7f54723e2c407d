import {
  BILL_KIND_ROLES,
  decimalAdd,
  decimalMultiply,
  decimalRound,
  WAREHOUSE_SERVICE_BILL_MESSAGES as M,
  MESSAGES,
  warehouseServiceBillSchema,
} from '@tms/domain';
import { eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { ErrorCollector, fieldError } from '../../platform/errors';
import { defineUseCase } from '../../platform/resources';
import { billService, paymentForms } from '../finance';
import { orderService } from '../operations';
import { warehouseServices } from './tables';

/**
 * Warehouse services done for an order billed to its client (docs/warehouse.md "Services"): each line a
 * priced, enabled service of the price list × its quantity, all in one currency, on one income bill linked to
 * the order, made by finance's own bill creation as the user (its roles, scope, credit and ledger posting).
 */
export const billWarehouseServices = defineUseCase({
  name: 'warehouse.bill-services',
  roles: BILL_KIND_ROLES.DIRECT.create,
  input: warehouseServiceBillSchema.extend({ orderId: z.number().int().positive() }),
  output: z.object({
    id: z.number().int(),
    number: z.string(),
    amount: z.string(),
    currencyId: z.number().int(),
  }),
  async run(ctx, input) {
    const order = await orderService.find(ctx, input.orderId);
    const ids = [...new Set(input.lines.map((line) => line.serviceId))];
    const rows = await ctx.tx.select().from(warehouseServices).where(inArray(warehouseServices.id, ids));
    const byId = new Map(rows.map((row) => [row.id, row]));
    const errors = new ErrorCollector();
    // The bill's currency is its first priced service's.
    const currencyId = input.lines
      .map((line) => byId.get(line.serviceId))
      .find((service) => service?.enabled && service.price && service.currencyId !== null)?.currencyId;
    let amount = '0';
    for (const [index, line] of input.lines.entries()) {
      const service = byId.get(line.serviceId);
      const at = ['lines', index, 'serviceId'];
      if (!service?.enabled) errors.add(at, MESSAGES.invalid);
      else if (!service.price || service.currencyId === null) errors.add(at, M.noPrice);
      else if (service.currencyId !== currencyId) errors.add(at, M.oneCurrency);
      else amount = decimalAdd(amount, decimalMultiply(service.price, String(line.quantity)));
    }
    errors.throwIfAny();
    const [form] = await ctx.tx
      .select({ legalEntityId: paymentForms.legalEntityId })
      .from(paymentForms)
      .where(eq(paymentForms.id, input.paymentFormId));
    if (!form) throw fieldError(['paymentFormId'], MESSAGES.invalid);
    const bill = (await billService.create(ctx, {
      number: input.number,
      direction: 'INCOME',
      counterpartyId: order.clientId,
      legalEntityId: form.legalEntityId,
      paymentFormId: input.paymentFormId,
      currencyId: currencyId!,
      // Prices have kopecks and quantities thousandths: the amount is rounded to kopecks.
      amount: decimalRound(amount, 2),
      date: input.date,
      recognitionDate: input.date,
      orderIds: [order.id],
      comment: input.lines
        .map((line) => `${byId.get(line.serviceId)!.name} × ${String(line.quantity).replace('.', ',')}`)
        .join('; '),
    })) as { id: number; number: string; amount: string; currencyId: number };
    return { id: bill.id, number: bill.number, amount: bill.amount, currencyId: bill.currencyId };
  },
});
