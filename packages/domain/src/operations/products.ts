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

/** Spec §8: a product still referred to cannot be deleted. */
export const PRODUCT_IN_USE = 'product used in orders or job types';

/** Most route points an order of a product may have (spec §9 "maximum delivery and dispatch points"). */
const points = z.number().int().min(1).max(100);

/** A product: a bundle of services sold as one (e.g. "FTL Europe – Russia"), with its route limits. */
export const productCreateSchema = z.object({
  code: dictionaryCode,
  name: dictionaryName,
  nameEn: dictionaryNameEn,
  serviceIds: z.array(z.number().int().positive()).max(200).optional(),
  maxDispatchPoints: points.nullable().optional(),
  maxDeliveryPoints: points.nullable().optional(),
});
export const productSchema = z.object({
  ...entityBase,
  ...productCreateSchema.shape,
  nameEn: z.string().nullable(),
  serviceIds: z.array(z.number().int()),
  maxDispatchPoints: z.number().int().nullable(),
  maxDeliveryPoints: z.number().int().nullable(),
  enabled: z.boolean(),
});
export type Product = z.infer<typeof productSchema>;

export const productResource = defineResource({
  name: 'product',
  path: '/tms/products',
  title: 'tms.products.title',
  itemTitle: 'tms.products.item',
  titles: { ru: 'Продукты', en: 'Products' },
  entity: productSchema,
  create: productCreateSchema,
  fields: [
    codeField,
    nameField,
    nameEnField,
    {
      name: 'serviceIds',
      type: 'references',
      label: 'tms.products.services',
      reference: { path: '/tms/services', labelField: 'name' },
      listed: true,
      filterable: true,
    },
    {
      name: 'maxDispatchPoints',
      type: 'integer',
      label: 'tms.products.maxDispatchPoints',
      listed: true,
      sortable: true,
    },
    {
      name: 'maxDeliveryPoints',
      type: 'integer',
      label: 'tms.products.maxDeliveryPoints',
      listed: true,
      sortable: true,
    },
    enabledField,
    updatedAtField,
  ],
  roles: { view: [], edit: ['ROLE_SETTINGS_PRODUCTS'] },
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  toggle: true,
  deletable: true,
  screens: { create: true, edit: true },
});
