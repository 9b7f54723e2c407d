import { computedOfferSchema, requestOfferSchema } from '@tms/domain';
import { z } from 'zod';
import { defineUseCase, userOf } from '../../../platform/resources';
import { type OfferContext, writeOffer } from '../../requests';
import { computeRequestPrice } from './compute-price';

/**
 * "Create an offer from the computed price" (docs/pricing.md): the request's price is computed again
 * (the refusals of `computeRequestPrice`; the browser's figure is never trusted) and becomes the amount of
 * a new offer of the type and contractor the user chose, written through the offers' one write
 * (`requests.write-offer`: the request's edit scope, its lock, the validity and the base currency rules).
 */
export const offerFromComputedPrice = defineUseCase({
  name: 'pricing.offer-from-computed-price',
  roles: ['ROLE_REQUEST_COMPUTED_OFFERS'],
  input: computedOfferSchema.extend({ requestId: z.number().int().positive() }),
  output: requestOfferSchema,
  async run(ctx: OfferContext, input) {
    const auth = userOf(ctx);
    const computed = await computeRequestPrice({ ...ctx, auth }, input.requestId, ctx.clock);
    return writeOffer.run(ctx, {
      requestId: input.requestId,
      offerTypeId: input.offerTypeId,
      contractorId: input.contractorId,
      validUntil: input.validUntil,
      selected: input.selected,
      comment: input.comment,
      amounts: [computed.price],
    });
  },
});
