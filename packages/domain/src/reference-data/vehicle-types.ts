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
import { TRANSPORT_TYPE_LABELS, TRANSPORT_TYPES } from './transport-types';

/** A kind of vehicle or load unit (tent semi-trailer, 40' container, ...) with its usual capacity. */
export const vehicleTypeCreateSchema = z.object({
  code: dictionaryCode,
  name: dictionaryName,
  nameEn: dictionaryNameEn,
  transportType: z.enum(TRANSPORT_TYPES),
  /** Payload in kilograms. */
  capacityKg: z.number().int().min(0).max(1_000_000).nullable().optional(),
  /** Usable volume in cubic metres. */
  volumeM3: z.number().min(0).max(10_000).nullable().optional(),
});
export const vehicleTypeSchema = z.object({
  ...entityBase,
  ...vehicleTypeCreateSchema.shape,
  nameEn: z.string().nullable(),
  capacityKg: z.number().nullable(),
  volumeM3: z.number().nullable(),
  enabled: z.boolean(),
});
export type VehicleType = z.infer<typeof vehicleTypeSchema>;

export const vehicleTypeResource = defineResource({
  name: 'vehicle_type',
  path: '/settings/vehicle-types',
  title: 'settings.vehicleTypes.title',
  itemTitle: 'settings.vehicleTypes.item',
  titles: { ru: 'Типы транспортных средств', en: 'Vehicle types' },
  entity: vehicleTypeSchema,
  create: vehicleTypeCreateSchema,
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
    {
      name: 'capacityKg',
      type: 'integer',
      label: 'settings.vehicleTypes.capacityKg',
      listed: true,
      sortable: true,
    },
    {
      name: 'volumeM3',
      type: 'number',
      label: 'settings.vehicleTypes.volumeM3',
      listed: true,
      sortable: true,
    },
    enabledField,
    updatedAtField,
  ],
  roles: { view: [], edit: ['ROLE_SETTINGS_VEHICLE_TYPES'] },
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  toggle: true,
  deletable: true,
  screens: { create: false, edit: true },
});
