import type { z } from 'zod';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
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
