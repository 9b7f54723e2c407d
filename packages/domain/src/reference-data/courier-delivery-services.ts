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

/** Placeholder of the tracking number in a courier's tracking link. */
export const TRACKING_NUMBER_PLACEHOLDER = '{trackingNumber}';

const httpUrl = z
  .string()
  .trim()
  .max(1000)
  .regex(/^https?:\/\/\S+$/);

/** A courier company documents and small parcels are sent with (DHL, CDEK, ...), with its tracking link. */
export const courierDeliveryServiceCreateSchema = z.object({
  code: dictionaryCode,
  name: dictionaryName,
  nameEn: dictionaryNameEn,
  website: httpUrl.nullable().optional(),
  /** e.g. https://www.dhl.com/track?id={trackingNumber} */
  trackingUrl: httpUrl
    .refine((url) => url.includes(TRACKING_NUMBER_PLACEHOLDER))
    .nullable()
    .optional(),
});
export const courierDeliveryServiceSchema = z.object({
  ...entityBase,
  code: z.string(),
  name: z.string(),
  nameEn: z.string().nullable(),
  website: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  enabled: z.boolean(),
});
export type CourierDeliveryService = z.infer<typeof courierDeliveryServiceSchema>;

export const courierDeliveryServiceResource = defineResource({
  name: 'courier_delivery_service',
  path: '/courier-delivery-services',
  title: 'settings.courierDeliveryServices.title',
  itemTitle: 'settings.courierDeliveryServices.item',
  titles: { ru: 'Курьерские службы', en: 'Courier delivery services' },
  entity: courierDeliveryServiceSchema,
  create: courierDeliveryServiceCreateSchema,
  fields: [
    codeField,
    nameField,
    nameEnField,
    {
      name: 'website',
      type: 'text',
      label: 'fields.website',
      listed: true,
    },
    {
      name: 'trackingUrl',
      type: 'text',
      label: 'settings.courierDeliveryServices.trackingUrl',
    },
    enabledField,
    updatedAtField,
  ],
  roles: { view: [], edit: ['ROLE_SETTINGS_COURIERS'] },
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  toggle: true,
  deletable: true,
  screens: { create: true, edit: true },
});
