import { z } from 'zod';
import { updatedAtField } from '../common/dictionary';
import { defineResource, entityBase } from '../common/resource';
import { COUNTERPARTY_ROLES, counterpartyIdField } from './counterparty';

/** A registration plate as written on the vehicle; stored upper-cased without surrounding spaces. */
export const plateSchema = z.string().trim().toUpperCase().min(1).max(16);

/** A truck (tractor or lorry) of a contractor, with its trailer's plate. */
export const counterpartyVehicleCreateSchema = z.object({
  counterpartyId: z.number().int().positive(),
  vehicleTypeId: z.number().int().positive(),
  plate: plateSchema,
  trailerPlate: plateSchema.nullable().optional(),
  brand: z.string().trim().max(100).nullable().optional(),
  comment: z.string().trim().max(4000).nullable().optional(),
});
export const counterpartyVehicleSchema = z.object({
  ...entityBase,
  counterpartyId: z.number().int(),
  vehicleTypeId: z.number().int(),
  plate: z.string(),
  trailerPlate: z.string().nullable(),
  brand: z.string().nullable(),
  comment: z.string().nullable(),
});
export type CounterpartyVehicle = z.infer<typeof counterpartyVehicleSchema>;

const field = (name: string) => ({
  name,
  label: `counterparties.vehicles.${name}`,
});

export const counterpartyVehicleResource = defineResource({
  name: 'counterparty_vehicle',
  path: '/counterparty-vehicles',
  title: 'counterparties.vehicles.title',
  itemTitle: 'counterparties.vehicles.item',
  titles: { ru: 'Транспортные средства', en: 'Vehicles' },
  entity: counterpartyVehicleSchema,
  create: counterpartyVehicleCreateSchema,
  fields: [
    counterpartyIdField,
    {
      ...field('vehicleTypeId'),
      type: 'reference',
      reference: { path: '/settings/vehicle-types', labelField: 'name' },
      listed: true,
      filterable: true,
    },
    { ...field('plate'), type: 'text', listed: true, searchable: true, sortable: true },
    {
      ...field('trailerPlate'),
      type: 'text',
      listed: true,
      searchable: true,
    },
    { ...field('brand'), type: 'text', listed: true, searchable: true },
    { ...field('comment'), type: 'textarea' },
    updatedAtField,
  ],
  roles: COUNTERPARTY_ROLES,
  labelField: 'plate',
  defaultSort: { field: 'plate', order: 'asc' },
  deletable: true,
  screens: { create: false, edit: false },
});
