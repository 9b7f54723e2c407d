import { z } from 'zod';
import {
  codeField,
  dictionaryCode,
  dictionaryName,
  dictionaryNameEn,
  enabledField,
  nameEnField,
  nameField,
  updatedAtField,
} from '../common/dictionary';
import { defineResource, entityBase } from '../common/resource';

/** How cargo gets on and off a vehicle: rear, side, top, with a tail lift, by crane, ... */
export const loadingUnloadingMethodCreateSchema = z.object({
  code: dictionaryCode,
  name: dictionaryName,
  nameEn: dictionaryNameEn,
});
export const loadingUnloadingMethodSchema = z.object({
  ...entityBase,
  ...loadingUnloadingMethodCreateSchema.shape,
  nameEn: z.string().nullable(),
  enabled: z.boolean(),
});
export type LoadingUnloadingMethod = z.infer<typeof loadingUnloadingMethodSchema>;

export const loadingUnloadingMethodResource = defineResource({
  name: 'loading_unloading_method',
  path: '/tms/loading-unloading-methods',
  title: 'tms.loadingUnloadingMethods.title',
  itemTitle: 'tms.loadingUnloadingMethods.item',
  titles: { ru: 'Способы погрузки и выгрузки', en: 'Loading and unloading methods' },
  entity: loadingUnloadingMethodSchema,
  create: loadingUnloadingMethodCreateSchema,
  fields: [codeField, nameField, nameEnField, enabledField, updatedAtField],
  roles: { view: [], edit: ['ROLE_SETTINGS_LOADING_UNLOADING_METHODS'] },
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  toggle: true,
  deletable: true,
  screens: { create: true, edit: true },
});
