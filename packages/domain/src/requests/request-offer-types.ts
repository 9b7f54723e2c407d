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

/** A kind of offer on a customer request (e.g. door-to-door, port-to-port, customs only). */
export const requestOfferTypeCreateSchema = z.object({
  code: dictionaryCode,
  name: dictionaryName,
  nameEn: dictionaryNameEn,
});
export const requestOfferTypeSchema = z.object({
  ...entityBase,
  ...requestOfferTypeCreateSchema.shape,
  nameEn: z.string().nullable(),
  enabled: z.boolean(),
});
export type RequestOfferType = z.infer<typeof requestOfferTypeSchema>;

export const requestOfferTypeResource = defineResource({
  name: 'request_offer_type',
  path: '/settings/request-offer-types',
  title: 'settings.requestOfferTypes.title',
  itemTitle: 'settings.requestOfferTypes.item',
  titles: { ru: 'Типы предложений по запросам', en: 'Request offer types' },
  entity: requestOfferTypeSchema,
  create: requestOfferTypeCreateSchema,
  fields: [codeField, nameField, nameEnField, enabledField, updatedAtField],
  roles: { view: [], edit: ['ROLE_SETTINGS_REQUEST_OFFER_TYPES'] },
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  toggle: true,
  deletable: true,
  // routes.txt has no "new" screen for offer types: the web edits them; the API can add one.
  screens: { create: false, edit: true },
});
