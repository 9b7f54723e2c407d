import type { z } from 'zod';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import { DECLARED_SCREENS } from '../screens';
import { TRANSPORT_TYPE_LABELS, TRANSPORT_TYPES } from './transport-types';

/** A kind of vehicle or load unit (tent semi-trailer, 40' container, ...) with its usual capacity. */
export const vehicleTypeResource = declareResource({
  name: 'vehicle_type',
  path: DECLARED_SCREENS.vehicleTypeResource.path,
  title: 'settings.vehicleTypes.title',
  itemTitle: 'settings.vehicleTypes.item',
  keys: 'settings.vehicleTypes',
  fields: {
    code: f.code(),
    name: f.name(),
    nameEn: f.nameEn(),
    transportType: f
      .enum(TRANSPORT_TYPES, TRANSPORT_TYPE_LABELS)
      .label('tms.transportTypeLabel')
      .optionsKey('tms.transportType')
      .listed()
      .filterable()
      .sortable(),
    /** Payload in kilograms. */
    capacityKg: f.integer({ min: 0, max: 1_000_000 }).optional().listed().sortable(),
    /** Usable volume in cubic metres. */
    volumeM3: f.number({ min: 0, max: 10_000 }).optional().listed().sortable(),
    enabled: f.enabled(),
    updatedAt: f.updatedAt(),
  },
  roles: { view: [], edit: ['ROLE_SETTINGS_VEHICLE_TYPES'] },
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  deletable: true,
  screens: { create: false, edit: true },
});
export const vehicleTypeCreateSchema = vehicleTypeResource.create;
export const vehicleTypeSchema = vehicleTypeResource.entity;
export type VehicleType = z.infer<typeof vehicleTypeSchema>;
