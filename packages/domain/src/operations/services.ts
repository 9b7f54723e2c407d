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
import { TRANSPORT_TYPE_LABELS, TRANSPORT_TYPES } from '../reference-data/transport-types';

/** Spec §8: a service still referred to cannot be deleted. */
export const SERVICE_IN_USE = 'service used in orders or products';

/** A service the company sells (road freight, customs clearance, ...), composed into products. */
export const serviceCreateSchema = z.object({
  code: dictionaryCode,
  name: dictionaryName,
  nameEn: dictionaryNameEn,
  transportType: z.enum(TRANSPORT_TYPES).nullable().optional(),
});
export const serviceSchema = z.object({
  ...entityBase,
  ...serviceCreateSchema.shape,
  nameEn: z.string().nullable(),
  transportType: z.enum(TRANSPORT_TYPES).nullable(),
  enabled: z.boolean(),
});
export type Service = z.infer<typeof serviceSchema>;

export const serviceResource = defineResource({
  name: 'service',
  path: '/tms/services',
  title: 'tms.services.title',
  itemTitle: 'tms.services.item',
  titles: { ru: 'Услуги', en: 'Services' },
  entity: serviceSchema,
  create: serviceCreateSchema,
  fields: [
    codeField,
    nameField,
    nameEnField,
    {
      name: 'transportType',
      type: 'enum',
      label: 'tms.transportTypeLabel',
      optionsKey: 'tms.transportType',
      options: TRANSPORT_TYPES,
      optionLabels: TRANSPORT_TYPE_LABELS,
      listed: true,
      filterable: true,
      sortable: true,
    },
    enabledField,
    updatedAtField,
  ],
  roles: { view: [], edit: ['ROLE_SETTINGS_SERVICES'] },
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  toggle: true,
  deletable: true,
  screens: { create: false, edit: true },
});
