import { z } from 'zod';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import { vehicleTypeResource } from '../reference-data/vehicle-types';
import { COUNTERPARTY_ROLES, counterpartyParent } from './counterparty';

/** A registration plate as written on the vehicle; stored upper-cased without surrounding spaces. */
export const plateSchema = z.string().trim().toUpperCase().min(1).max(16);

/** A truck (tractor or lorry) of a contractor, with its trailer's plate. */
export const counterpartyVehicleResource = declareResource({
  name: 'counterparty_vehicle',
  path: '/counterparty-vehicles',
  title: 'counterparties.vehicles.title',
  itemTitle: 'counterparties.vehicles.item',
  keys: 'counterparties.vehicles',
  fields: {
    counterpartyId: counterpartyParent(),
    vehicleTypeId: f.reference(vehicleTypeResource).listed().filterable(),
    plate: f.text().input(plateSchema).listed().searchable().sortable(),
    trailerPlate: f.text().input(plateSchema).optional().listed().searchable(),
    brand: f.text({ max: 100 }).optional().listed().searchable(),
    comment: f.textarea().optional(),
    updatedAt: f.updatedAt(),
  },
  roles: COUNTERPARTY_ROLES,
  labelField: 'plate',
  defaultSort: { field: 'plate', order: 'asc' },
  deletable: true,
  screens: { create: false, edit: false },
});
export type CounterpartyVehicle = z.infer<typeof counterpartyVehicleResource.entity>;
