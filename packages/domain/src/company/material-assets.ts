import { z } from 'zod';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import { MESSAGES } from '../common/validation';
import type { Role } from '../permissions';
import { currencyResource } from '../reference-data/currencies';
import { DECLARED_SCREENS } from '../screens';
import { colleagueReference } from '../users';
import { legalEntityResource } from './legal-entities';
import { serviceOfficeResource } from './service-offices';

/** The bills' screen and label (`billResource` of finance, which imports this file's money schema). */
const BILL_REFERENCE = { path: '/finances/bills', labelField: 'number' } as const;

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
  /** Spec §8: an asset linked to the bill that bought it costs what the bill says. */
  amountMismatch: "The material asset's amount must match the bill's amount.",
  currencyMismatch: "The material asset's currency must match the bill's currency.",
  billDirection: 'A material asset is bought by an expense bill.',
  billRequired: 'Without the material assets role, an asset is entered for a bill.',
  billHasAssets: 'Cannot delete or modify a bill with material assets: unlink them first.',
} as const;

/** In use, or written off the books. */
export const MATERIAL_ASSET_STATUSES = {
  in_use: { ru: 'В эксплуатации', en: 'In use' },
  written_off: { ru: 'Списано', en: 'Written off' },
} as const;
export type MaterialAssetStatus = keyof typeof MATERIAL_ASSET_STATUSES;

/**
 * Spec §6 "Material assets" manages the register; "Bills: material assets" reads it and enters, changes and
 * deletes the assets of bills (linked to a bill the user reads: docs/finance.md "Material assets").
 */
export const MATERIAL_ASSET_ROLES = {
  view: ['ROLE_MATERIAL_ASSETS', 'ROLE_BILL_MATERIAL_ASSETS'],
  edit: ['ROLE_MATERIAL_ASSETS', 'ROLE_BILL_MATERIAL_ASSETS'],
} as const satisfies Record<'view' | 'edit', readonly Role[]>;

/** A non-negative amount with at most two decimals, as a string ("1234.50"); never a float. */
export const moneyAmountSchema = z
  .string()
  .trim()
  .regex(/^\d{1,16}(\.\d{1,2})?$/, MESSAGES.invalid);

/**
 * Property of the company on the books: who answers for it, where it is, what it cost and, when it was bought
 * by an expense bill, that bill (whose amount and currency are then the asset's).
 */
export const materialAssetResource = declareResource({
  name: 'material_asset',
  path: DECLARED_SCREENS.materialAssetResource.path,
  title: 'settings.materialAssets.title',
  itemTitle: 'settings.materialAssets.item',
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
    status: f.enum(MATERIAL_ASSET_STATUSES).defaulted().listed().filterable().sortable(),
    legalEntityId: f.reference(legalEntityResource).optional().listed().filterable(),
    serviceOfficeId: f.reference(serviceOfficeResource).optional().listed().filterable(),
    responsibleUserId: f.reference(colleagueReference).optional().listed().filterable(),
    acquisitionDate: f.date().optional().listed().filterable().sortable(),
    amount: f.money().input(moneyAmountSchema).optional().listed().sortable(),
    currencyId: f.reference(currencyResource, 'code').optional().listed(),
    /** The expense bill that bought it (finance's bills; referred to by path, as finance builds on company). */
    billId: f.reference(BILL_REFERENCE).optional().listed().filterable(),
    comment: f.textarea({ max: 2000 }).optional(),
    updatedAt: f.updatedAt(),
  },
  roles: MATERIAL_ASSET_ROLES,
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  deletable: true,
  screens: { create: true, edit: true },
});
export const materialAssetCreateSchema = materialAssetResource.create;
export const materialAssetSchema = materialAssetResource.entity;
export type MaterialAsset = z.infer<typeof materialAssetSchema>;
