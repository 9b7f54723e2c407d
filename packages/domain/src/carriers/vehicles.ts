import type { z } from 'zod';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import { COUNTERPARTY_ROLES, counterpartyParent } from '../counterparties/counterparty';
import { vehicleTypeResource } from '../reference-data/vehicle-types';
import { plateSchema } from './plates';

/**
 * A truck (tractor or lorry) of a contractor, with its trailer's plate and what it carries: capacity in
 * tonnes, volume in cubic metres. Plates are normalised (`plates.ts`); a carrier has one vehicle a plate.
 */
export const counterpartyVehicleResource = declareResource({
  name: 'counterparty_vehicle',
  path: '/counterparty-vehicles',
  title: 'counterparties.vehicles.title',
  itemTitle: 'counterparties.vehicles.item',
  keys: 'counterparties.vehicles',
  fields: {
    counterpartyId: counterpartyParent(),
    vehicleTypeId: f.reference(vehicleTypeResource).listed().filterable(),
    plate: f.text().input(plateSchema('vehicle')).listed().searchable().sortable(),
    trailerPlate: f.text().input(plateSchema('trailer')).optional().listed().searchable(),
    brand: f.text({ max: 100 }).optional().listed().searchable(),
    capacity: f.number({ min: 0, max: 1000 }).optional().listed(),
    volume: f.number({ min: 0, max: 1000 }).optional().listed(),
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
