import { z } from 'zod';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import { currencyResource } from '../reference-data/currencies';
import { PRICING_ROLES, pricingRegionResource, RATE_TABLES_PATH } from './regions';

/** Road groupage's usual rule: one cubic metre is charged as 333 kg (docs/pricing.md "Chargeable weight"). */
export const DEFAULT_VOLUMETRIC_FACTOR = 333;

/**
 * A price collection (spec §3 "regional price collection"): the rate table of one origin region, valid
 * from a day to a day (open-ended without an end). One collection per region is active on a date: enabled
 * collections of a region never overlap. Its rows come from an XLSX import only (docs/pricing.md).
 */
export const priceCollectionResource = declareResource({
  name: 'price_collection',
  path: RATE_TABLES_PATH,
  title: 'pricing.collections.title',
  itemTitle: 'pricing.collections.item',
  keys: 'pricing.collections',
  fields: {
    name: f.text().listed().searchable().sortable(),
    regionId: f.reference(pricingRegionResource).listed().filterable(),
    validFrom: f.date().listed().filterable().sortable(),
    validTo: f.date().optional().listed().filterable().sortable(),
    /** The currency of rows whose sheet has no currency column. */
    currencyId: f.reference(currencyResource, 'code').optional().listed(),
    /** Kilograms one cubic metre is charged as. */
    volumetricFactor: f.integer({ min: 1, max: 10_000 }).listed().width('short'),
    rowCount: f.integer().readOnly().listed().sortable().hiddenInForm(),
    enabled: f.enabled(),
    updatedAt: f.updatedAt().sortable(),
  },
  roles: PRICING_ROLES,
  labelField: 'name',
  defaultSort: { field: 'validFrom', order: 'desc' },
  deletable: true,
  // A collection is born from an imported file (the import dialog), never from an empty form.
  creatable: false,
  screens: { create: false, edit: true },
});
export type PriceCollection = z.infer<typeof priceCollectionResource.entity>;

/** A row of a collection: the destination region and the breaks it prices, the price and its currency. */
export const priceRowSchema = z.object({
  id: z.number().int(),
  /** The sheet's row number it came from. */
  sourceRow: z.number().int(),
  toRegionId: z.number().int(),
  toRegionName: z.string(),
  /** Up to this chargeable weight, kg (null: any weight). */
  weightBreak: z.string().nullable(),
  /** Up to this volume, m³ (null: any volume). */
  volumeBreak: z.string().nullable(),
  price: z.string(),
  currency: z.string(),
});
export type PriceRow = z.infer<typeof priceRowSchema>;
