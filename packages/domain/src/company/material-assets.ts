import { z } from 'zod';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import { MESSAGES } from '../common/validation';
import { currencyResource } from '../reference-data/currencies';
import { DECLARED_SCREENS } from '../screens';
import { colleagueReference } from '../users';
import { serviceOfficeResource } from './service-offices';

export const MATERIAL_ASSET_KINDS = [
  'computer',
  'office_equipment',
  'furniture',
  'vehicle',
  'tool',
  'other',
] as const;
export type MaterialAssetKind = (typeof MATERIAL_ASSET_KINDS)[number];
export const MATERIAL_ASSET_KIND_LABELS = {
  computer: { ru: 'Компьютерная техника', en: 'Computer equipment' },
  office_equipment: { ru: 'Оргтехника', en: 'Office equipment' },
  furniture: { ru: 'Мебель', en: 'Furniture' },
  vehicle: { ru: 'Транспортное средство', en: 'Vehicle' },
  tool: { ru: 'Инструмент и оборудование', en: 'Tools and machinery' },
  other: { ru: 'Прочее', en: 'Other' },
} as const;

export const MATERIAL_ASSET_MESSAGES = {
  currencyRequired: 'A cost needs its currency.',
} as const;

/** A non-negative amount with at most two decimals, as a string ("1234.50"); never a float. */
export const moneyAmountSchema = z
  .string()
  .trim()
  .regex(/^\d{1,16}(\.\d{1,2})?$/, MESSAGES.invalid);

/** Property of the company on the books: who answers for it, where it is, what it cost. */
export const materialAssetResource = declareResource({
  name: 'material_asset',
  path: DECLARED_SCREENS.materialAssetResource.path,
  title: 'settings.materialAssets.title',
  itemTitle: 'settings.materialAssets.item',
  titles: { ru: 'Материальные ценности', en: 'Material assets' },
  keys: 'settings.materialAssets',
  fields: {
    name: f.name(),
    inventoryNumber: f.text({ max: 64 }).listed().searchable().sortable().width('short'),
    kind: f
      .enum(MATERIAL_ASSET_KINDS, MATERIAL_ASSET_KIND_LABELS)
      .label('settings.materialAssetKindLabel')
      .optionsKey('settings.materialAssetKind')
      .listed()
      .filterable()
      .sortable(),
    serviceOfficeId: f.reference(serviceOfficeResource).optional().listed().filterable(),
    responsibleUserId: f.reference(colleagueReference).optional().listed().filterable(),
    acquisitionDate: f.date().optional().listed().filterable().sortable(),
    cost: f.money().input(moneyAmountSchema).optional().listed().sortable(),
    currencyId: f.reference(currencyResource).optional().listed(),
    enabled: f.enabled(),
    updatedAt: f.updatedAt(),
  },
  // Bills attach material assets, so whoever does that reads the list too.
  roles: { view: ['ROLE_BILL_MATERIAL_ASSETS'], edit: ['ROLE_MATERIAL_ASSETS'] },
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  deletable: true,
  screens: { create: true, edit: true },
});
export const materialAssetCreateSchema = materialAssetResource.create;
export const materialAssetSchema = materialAssetResource.entity;
export type MaterialAsset = z.infer<typeof materialAssetSchema>;
