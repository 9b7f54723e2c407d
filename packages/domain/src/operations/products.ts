import type { z } from 'zod';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import { DECLARED_SCREENS } from '../screens';
import { serviceResource } from './services';

/** Spec §8: a product still referred to cannot be deleted. */
export const PRODUCT_IN_USE = 'product used in orders or job types';

/** A product: a bundle of services sold as one (e.g. "FTL Europe – Russia"), with its route limits. */
export const productResource = declareResource({
  name: 'product',
  path: DECLARED_SCREENS.productResource.path,
  title: 'tms.products.title',
  itemTitle: 'tms.products.item',
  keys: 'tms.products',
  fields: {
    code: f.code(),
    name: f.name(),
    nameEn: f.nameEn(),
    serviceIds: f
      .references(serviceResource, undefined, { max: 200 })
      .defaulted()
      .label('tms.products.services')
      .listed()
      .filterable(),
    // Most route points an order of the product may have (spec §9 "maximum delivery and dispatch points").
    maxDispatchPoints: f.integer({ min: 1, max: 100 }).optional().listed().sortable(),
    maxDeliveryPoints: f.integer({ min: 1, max: 100 }).optional().listed().sortable(),
    enabled: f.enabled(),
    updatedAt: f.updatedAt(),
  },
  roles: { view: [], edit: ['ROLE_SETTINGS_PRODUCTS'] },
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  deletable: true,
  screens: { create: true, edit: true },
});
export type Product = z.infer<typeof productResource.entity>;
