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

/** Incoterms 2020 groups the rules by the transport they fit: any mode, or sea and inland waterway only. */
export const SHIPMENT_TERM_TYPES = ['any', 'sea'] as const;
export type ShipmentTermType = (typeof SHIPMENT_TERM_TYPES)[number];
export const SHIPMENT_TERM_TYPE_LABELS = {
  any: { ru: 'Любой вид транспорта', en: 'Any mode of transport' },
  sea: { ru: 'Морской и внутренний водный транспорт', en: 'Sea and inland waterway transport' },
} as const;

/** Delivery terms of an order (Incoterms-style: EXW, FCA, ..., DDP). */
export const shipmentTermCreateSchema = z.object({
  code: dictionaryCode,
  name: dictionaryName,
  nameEn: dictionaryNameEn,
  type: z.enum(SHIPMENT_TERM_TYPES),
});
export const shipmentTermSchema = z.object({
  ...entityBase,
  code: z.string(),
  name: z.string(),
  nameEn: z.string().nullable(),
  type: z.enum(SHIPMENT_TERM_TYPES),
  enabled: z.boolean(),
});
export type ShipmentTerm = z.infer<typeof shipmentTermSchema>;

export const shipmentTermResource = defineResource({
  name: 'shipment_term',
  path: '/tms/shipment-terms',
  title: 'tms.shipmentTerms.title',
  itemTitle: 'tms.shipmentTerms.item',
  titles: { ru: 'Условия поставки', en: 'Shipment terms' },
  entity: shipmentTermSchema,
  create: shipmentTermCreateSchema,
  fields: [
    codeField,
    nameField,
    nameEnField,
    {
      name: 'type',
      type: 'enum',
      label: 'tms.shipmentTermTypeLabel',
      optionsKey: 'tms.shipmentTermType',
      options: SHIPMENT_TERM_TYPES,
      optionLabels: SHIPMENT_TERM_TYPE_LABELS,
      listed: true,
      filterable: true,
      sortable: true,
    },
    enabledField,
    updatedAtField,
  ],
  roles: { view: [], edit: ['ROLE_SETTINGS_SHIPMENT_TERMS'] },
  labelField: 'code',
  defaultSort: { field: 'code', order: 'asc' },
  toggle: true,
  deletable: true,
  // routes.txt has the list and /{id} only: the Incoterms come with the installation.
  screens: { create: false, edit: true },
});
