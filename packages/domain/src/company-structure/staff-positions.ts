import type { z } from 'zod';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';

/**
 * A staff position of the company's catalogue (forwarder, head of department, accountant): reference data
 * the structure's positions name, so the same job reads the same everywhere.
 */
export const staffPositionResource = declareResource({
  name: 'staff_position',
  path: '/company-structure/staff-positions',
  title: 'companyStructure.staffPositions.title',
  itemTitle: 'companyStructure.staffPositions.item',
  keys: 'companyStructure.staffPositions',
  fields: {
    code: f.code(),
    name: f.name(),
    nameEn: f.nameEn(),
    enabled: f.enabled(),
    updatedAt: f.updatedAt(),
  },
  roles: {
    view: ['ROLE_COMPANY_STRUCTURE_VIEW', 'ROLE_COMPANY_STRUCTURE_EDIT'],
    edit: ['ROLE_STAFF_POSITION_EDIT'],
  },
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  deletable: true,
  screens: { create: false, edit: false },
});
export const staffPositionSchema = staffPositionResource.entity;
export type StaffPosition = z.infer<typeof staffPositionSchema>;
