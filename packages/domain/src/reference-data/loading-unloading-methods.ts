import type { z } from 'zod';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import { DECLARED_SCREENS } from '../screens';

/** How cargo gets on and off a vehicle: rear, side, top, with a tail lift, by crane, ... */
export const loadingUnloadingMethodResource = declareResource({
  name: 'loading_unloading_method',
  path: DECLARED_SCREENS.loadingUnloadingMethodResource.path,
  title: 'tms.loadingUnloadingMethods.title',
  itemTitle: 'tms.loadingUnloadingMethods.item',
  fields: {
    code: f.code(),
    name: f.name(),
    nameEn: f.nameEn(),
    enabled: f.enabled(),
    updatedAt: f.updatedAt(),
  },
  roles: { view: [], edit: ['ROLE_SETTINGS_LOADING_UNLOADING_METHODS'] },
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  deletable: true,
  screens: { create: true, edit: true },
});
export const loadingUnloadingMethodCreateSchema = loadingUnloadingMethodResource.create;
export const loadingUnloadingMethodSchema = loadingUnloadingMethodResource.entity;
export type LoadingUnloadingMethod = z.infer<typeof loadingUnloadingMethodSchema>;
