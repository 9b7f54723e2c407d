import { z } from 'zod';
import { declareResource } from '../common/declare';
import { CODE_MESSAGES } from '../common/dictionary';
import { f } from '../common/fields';
import { formatError } from '../common/validation';
import { DECLARED_SCREENS } from '../screens';

/**
 * An ISO 3166-1 country; loaded by the server, edited (names) and disabled, never created or deleted. Found by
 * its codes, its names and the names it also goes by.
 */
export const countryResource = declareResource({
  name: 'country',
  path: DECLARED_SCREENS.countryResource.path,
  title: 'settings.countries.title',
  itemTitle: 'settings.countries.item',
  keys: 'settings.countries',
  fields: {
    code: f
      .code()
      .input(
        z
          .string()
          .trim()
          .regex(/^[A-Z]{2}$/, formatError(CODE_MESSAGES.isoAlpha2)),
      )
      .label('settings.countries.code'),
    alpha3: f
      .text()
      .input(
        z
          .string()
          .trim()
          .regex(/^[A-Z]{3}$/, formatError(CODE_MESSAGES.isoAlpha3)),
      )
      .listed()
      .searchable()
      .sortable(),
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
      .sortable(),
    name: f.name(),
    nameEn: f.nameEn().required(),
    /** The short and common names a country also goes by ("Россия", "USA"), one a line: found by the search. */
    aliases: f.textarea({ max: 2000 }).optional().searchable(),
    enabled: f.enabled(),
    updatedAt: f.updatedAt(),
  },
  roles: { view: [], edit: ['ROLE_SETTINGS_COUNTRIES'] },
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  searchRank: { codes: ['alpha3', 'numericCode'], aliases: ['aliases'] },
  creatable: false,
  deletable: false,
  screens: { create: false, edit: true },
});
export const countryCreateSchema = countryResource.create;
export const countrySchema = countryResource.entity;
export type Country = z.infer<typeof countrySchema>;
