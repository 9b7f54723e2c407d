import { PRICING_MESSAGES as M, pricingRegionResource } from '@tms/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import { conflict, ErrorCollector } from '../../platform/errors';
import {
  checkReferences,
  type ResourceContext,
  type ResourceService,
  resourceService,
} from '../../platform/resources';
import { countries } from '../reference-data';
import { priceCollectionRows, priceCollections, pricingRegions } from './tables';

export type RegionRow = typeof pricingRegions.$inferSelect;

/**
 * A country belongs to one enabled region at most (a route resolves one way): the countries of `row`
 * another enabled region holds are refused under `countryIds.<index>`. Serialised by one advisory lock, so
 * two saves at once cannot both take a country.
 */
async function assertCountriesFree(ctx: ResourceContext, row: RegionRow): Promise<void> {
  if (!row.enabled || row.countryIds.length === 0) return;
  await ctx.tx.execute(sql`select pg_advisory_xact_lock(hashtext('pricing_regions.countries'))`);
  const others = await ctx.tx
    .select({ countryIds: pricingRegions.countryIds })
    .from(pricingRegions)
    .where(
      and(
        ne(pricingRegions.id, row.id),
        eq(pricingRegions.enabled, true),
        sql`${pricingRegions.countryIds} && ${sql.param(row.countryIds)}::integer[]`,
      ),
    );
  const taken = new Set(others.flatMap((other) => other.countryIds));
  const errors = new ErrorCollector();
  row.countryIds.forEach((id, index) => {
    if (taken.has(id)) errors.add(['countryIds', index], M.countryTaken);
  });
  errors.throwIfAny();
}

/** Computed regions as a resource service (docs/pricing.md "Regions"). */
export const regionService: ResourceService<RegionRow> = resourceService(
  pricingRegionResource,
  pricingRegions,
  {
    hooks: {
      async beforeCreate(ctx, values) {
        return {
          ...values,
          countryIds: await checkReferences(ctx.tx, countries, 'countryIds', values.countryIds),
        };
      },
      async beforeUpdate(ctx, values) {
        const countryIds = await checkReferences(ctx.tx, countries, 'countryIds', values.countryIds);
        return countryIds === undefined ? values : { ...values, countryIds };
      },
      async afterWrite(ctx, event) {
        if (event.after) await assertCountriesFree(ctx, event.after);
      },
      /** A region a collection belongs to, or a row prices a destination of, stays. */
      async beforeDelete(ctx, row) {
        const [collection] = await ctx.tx
          .select({ id: priceCollections.id })
          .from(priceCollections)
          .where(eq(priceCollections.regionId, row.id))
          .limit(1);
        const [destination] = await ctx.tx
          .select({ id: priceCollectionRows.id })
          .from(priceCollectionRows)
          .where(eq(priceCollectionRows.toRegionId, row.id))
          .limit(1);
        if (collection || destination) throw conflict(M.regionInUse);
      },
    },
  },
);
