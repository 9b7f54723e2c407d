import { z } from 'zod';
import type { LocalizedText } from '../common/resource';

/**
 * The property views of spec §2: an order or job opens as blocks; each user keeps, per type, whether the
 * view is expanded, which block opens first and which blocks are unfolded (bills: the finance context's
 * block; offers: the requests'; workflows: the workflows').
 */
export const ORDER_PROPERTY_BLOCKS = [
  'main',
  'route',
  'bills',
  'jobs',
  'files',
  'offers',
  'workflows',
] as const;
export type OrderPropertyBlock = (typeof ORDER_PROPERTY_BLOCKS)[number];
export const JOB_PROPERTY_BLOCKS = ['main', 'route', 'bills', 'stages', 'orders', 'files', 'offers'] as const;
export type JobPropertyBlock = (typeof JOB_PROPERTY_BLOCKS)[number];

export const PROPERTY_VIEW_TYPES = ['order', 'job'] as const;
export type PropertyViewType = (typeof PROPERTY_VIEW_TYPES)[number];

export const PROPERTY_VIEW_BLOCKS = {
  order: ORDER_PROPERTY_BLOCKS,
  job: JOB_PROPERTY_BLOCKS,
} as const satisfies Record<PropertyViewType, readonly string[]>;

export const PROPERTY_BLOCK_LABELS: Readonly<Record<OrderPropertyBlock | JobPropertyBlock, LocalizedText>> = {
  main: { ru: 'Основное', en: 'Main' },
  route: { ru: 'Маршрут', en: 'Route' },
  bills: { ru: 'Счета', en: 'Bills' },
  jobs: { ru: 'Работы', en: 'Jobs' },
  stages: { ru: 'Этапы', en: 'Stages' },
  orders: { ru: 'Заказы', en: 'Orders' },
  files: { ru: 'Файлы', en: 'Files' },
  offers: { ru: 'Предложения', en: 'Offers' },
  workflows: { ru: 'Рабочие процессы', en: 'Workflows' },
};

function preferenceSchema<B extends readonly [string, ...string[]]>(blocks: B) {
  return z.object({
    /** The view fills the page instead of the side panel. */
    expanded: z.boolean(),
    /** The block (tab) shown first. */
    defaultTab: z.enum(blocks),
    /** Blocks shown unfolded, each once. */
    expandedBlocks: z
      .array(z.enum(blocks))
      .max(blocks.length * 2)
      .overwrite((values) => [...new Set(values)]),
  });
}

export const orderPropertyViewSchema = preferenceSchema(ORDER_PROPERTY_BLOCKS);
export const jobPropertyViewSchema = preferenceSchema(JOB_PROPERTY_BLOCKS);
export type OrderPropertyView = z.infer<typeof orderPropertyViewSchema>;
export type JobPropertyView = z.infer<typeof jobPropertyViewSchema>;

/** The user's preferences of every type (`GET /api/tms/property-views`). */
export const propertyViewsSchema = z.object({
  order: orderPropertyViewSchema,
  job: jobPropertyViewSchema,
});
export type PropertyViews = z.infer<typeof propertyViewsSchema>;

/** The body of `PUT /api/tms/property-views/{type}`: any of the three settings of one type. */
export const propertyViewUpdateSchemas = {
  order: orderPropertyViewSchema.partial().strict(),
  job: jobPropertyViewSchema.partial().strict(),
} as const satisfies Record<PropertyViewType, z.ZodType>;

/** What a user has before choosing anything: the side panel, main first and unfolded. */
export const DEFAULT_PROPERTY_VIEWS: PropertyViews = {
  order: { expanded: false, defaultTab: 'main', expandedBlocks: ['main', 'route'] },
  job: { expanded: false, defaultTab: 'main', expandedBlocks: ['main', 'stages'] },
};

/**
 * The stored preferences read leniently: a value that no longer fits (a block since removed) falls back to
 * the default of that setting instead of failing the page.
 */
export function readPropertyViews(stored: unknown): PropertyViews {
  const source = (typeof stored === 'object' && stored !== null ? stored : {}) as Record<string, unknown>;
  const read = <T extends PropertyViewType>(type: T): PropertyViews[T] => {
    const fallback = DEFAULT_PROPERTY_VIEWS[type];
    const raw = (typeof source[type] === 'object' && source[type] !== null ? source[type] : {}) as Record<
      string,
      unknown
    >;
    const blocks = PROPERTY_VIEW_BLOCKS[type] as readonly string[];
    const expanded = typeof raw.expanded === 'boolean' ? raw.expanded : fallback.expanded;
    const defaultTab =
      typeof raw.defaultTab === 'string' && blocks.includes(raw.defaultTab)
        ? raw.defaultTab
        : fallback.defaultTab;
    const expandedBlocks = Array.isArray(raw.expandedBlocks)
      ? [
          ...new Set(
            raw.expandedBlocks.filter((b): b is string => typeof b === 'string' && blocks.includes(b)),
          ),
        ]
      : fallback.expandedBlocks;
    return { expanded, defaultTab, expandedBlocks } as PropertyViews[T];
  };
  return { order: read('order'), job: read('job') };
}
