import { z } from 'zod';
import {
  codeField,
  dictionaryName,
  dictionaryNameEn,
  enabledField,
  nameEnField,
  nameField,
  updatedAtField,
} from '../common/dictionary';
import { defineResource, entityBase } from '../common/resource';

/** An ISO 4217 currency: three-letter code, numeric code, minor units (digits after the point). */
export const currencyCreateSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/),
  numericCode: z
    .string()
    .trim()
    .regex(/^\d{3}$/),
  minorUnits: z.number().int().min(0).max(4),
  name: dictionaryName,
  nameEn: dictionaryNameEn,
  symbol: z.string().trim().max(8).nullable().optional(),
});
export const currencySchema = z.object({
  ...entityBase,
  ...currencyCreateSchema.shape,
  nameEn: z.string().nullable(),
  symbol: z.string().nullable(),
  enabled: z.boolean(),
});
export type Currency = z.infer<typeof currencySchema>;

export const currencyResource = defineResource({
  name: 'currency',
  path: '/settings/currencies',
  title: 'settings.currencies.title',
  itemTitle: 'settings.currencies.item',
  titles: { ru: 'Валюты', en: 'Currencies' },
  entity: currencySchema,
  create: currencyCreateSchema,
  fields: [
    codeField,
    {
      name: 'numericCode',
      type: 'text',
      label: 'settings.currencies.numericCode',
      listed: true,
      searchable: true,
      sortable: true,
      filterWidth: 'short',
    },
    {
      name: 'minorUnits',
      type: 'integer',
      label: 'settings.currencies.minorUnits',
      listed: true,
      filterable: true,
      sortable: true,
      filterWidth: 'short',
    },
    nameField,
    nameEnField,
    {
      name: 'symbol',
      type: 'text',
      label: 'settings.currencies.symbol',
      listed: true,
    },
    enabledField,
    updatedAtField,
  ],
  roles: { view: [], edit: ['ROLE_SETTINGS_CURRENCIES'] },
  labelField: 'code',
  defaultSort: { field: 'code', order: 'asc' },
  toggle: true,
  deletable: true,
  screens: { create: true, edit: true },
});
