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

/** A customs office where declarations are lodged; its code is the customs authority's (e.g. 10702070). */
export const customsPointCreateSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z]{2,16}$/),
  name: dictionaryName,
  nameEn: dictionaryNameEn,
  countryId: z.number().int().positive(),
  address: z.string().trim().max(1000).nullable().optional(),
});
export const customsPointSchema = z.object({
  ...entityBase,
  ...customsPointCreateSchema.shape,
  nameEn: z.string().nullable(),
  address: z.string().nullable(),
  enabled: z.boolean(),
});
export type CustomsPoint = z.infer<typeof customsPointSchema>;

export const customsPointResource = defineResource({
  name: 'customs_point',
  path: '/tms/customs-points',
  title: 'tms.customsPoints.title',
  itemTitle: 'tms.customsPoints.item',
  titles: { ru: 'Таможенные посты', en: 'Customs points' },
  entity: customsPointSchema,
  create: customsPointCreateSchema,
  fields: [
    codeField,
    nameField,
    nameEnField,
    {
      name: 'countryId',
      type: 'reference',
      label: 'fields.country',
      reference: { path: '/settings/countries', labelField: 'name' },
      listed: true,
      filterable: true,
    },
    {
      name: 'address',
      type: 'textarea',
      label: 'fields.address',
      listed: true,
      searchable: true,
    },
    enabledField,
    updatedAtField,
  ],
  roles: { view: ['ROLE_CUSTOMS_POINT_VIEW', 'ROLE_CUSTOMS_POINT_EDIT'], edit: ['ROLE_CUSTOMS_POINT_EDIT'] },
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  toggle: true,
  deletable: true,
  screens: { create: false, edit: true },
});
