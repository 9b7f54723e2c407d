import { z } from 'zod';
import {
  codeField,
  dictionaryName,
  enabledField,
  nameEnField,
  nameField,
  updatedAtField,
} from '../common/dictionary';
import { defineResource, entityBase } from '../common/resource';

/** An ISO 3166-1 country; loaded by the server, edited (names) and disabled, never created or deleted. */
export const countryCreateSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}$/),
  alpha3: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/),
  numericCode: z
    .string()
    .trim()
    .regex(/^\d{3}$/),
  name: dictionaryName,
  nameEn: dictionaryName,
});
export const countrySchema = z.object({
  ...entityBase,
  ...countryCreateSchema.shape,
  enabled: z.boolean(),
});
export type Country = z.infer<typeof countrySchema>;

export const countryResource = defineResource({
  name: 'country',
  path: '/settings/countries',
  title: 'settings.countries.title',
  itemTitle: 'settings.countries.item',
  titles: { ru: 'Страны', en: 'Countries' },
  entity: countrySchema,
  create: countryCreateSchema,
  fields: [
    { ...codeField, label: 'settings.countries.code' },
    {
      name: 'alpha3',
      type: 'text',
      label: 'settings.countries.alpha3',
      listed: true,
      searchable: true,
      sortable: true,
    },
    {
      name: 'numericCode',
      type: 'text',
      label: 'settings.countries.numericCode',
      listed: true,
      searchable: true,
      sortable: true,
    },
    nameField,
    nameEnField,
    enabledField,
    updatedAtField,
  ],
  roles: { view: [], edit: ['ROLE_SETTINGS_COUNTRIES'] },
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  toggle: true,
  creatable: false,
  deletable: false,
  screens: { create: false, edit: true },
});
