import { z } from 'zod';
import {
  dictionaryName,
  dictionaryNameEn,
  enabledField,
  nameEnField,
  nameField,
  updatedAtField,
} from '../common/dictionary';
import { defineResource, entityBase } from '../common/resource';

/** Who answers for a customs formality on an order (the company, the client, a customs broker, ...). */
export const customsResponsibilityCreateSchema = z.object({
  name: dictionaryName,
  nameEn: dictionaryNameEn,
});
export const customsResponsibilitySchema = z.object({
  ...entityBase,
  name: z.string(),
  nameEn: z.string().nullable(),
  enabled: z.boolean(),
});
export type CustomsResponsibility = z.infer<typeof customsResponsibilitySchema>;

export const customsResponsibilityResource = defineResource({
  name: 'customs_responsibility',
  path: '/tms/customs-responsibilities',
  title: 'tms.customsResponsibilities.title',
  itemTitle: 'tms.customsResponsibilities.item',
  titles: { ru: 'Ответственность за таможенное оформление', en: 'Customs responsibilities' },
  entity: customsResponsibilitySchema,
  create: customsResponsibilityCreateSchema,
  fields: [nameField, nameEnField, enabledField, updatedAtField],
  roles: { view: [], edit: ['ROLE_CUSTOMS_SETTINGS'] },
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  toggle: true,
  deletable: true,
  screens: { create: false, edit: true },
});
