import { z } from 'zod';
import { enabledField, nameField, updatedAtField } from '../common/dictionary';
import { defineResource, entityBase } from '../common/resource';
import { MESSAGES } from '../common/validation';
import { colleagueReference } from '../users';

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
export const materialAssetCreateSchema = z.object({
  name: z.string().trim().min(1).max(255),
  inventoryNumber: z.string().trim().min(1).max(64),
  kind: z.enum(MATERIAL_ASSET_KINDS),
  serviceOfficeId: z.number().int().positive().nullable().optional(),
  responsibleUserId: z.number().int().positive().nullable().optional(),
  acquisitionDate: z.iso.date().nullable().optional(),
  cost: moneyAmountSchema.nullable().optional(),
  currencyId: z.number().int().positive().nullable().optional(),
});
export const materialAssetSchema = z.object({
  ...entityBase,
  name: z.string(),
  inventoryNumber: z.string(),
  kind: z.enum(MATERIAL_ASSET_KINDS),
  serviceOfficeId: z.number().int().nullable(),
  responsibleUserId: z.number().int().nullable(),
  acquisitionDate: z.string().nullable(),
  cost: z.string().nullable(),
  currencyId: z.number().int().nullable(),
  enabled: z.boolean(),
});
export type MaterialAsset = z.infer<typeof materialAssetSchema>;

const field = (name: string) => ({
  name,
  label: `settings.materialAssets.${name}`,
});

export const materialAssetResource = defineResource({
  name: 'material_asset',
  path: '/material-assets',
  title: 'settings.materialAssets.title',
  itemTitle: 'settings.materialAssets.item',
  titles: { ru: 'Материальные ценности', en: 'Material assets' },
  entity: materialAssetSchema,
  create: materialAssetCreateSchema,
  fields: [
    nameField,
    {
      ...field('inventoryNumber'),
      type: 'text',
      listed: true,
      searchable: true,
      sortable: true,
      filterWidth: 'short',
    },
    {
      name: 'kind',
      // Its option labels live under this key in the web's dictionaries.
      label: 'settings.materialAssetKindLabel',
      optionsKey: 'settings.materialAssetKind',
      type: 'enum',
      options: MATERIAL_ASSET_KINDS,
      optionLabels: MATERIAL_ASSET_KIND_LABELS,
      listed: true,
      filterable: true,
      sortable: true,
    },
    {
      ...field('serviceOfficeId'),
      type: 'reference',
      reference: { path: '/settings/service-offices', labelField: 'name' },
      listed: true,
      filterable: true,
    },
    {
      ...field('responsibleUserId'),
      type: 'reference',
      reference: colleagueReference,
      listed: true,
      filterable: true,
    },
    {
      ...field('acquisitionDate'),
      type: 'date',
      listed: true,
      filterable: true,
      sortable: true,
    },
    { ...field('cost'), type: 'money', listed: true, sortable: true },
    {
      ...field('currencyId'),
      type: 'reference',
      reference: { path: '/settings/currencies', labelField: 'code' },
      listed: true,
    },
    enabledField,
    updatedAtField,
  ],
  // Bills attach material assets, so whoever does that reads the list too.
  roles: { view: ['ROLE_BILL_MATERIAL_ASSETS'], edit: ['ROLE_MATERIAL_ASSETS'] },
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  toggle: true,
  deletable: true,
  screens: { create: true, edit: true },
});
