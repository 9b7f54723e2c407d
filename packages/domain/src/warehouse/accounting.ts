import { z } from 'zod';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import { recordIdSchema } from '../common/list';
import type { LocalizedText } from '../common/resource';
import { orderResource } from '../operations/order';
import { DECLARED_SCREENS } from '../screens';
import { colleagueReference } from '../users';
import { WAREHOUSE_ROLES, warehouseResource } from './warehouses';

export const MOVEMENT_KINDS = ['receipt', 'release'] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];
export const MOVEMENT_KIND_LABELS: Readonly<Record<MovementKind, LocalizedText>> = {
  receipt: { ru: 'Приёмка', en: 'Receipt' },
  release: { ru: 'Выдача', en: 'Release' },
};

export const WAREHOUSE_ACCOUNTING_MESSAGES = {
  overRelease: 'The warehouse does not hold that many places of the order on that day.',
  overReleaseLater: 'This change leaves the order with fewer places in the warehouse than it releases later.',
  damageNoteRequired: 'Describe the damage.',
} as const;

/** Most places one movement may count, kilograms it may weigh and cubic metres it may take. */
export const MOVEMENT_LIMITS = { places: 1_000_000, weight: 1e9, volume: 1e6 } as const;

/**
 * A receipt or release of an order's cargo places at a warehouse on a day (warehouse accounting,
 * `/warehouse/accounting`): how many places, their weight and volume, their marks, and damage noted on
 * receipt. A release never takes more places than the warehouse holds for the order on its day, nor a change
 * leaves a later release without its places.
 */
export const warehouseMovementResource = declareResource({
  name: 'warehouse_movement',
  path: DECLARED_SCREENS.warehouseMovementResource.path,
  title: 'warehouse.accounting.title',
  itemTitle: 'warehouse.accounting.item',
  keys: 'warehouse.accounting',
  fields: {
    movedOn: f.date().listed().filterable().sortable(),
    kind: f.enum(MOVEMENT_KINDS, MOVEMENT_KIND_LABELS).listed().filterable(),
    warehouseId: f.reference(warehouseResource).listed().filterable(),
    orderId: f
      .reference(orderResource)
      .set({ reference: { path: orderResource.path, labelField: orderResource.labelField, padded: true } })
      .listed()
      .filterable(),
    /** The order's client, kept with the movement (the list searches and sorts by it). */
    clientName: f.text().optional().readOnly().listed().searchable().sortable().hiddenInForm(),
    places: f.integer({ min: 1, max: MOVEMENT_LIMITS.places }).listed().sortable(),
    /** Gross weight, kg. */
    weight: f.number({ min: 0, max: MOVEMENT_LIMITS.weight }).optional().listed(),
    /** Volume, m³. */
    volume: f.number({ min: 0, max: MOVEMENT_LIMITS.volume }).optional().listed(),
    marks: f.text({ max: 1000 }).optional().listed().searchable(),
    damaged: f.boolean().defaulted().listed().filterable(),
    damageNote: f.textarea({ max: 2000 }).optional().searchable(),
    comment: f.textarea({ max: 2000 }).optional(),
    createdById: f.reference(colleagueReference).optional().readOnly().listed(),
    createdAt: f.createdAt().sortable(),
    updatedAt: f.updatedAt(),
  },
  roles: { view: WAREHOUSE_ROLES.view, edit: WAREHOUSE_ROLES.edit },
  labelField: 'movedOn',
  defaultSort: { field: 'movedOn', order: 'desc' },
  deletable: true,
  screens: { create: true, edit: true },
});
export type WarehouseMovement = z.infer<typeof warehouseMovementResource.entity>;

/** What an order holds at a warehouse: places, weight and volume received less those released. */
export interface WarehouseBalance {
  warehouseId: number;
  orderId: number;
  places: number;
  weight: number;
  volume: number;
}
export const warehouseBalanceSchema = z.object({
  warehouseId: z.number().int(),
  orderId: z.number().int(),
  places: z.number().int(),
  weight: z.number(),
  volume: z.number(),
});

type Movement = Pick<WarehouseMovement, 'kind' | 'movedOn' | 'places'> & {
  id?: number;
  weight?: number | null;
  volume?: number | null;
};

/** Receipts less releases, for the movements of one order at one warehouse up to `on` (inclusive). */
export function placesHeld(movements: readonly Movement[], on?: string): number {
  let places = 0;
  for (const m of movements) {
    if (on !== undefined && m.movedOn > on) continue;
    places += m.kind === 'receipt' ? m.places : -m.places;
  }
  return places;
}

/**
 * The first day the places held go below zero, walking the movements of one order at one warehouse by day
 * (a day's receipts before its releases: cargo received and released the same day is possible), or null.
 */
export function firstShortDay(movements: readonly Movement[]): string | null {
  const days = new Map<string, number>();
  for (const m of movements) {
    days.set(m.movedOn, (days.get(m.movedOn) ?? 0) + (m.kind === 'receipt' ? m.places : -m.places));
  }
  let held = 0;
  for (const day of [...days.keys()].sort()) {
    held += days.get(day)!;
    if (held < 0) return day;
  }
  return null;
}

/** The query of `GET /api/warehouse/balances`: by order or warehouse, on a day (today when not told). */
export const warehouseBalanceQuerySchema = z.object({
  orderId: recordIdSchema.optional(),
  warehouseId: recordIdSchema.optional(),
  on: z.iso.date().optional(),
});
