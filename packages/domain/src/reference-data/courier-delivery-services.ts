import { z } from 'zod';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import { DECLARED_SCREENS } from '../screens';

/** Placeholder of the tracking number in a courier's tracking link. */
export const TRACKING_NUMBER_PLACEHOLDER = '{trackingNumber}';

const httpUrl = z
  .string()
  .trim()
  .max(1000)
  .regex(/^https?:\/\/\S+$/);

/** A courier company documents and small parcels are sent with (DHL, CDEK, ...), with its tracking link. */
export const courierDeliveryServiceResource = declareResource({
  name: 'courier_delivery_service',
  path: DECLARED_SCREENS.courierDeliveryServiceResource.path,
  title: 'settings.courierDeliveryServices.title',
  itemTitle: 'settings.courierDeliveryServices.item',
  keys: 'settings.courierDeliveryServices',
  fields: {
    code: f.code(),
    name: f.name(),
    nameEn: f.nameEn(),
    website: f.text().input(httpUrl).optional().label('fields.website').listed(),
    /** e.g. https://www.dhl.com/track?id={trackingNumber} */
    trackingUrl: f
      .text()
      .input(httpUrl.refine((url) => url.includes(TRACKING_NUMBER_PLACEHOLDER)))
      .optional(),
    enabled: f.enabled(),
    updatedAt: f.updatedAt(),
  },
  roles: { view: [], edit: ['ROLE_SETTINGS_COURIERS'] },
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  deletable: true,
  screens: { create: true, edit: true },
});
export const courierDeliveryServiceCreateSchema = courierDeliveryServiceResource.create;
export const courierDeliveryServiceSchema = courierDeliveryServiceResource.entity;
export type CourierDeliveryService = z.infer<typeof courierDeliveryServiceSchema>;
