import { PRICING_MESSAGES as M, priceCollectionResource, validitiesOverlap } from '@tms/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import { fieldError } from '../../platform/errors';
import {
  afterUpdate,
  type ResourceContext,
  type ResourceService,
  resourceService,
} from '../../platform/resources';
import { priceCollections } from './tables';

export type CollectionRow = typeof priceCollections.$inferSelect;

/** A validity ends on or after its start. */
function assertValidity({ validFrom, validTo }: { validFrom: string; validTo?: string | null }): undefined {
  if (validTo && validTo < validFrom) throw fieldError(['validTo'], M.validTo);
  return undefined;
}

/**
 * One active collection per region per date: an enabled collection whose validity shares a day with
 * another enabled collection of its region is refused under `validFrom`. One advisory lock per region
 * serialises the saves, so two at once cannot both pass.
 */
async function assertNoOverlap(ctx: ResourceContext, row: CollectionRow): Promise<void> {
  if (!row.enabled) return;
  await ctx.tx.execute(
    sql`select pg_advisory_xact_lock(hashtext('price_collections.region'), ${row.regionId})`,
  );
  const others = await ctx.tx
    .select({ validFrom: priceCollections.validFrom, validTo: priceCollections.validTo })
    .from(priceCollections)
    .where(
      and(
        eq(priceCollections.regionId, row.regionId),
        eq(priceCollections.enabled, true),
        ne(priceCollections.id, row.id),
      ),
    );
  if (others.some((other) => validitiesOverlap(other, row))) throw fieldError(['validFrom'], M.overlap);
}

/** Price collections as a resource service (docs/pricing.md "Price collections"). */
export const collectionService: ResourceService<CollectionRow> = resourceService(
  priceCollectionResource,
  priceCollections,
  {
    hooks: {
      beforeCreate: (_ctx, values) => assertValidity(values),
      beforeUpdate: (_ctx, values, existing) => assertValidity(afterUpdate(values, existing)),
      async afterWrite(ctx, event) {
        if (event.after) await assertNoOverlap(ctx, event.after);
      },
    },
  },
);
