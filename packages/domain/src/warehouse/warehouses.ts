import { z } from 'zod';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import type { LocalizedText } from '../common/resource';
import { counterpartyResource } from '../counterparties/counterparty';
import { paymentFormResource } from '../finance/payment-forms';
import type { Role } from '../permissions';
import { countryResource } from '../reference-data/countries';
import { DECLARED_SCREENS } from '../screens';
import { warehouseServiceResource } from './services';

/** Who reads and who keeps the warehouse records (spec §6 "Warehouse"). */
export const WAREHOUSE_ROLES = {
  view: ['ROLE_WAREHOUSE_ACCOUNTING_VIEW', 'ROLE_WAREHOUSE_ACCOUNTING_EDIT', 'ROLE_WAREHOUSE_EVENTS'],
  edit: ['ROLE_WAREHOUSE_ACCOUNTING_EDIT'],
  events: ['ROLE_WAREHOUSE_EVENTS', 'ROLE_WAREHOUSE_ACCOUNTING_VIEW', 'ROLE_WAREHOUSE_ACCOUNTING_EDIT'],
  forcedWms: ['ROLE_WMS_FORCED_MANAGEMENT'],
} as const satisfies Record<string, readonly Role[]>;

export const WAREHOUSE_OWNERSHIPS = ['own', 'partner'] as const;
export type WarehouseOwnership = (typeof WAREHOUSE_OWNERSHIPS)[number];
export const WAREHOUSE_OWNERSHIP_LABELS: Readonly<Record<WarehouseOwnership, LocalizedText>> = {
  own: { ru: 'Собственный', en: 'Own' },
  partner: { ru: 'Партнёрский', en: "Partner's" },
};

export const WAREHOUSE_MESSAGES = {
  operatorRequired: "A partner's warehouse needs the partner who runs it.",
  url: 'Enter the address of the WMS as http:// or https:// URL.',
  inUse: 'The warehouse has movements in the warehouse accounting.',
  storageBoth: 'Storage is billed with both its service and the payment form, or with neither.',
  storagePrice: 'The storage service needs a price and its currency.',
} as const;

/**
 * A warehouse cargo is received at and released from: the company's own or a partner's (the counterparty
 * running it), its address, and the warehouse management system (WMS) it runs, with the address of its API
 * for the advices of acceptance and release.
 */
export const warehouseResource = declareResource({
  name: 'warehouse',
  path: DECLARED_SCREENS.warehouseResource.path,
  title: 'warehouse.warehouses.title',
  itemTitle: 'warehouse.warehouses.item',
  keys: 'warehouse.warehouses',
  fields: {
    code: f.code(),
    name: f.name(),
    nameEn: f.nameEn(),
    ownership: f.enum(WAREHOUSE_OWNERSHIPS, WAREHOUSE_OWNERSHIP_LABELS).listed().filterable().sortable(),
    operatorId: f.reference(counterpartyResource).optional().listed().filterable(),
    countryId: f.reference(countryResource).label('fields.country').optional().listed().filterable(),
    address: f.textarea({ max: 1000 }).label('fields.address').listed().searchable(),
    wmsSystem: f.text({ max: 100 }).optional().listed().searchable(),
    wmsUrl: f
      .text({ max: 500 })
      .input(
        z
          .string()
          .trim()
          .max(500)
          .regex(/^(https?:\/\/\S+)?$/, WAREHOUSE_MESSAGES.url),
      )
      .optional(),
    /** The service storage is billed at: its price per place and day, in its currency (docs/warehouse.md). */
    storageServiceId: f.reference(warehouseServiceResource).optional(),
    /** Our payment form the storage bills go through: its company issues or receives them. */
    storagePaymentFormId: f.reference(paymentFormResource).optional(),
    comment: f.textarea({ max: 2000 }).optional(),
    enabled: f.enabled(),
    updatedAt: f.updatedAt(),
  },
  roles: { view: WAREHOUSE_ROLES.view, edit: WAREHOUSE_ROLES.edit },
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  deletable: true,
  screens: { create: true, edit: true },
});
export type Warehouse = z.infer<typeof warehouseResource.entity>;
