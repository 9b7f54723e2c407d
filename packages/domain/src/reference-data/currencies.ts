import { z } from 'zod';
import { declareResource } from '../common/declare';
import { CODE_MESSAGES } from '../common/dictionary';
import { f } from '../common/fields';
import { formatError } from '../common/validation';
import { DECLARED_SCREENS } from '../screens';

/** An ISO 4217 currency: three-letter code, numeric code, minor units (digits after the point). */
export const currencyResource = declareResource({
  name: 'currency',
  path: DECLARED_SCREENS.currencyResource.path,
  title: 'settings.currencies.title',
  itemTitle: 'settings.currencies.item',
  keys: 'settings.currencies',
  fields: {
    code: f.code().input(
      z
        .string()
        .trim()
        .regex(/^[A-Z]{3}$/, formatError(CODE_MESSAGES.isoAlpha3)),
    ),
    numericCode: f
      .text()
      .input(
        z
          .string()
          .trim()
          .regex(/^\d{3}$/, formatError(CODE_MESSAGES.isoNumeric)),
      )
      .listed()
      .searchable()
      .sortable()
      .width('short'),
    minorUnits: f.integer({ min: 0, max: 4 }).listed().filterable().sortable().width('short'),
    name: f.name(),
    nameEn: f.nameEn(),
    symbol: f.text({ max: 8 }).optional().listed(),
    enabled: f.enabled(),
    updatedAt: f.updatedAt(),
  },
  roles: { view: [], edit: ['ROLE_SETTINGS_CURRENCIES'] },
  labelField: 'code',
  defaultSort: { field: 'code', order: 'asc' },
  deletable: true,
  screens: { create: true, edit: true },
});
export const currencyCreateSchema = currencyResource.create;
export const currencySchema = currencyResource.entity;
export type Currency = z.infer<typeof currencySchema>;
