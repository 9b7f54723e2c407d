import type { z } from 'zod';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import { TRANSPORT_TYPE_LABELS, TRANSPORT_TYPES } from '../reference-data/transport-types';
import { DECLARED_SCREENS } from '../screens';

/** Spec §8: a service still referred to cannot be deleted. */
export const SERVICE_IN_USE = 'service used in orders or products';

/** A service the company sells (road freight, customs clearance, ...), composed into products. */
export const serviceResource = declareResource({
  name: 'service',
  path: DECLARED_SCREENS.serviceResource.path,
  title: 'tms.services.title',
  itemTitle: 'tms.services.item',
  fields: {
    code: f.code(),
    name: f.name(),
    nameEn: f.nameEn(),
    transportType: f
      .enum(TRANSPORT_TYPES, TRANSPORT_TYPE_LABELS)
      .optional()
      .label('tms.transportTypeLabel')
      .set({ optionsKey: 'tms.transportType' })
      .listed()
      .filterable()
      .sortable(),
    // The services of one product (an order's service select); products list their services, so the
    // filter names the product by its path (the product's declaration imports this one).
    productId: f
      .reference({ path: DECLARED_SCREENS.productResource.path, labelField: 'name' })
      .filterOnly()
      .label('tms.products.item'),
    enabled: f.enabled(),
    updatedAt: f.updatedAt(),
  },
  roles: { view: [], edit: ['ROLE_SETTINGS_SERVICES'] },
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  deletable: true,
  screens: { create: false, edit: true },
});
export type Service = z.infer<typeof serviceResource.entity>;
