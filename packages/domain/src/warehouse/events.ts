import type { z } from 'zod';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import type { LocalizedText } from '../common/resource';
import { orderResource } from '../operations/order';
import { DECLARED_SCREENS } from '../screens';
import { colleagueReference } from '../users';
import { WAREHOUSE_ROLES, warehouseResource } from './warehouses';

export const WAREHOUSE_EVENT_KINDS = [
  'received',
  'released',
  'damaged',
  'movementChanged',
  'movementDeleted',
  'wmsForced',
] as const;
export type WarehouseEventKind = (typeof WAREHOUSE_EVENT_KINDS)[number];
export const WAREHOUSE_EVENT_KIND_LABELS: Readonly<Record<WarehouseEventKind, LocalizedText>> = {
  received: { ru: 'Груз принят', en: 'Cargo received' },
  released: { ru: 'Груз выдан', en: 'Cargo released' },
  damaged: { ru: 'Отмечено повреждение', en: 'Damage noted' },
  movementChanged: { ru: 'Движение исправлено', en: 'Movement corrected' },
  movementDeleted: { ru: 'Движение удалено', en: 'Movement deleted' },
  wmsForced: { ru: 'Этап WMS закрыт вручную', en: 'WMS stage closed by hand' },
};

/** The real-time topic every new warehouse event is published on. */
export const WAREHOUSE_EVENTS_TOPIC = 'warehouse_events';

/**
 * What happened at a warehouse, when and by whom (`/warehouse/events`): written by the system with each
 * movement of the accounting, read only.
 */
export const warehouseEventResource = declareResource({
  name: 'warehouse_event',
  path: DECLARED_SCREENS.warehouseEventResource.path,
  title: 'warehouse.events.title',
  itemTitle: 'warehouse.events.item',
  keys: 'warehouse.events',
  fields: {
    occurredAt: f.datetime().listed().filterable().sortable(),
    kind: f.enum(WAREHOUSE_EVENT_KINDS, WAREHOUSE_EVENT_KIND_LABELS).listed().filterable(),
    warehouseId: f.reference(warehouseResource).listed().filterable(),
    orderId: f
      .reference(orderResource)
      .set({ reference: { path: orderResource.path, labelField: orderResource.labelField, padded: true } })
      .listed()
      .filterable(),
    places: f.integer().optional().listed(),
    details: f.text({ max: 2000 }).optional().listed().searchable(),
    userId: f.reference(colleagueReference).optional().listed().filterable(),
  },
  roles: { view: WAREHOUSE_ROLES.events, edit: [] },
  labelField: 'kind',
  defaultSort: { field: 'occurredAt', order: 'desc' },
  readOnly: true,
  creatable: false,
  deletable: false,
});
export type WarehouseEvent = z.infer<typeof warehouseEventResource.entity>;
