import { z } from 'zod';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import { MESSAGES } from '../common/validation';
import { currencyResource } from '../reference-data/currencies';
import { DECLARED_SCREENS } from '../screens';

/** Units a warehouse bills its services in, with their names. */
export const WAREHOUSE_UNIT_LABELS = {
  pallet: { ru: 'Паллета', en: 'Pallet' },
  place: { ru: 'Место', en: 'Package' },
  piece: { ru: 'Штука', en: 'Piece' },
  kg: { ru: 'Килограмм', en: 'Kilogram' },
  ton: { ru: 'Тонна', en: 'Tonne' },
  m3: { ru: 'Кубический метр', en: 'Cubic metre' },
  m2: { ru: 'Квадратный метр', en: 'Square metre' },
  day: { ru: 'Сутки', en: 'Day' },
  hour: { ru: 'Час', en: 'Hour' },
  operation: { ru: 'Операция', en: 'Operation' },
} as const;
export type WarehouseUnit = keyof typeof WAREHOUSE_UNIT_LABELS;

/** A service of the warehouse price list (storage, handling, labelling, ...): its unit and usual price. */
export const warehouseServiceResource = declareResource({
  name: 'warehouse_service',
  path: DECLARED_SCREENS.warehouseServiceResource.path,
  title: 'warehouse.services.title',
  itemTitle: 'warehouse.services.item',
  keys: 'warehouse.services',
  fields: {
    code: f.code(),
    name: f.name(),
    nameEn: f.nameEn(),
    unit: f.enum(WAREHOUSE_UNIT_LABELS).listed().filterable().sortable(),
    price: f.money().optional().listed().sortable(),
    currencyId: f.reference(currencyResource, 'code').optional().listed().filterable(),
    description: f.textarea({ max: 2000 }).optional(),
    enabled: f.enabled(),
    updatedAt: f.updatedAt(),
  },
  roles: { view: ['ROLE_WAREHOUSE_ACCOUNTING_VIEW'], edit: ['ROLE_WAREHOUSE_ACCOUNTING_EDIT'] },
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  deletable: true,
  screens: { create: true, edit: true },
});
export type WarehouseService = z.infer<typeof warehouseServiceResource.entity>;

export const WAREHOUSE_SERVICE_BILL_MESSAGES = {
  noPrice: 'The service has no price and currency: set them on the service first.',
  oneCurrency: 'A bill has one currency: bill the services of another currency separately.',
} as const;

/**
 * Warehouse services done for an order (handling, labelling, storage beyond the monthly billing) billed to
 * its client: each line a service of the price list and its quantity, priced at the list's price, on one
 * income bill through the payment form chosen.
 */
export const warehouseServiceBillSchema = z.strictObject({
  number: z.string().trim().min(1, MESSAGES.blank).max(50, MESSAGES.tooLong),
  paymentFormId: z.number().int().positive(),
  date: z.iso.date(),
  lines: z
    .array(
      z.strictObject({
        serviceId: z.number().int().positive(),
        quantity: z.number().positive(MESSAGES.tooSmall).max(1_000_000, MESSAGES.tooBig).multipleOf(0.001),
      }),
    )
    .min(1, MESSAGES.blank)
    .max(50),
});
export type WarehouseServiceBill = z.infer<typeof warehouseServiceBillSchema>;
