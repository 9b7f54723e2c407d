import type { z } from 'zod';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import { DECLARED_SCREENS } from '../screens';

/** Who answers for a customs formality on an order (the company, the client, a customs broker, ...). */
export const customsResponsibilityResource = declareResource({
  name: 'customs_responsibility',
  path: DECLARED_SCREENS.customsResponsibilityResource.path,
  title: 'tms.customsResponsibilities.title',
  itemTitle: 'tms.customsResponsibilities.item',
  fields: {
    name: f.name(),
    nameEn: f.nameEn(),
    enabled: f.enabled(),
    updatedAt: f.updatedAt(),
  },
  roles: { view: [], edit: ['ROLE_CUSTOMS_SETTINGS'] },
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  deletable: true,
  screens: { create: false, edit: true },
});
export const customsResponsibilityCreateSchema = customsResponsibilityResource.create;
export const customsResponsibilitySchema = customsResponsibilityResource.entity;
export type CustomsResponsibility = z.infer<typeof customsResponsibilitySchema>;
