import { offerDisableSchema, requestOfferSchema } from '@tms/domain';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { defineUseCase, userOf } from '../../../platform/resources';
import { type OfferContext, offerService, statusOf, writableRequest } from '../offers';
import { requestOffers } from '../tables';

export const disableOfferInput = offerDisableSchema.extend({
  id: z.number().int().positive(),
  requestId: z.number().int().positive(),
});

/**
 * Disables an offer (or enables it again): ROLE_REQUEST_OFFERS_DISABLE, the route's, on an offer of a
 * request the user reads and that its status does not lock. A disabled offer is out of the quote (no
 * longer chosen) and is not changed any more. The same state again changes nothing. Logged as `disable` / `enable`.
 */
export const disableOffer = defineUseCase({
  name: 'requests.disable-offer',
  roles: ['ROLE_REQUEST_OFFERS_DISABLE'],
  input: disableOfferInput,
  output: requestOfferSchema,
  async run(ctx: OfferContext, input) {
    const auth = userOf(ctx);
    await writableRequest({ ...ctx, auth }, input.requestId, 'read');
    const before = await offerService.find(ctx, input.id, {
      where: eq(requestOffers.requestId, input.requestId),
      lock: true,
    });
    if (before.disabled === input.disabled) return (await offerService.toEntity(before, ctx)) as never;
    const facts = { disabled: input.disabled, amounts: before.amounts };
    const after = await offerService.write(
      ctx,
      before,
      {
        disabled: input.disabled,
        status: statusOf(facts),
        selected: input.disabled ? false : before.selected,
      },
      { action: input.disabled ? 'disable' : 'enable', version: input.version },
    );
    return (await offerService.toEntity(after, ctx)) as never;
  },
});
