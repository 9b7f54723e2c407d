import type { z } from 'zod';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import { DECLARED_SCREENS } from '../screens';

/** Incoterms 2020 groups the rules by the transport they fit: any mode, or sea and inland waterway only. */
export const SHIPMENT_TERM_TYPES = ['any', 'sea'] as const;
export type ShipmentTermType = (typeof SHIPMENT_TERM_TYPES)[number];
export const SHIPMENT_TERM_TYPE_LABELS = {
  any: { ru: 'Любой вид транспорта', en: 'Any mode of transport' },
  sea: { ru: 'Морской и внутренний водный транспорт', en: 'Sea and inland waterway transport' },
} as const;

/** Delivery terms of an order (Incoterms-style: EXW, FCA, ..., DDP). */
export const shipmentTermResource = declareResource({
  name: 'shipment_term',
  path: DECLARED_SCREENS.shipmentTermResource.path,
  title: 'tms.shipmentTerms.title',
  itemTitle: 'tms.shipmentTerms.item',
  fields: {
    code: f.code(),
    name: f.name(),
    nameEn: f.nameEn(),
    type: f
      .enum(SHIPMENT_TERM_TYPES, SHIPMENT_TERM_TYPE_LABELS)
      .label('tms.shipmentTermTypeLabel')
      .optionsKey('tms.shipmentTermType')
      .listed()
      .filterable()
      .sortable(),
    enabled: f.enabled(),
    updatedAt: f.updatedAt(),
  },
  roles: { view: [], edit: ['ROLE_SETTINGS_SHIPMENT_TERMS'] },
  labelField: 'code',
  defaultSort: { field: 'code', order: 'asc' },
  deletable: true,
  // routes.txt has the list and /{id} only: the Incoterms come with the installation.
  screens: { create: false, edit: true },
});
export const shipmentTermCreateSchema = shipmentTermResource.create;
export const shipmentTermSchema = shipmentTermResource.entity;
export type ShipmentTerm = z.infer<typeof shipmentTermSchema>;
