import {
  type ComputedPrice,
  type CustomerRequest,
  chargeableMeasures,
  computedPriceSchema,
  decimalNormalize,
  PRICING_MESSAGES as M,
  pickPriceRow,
  recordIdSchema,
  validOn,
} from '@tms/domain';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { calendarDay } from '../../../platform/calendar';
import { type Clock, systemClock } from '../../../platform/clock';
import { fieldError, HttpError, notFound } from '../../../platform/errors';
import { defineUseCase, type ResourceContext, userOf } from '../../../platform/resources';
import { currencies } from '../../reference-data';
import { requestService } from '../../requests';
import { priceCollectionRows, priceCollections, pricingRegions } from '../tables';

/** The enabled region holding `countryId` (a country is in one at most), or null. */
async function regionOf(ctx: ResourceContext, countryId: number | null | undefined) {
  if (!countryId) return null;
  const [region] = await ctx.tx
    .select({ id: pricingRegions.id, name: pricingRegions.name })
    .from(pricingRegions)
    .where(
      and(
        eq(pricingRegions.enabled, true),
        sql`${pricingRegions.countryIds} @> array[${countryId}]::integer[]`,
      ),
    )
    .limit(1);
  return region ?? null;
}

/**
 * The price of a customer request from the rate tables (docs/pricing.md "Computing a price"): the route
 * resolves to an origin and a destination region, the origin's collection active on the request's
 * dispatch date (today without one) prices the cargo's chargeable weight and volume to the destination.
 * Refusals, 400 at the root: "the price cannot be calculated from these parameters" (a route end without a
 * region, a cargo without weight or volume), "Region without active price collection", "no price for
 * provided Coll". The request must be in the user's read scope (404 outside it). Nothing is written.
 */
export async function computeRequestPrice(
  ctx: ResourceContext,
  requestId: number,
  clock: Clock = systemClock,
): Promise<ComputedPrice> {
  // One who may compute prices but read no requests is told what one outside the scope is.
  const row = await requestService.find(ctx, requestId, { access: 'read' }).catch((error: unknown) => {
    throw error instanceof HttpError && error.statusCode === 403 ? notFound() : error;
  });
  const request = (await requestService.toEntity(row, ctx)) as CustomerRequest;
  const origin = await regionOf(ctx, request.route.find((p) => p.kind === 'dispatch')?.countryId);
  const destination = await regionOf(ctx, request.route.findLast((p) => p.kind === 'delivery')?.countryId);
  if (!origin || !destination) throw fieldError([], M.cannotCalculate);
  const date = request.dispatchDate ?? calendarDay(clock());
  const candidates = await ctx.tx
    .select()
    .from(priceCollections)
    .where(and(eq(priceCollections.regionId, origin.id), eq(priceCollections.enabled, true)));
  const collection = candidates.find((candidate) => validOn(candidate, date));
  if (!collection) throw fieldError([], M.noActiveCollection);
  const measures = chargeableMeasures(request.cargo, collection.volumetricFactor);
  if (!measures) throw fieldError([], M.cannotCalculate);
  const rows = await ctx.tx
    .select({
      toRegionId: priceCollectionRows.toRegionId,
      weightBreak: priceCollectionRows.weightBreak,
      volumeBreak: priceCollectionRows.volumeBreak,
      price: priceCollectionRows.price,
      sourceRow: priceCollectionRows.sourceRow,
      currency: currencies.code,
    })
    .from(priceCollectionRows)
    .innerJoin(currencies, eq(currencies.id, priceCollectionRows.currencyId))
    .where(
      and(
        eq(priceCollectionRows.collectionId, collection.id),
        eq(priceCollectionRows.toRegionId, destination.id),
      ),
    );
  const picked = pickPriceRow(rows, destination.id, measures);
  if (!picked) throw fieldError([], M.noPrice);
  return {
    requestId: request.id,
    date,
    collectionId: collection.id,
    collectionName: collection.name,
    regionId: origin.id,
    regionName: origin.name,
    toRegionId: destination.id,
    toRegionName: destination.name,
    actualWeight: measures.actualWeight,
    volume: measures.volume,
    volumetricFactor: collection.volumetricFactor,
    chargeableWeight: measures.chargeableWeight,
    weightBreak: picked.weightBreak === null ? null : decimalNormalize(picked.weightBreak),
    volumeBreak: picked.volumeBreak === null ? null : decimalNormalize(picked.volumeBreak),
    sourceRow: picked.sourceRow,
    price: { amount: picked.price, currency: picked.currency },
  };
}

/** `computeRequestPrice` as a use case, for a route; `clock` is the app's. */
export const computeRequestPriceUseCase = defineUseCase({
  name: 'pricing.compute-request-price',
  roles: ['ROLE_REQUEST_COMPUTED_OFFERS'],
  input: z.object({ requestId: recordIdSchema }),
  output: computedPriceSchema,
  run: (ctx: ResourceContext & { clock?: Clock }, input) =>
    computeRequestPrice({ ...ctx, auth: userOf(ctx) }, input.requestId, ctx.clock),
});
