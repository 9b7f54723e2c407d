import type { z } from 'zod';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import { DECLARED_SCREENS } from '../screens';

/** A kind of offer on a customer request (e.g. door-to-door, port-to-port, customs only). */
export const requestOfferTypeResource = declareResource({
  name: 'request_offer_type',
  path: DECLARED_SCREENS.requestOfferTypeResource.path,
  title: 'settings.requestOfferTypes.title',
  itemTitle: 'settings.requestOfferTypes.item',
  fields: {
    code: f.code(),
    name: f.name(),
    nameEn: f.nameEn(),
    enabled: f.enabled(),
    updatedAt: f.updatedAt(),
  },
  roles: { view: [], edit: ['ROLE_SETTINGS_REQUEST_OFFER_TYPES'] },
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  deletable: true,
  // routes.txt has no "new" screen for offer types: the web edits them; the API can add one.
  screens: { create: false, edit: true },
});
export const requestOfferTypeCreateSchema = requestOfferTypeResource.create;
export const requestOfferTypeSchema = requestOfferTypeResource.entity;
export type RequestOfferType = z.infer<typeof requestOfferTypeSchema>;
