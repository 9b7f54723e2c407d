import type { z } from 'zod';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import type { Role } from '../permissions';
import { countryResource } from '../reference-data/countries';

/** Rate tables are kept and read by the holders of the computed offers role (spec §6 "Requests"). */
export const PRICING_ROLES = {
  view: ['ROLE_REQUEST_COMPUTED_OFFERS'],
  edit: ['ROLE_REQUEST_COMPUTED_OFFERS'],
} as const satisfies { view: readonly Role[]; edit: readonly Role[] };

/** Where the rate tables live in the web and under `/api` (docs/decisions/007-rate-tables-screen.md). */
export const RATE_TABLES_PATH = '/request-offers/rate-tables';

/**
 * A computed region (spec §3 Request "computed regions"): a named group of countries. A request's route
 * resolves to the region of its first dispatch point's country (the origin, whose price collection prices
 * it) and the region of its last delivery point's country (the destination, a row of that collection).
 * A country belongs to one enabled region at most, so a route resolves one way only (docs/pricing.md).
 */
export const pricingRegionResource = declareResource({
  name: 'pricing_region',
  path: `${RATE_TABLES_PATH}/regions`,
  title: 'pricing.regions.title',
  itemTitle: 'pricing.regions.item',
  keys: 'pricing.regions',
  fields: {
    code: f.code(),
    name: f.name(),
    nameEn: f.nameEn(),
    countryIds: f.references(countryResource, 'name', { max: 300 }).listed(),
    enabled: f.enabled(),
    updatedAt: f.updatedAt(),
  },
  roles: PRICING_ROLES,
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  deletable: true,
  screens: { create: true, edit: true },
});
export type PricingRegion = z.infer<typeof pricingRegionResource.entity>;
