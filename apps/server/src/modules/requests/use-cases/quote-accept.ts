import {
  MESSAGES,
  ordersFromRequestAllowed,
  QUOTE_MESSAGES,
  quoteAcceptSchema,
  requestResource,
} from '@tms/domain';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { recordChange } from '../../../platform/changelog/service';
import { conflict, fieldError, forbidden, notFound } from '../../../platform/errors';
import { defineUseCase, type ResourceContext } from '../../../platform/resources';
import { notifyQuoteAccepted } from '../notifications';
import { quoteRowOf } from '../quotes';
import { customerRequests, requestQuotes } from '../tables';

/**
 * The client accepts the quote sent to him, in one of its rates (docs/request-offers.md "Acceptance"), from
 * his cabinet: a request of his own counterparty (any other, or one without a sent quote, is not found),
 * in a status an order is made from (`ordersFromRequestAllowed`, the rule of "An order from a request":
 * the client agreeing is what makes the order), not accepted before, at the quote's version he saw. The
 * quote keeps when and which rate; the request's people are told, and its history shows it
 * (`quote-accepted`).
 */
export const acceptQuote = defineUseCase({
  name: 'requests.accept-quote',
  roles: [],
  cabinet: true,
  input: quoteAcceptSchema.extend({ requestId: z.number().int().positive() }),
  output: z.object({ requestId: z.number().int() }),
  async run(ctx: ResourceContext, input) {
    const { auth } = ctx;
    if (auth.kind !== 'cabinet' || !auth.roles.has('CABINET_REQUESTS')) throw forbidden();
    const [request] = await ctx.tx
      .select()
      .from(customerRequests)
      .where(
        and(eq(customerRequests.id, input.requestId), eq(customerRequests.clientId, auth.counterpartyId)),
      )
      .for('update');
    const quote = request && (await quoteRowOf(ctx.tx, request.id, true));
    if (!request || !quote?.sentAt) throw notFound();
    if (quote.version !== input.version) throw conflict();
    if (quote.acceptedAt) throw fieldError([], QUOTE_MESSAGES.alreadyAccepted);
    if (!ordersFromRequestAllowed(request.status)) {
      throw fieldError([], QUOTE_MESSAGES.notAcceptable);
    }
    const rate = quote.rates.find((r) => r.currency === input.currency);
    if (!rate) throw fieldError(['currency'], MESSAGES.choice);
    const now = ctx.clock?.() ?? new Date();
    await ctx.tx
      .update(requestQuotes)
      .set({ acceptedAt: now, acceptedRate: rate, version: quote.version + 1, updatedAt: now })
      .where(eq(requestQuotes.id, quote.id));
    await recordChange(ctx.tx, {
      entityType: requestResource.name,
      entityId: request.id,
      action: 'quote-accepted',
      auth,
      changes: { acceptedRate: { old: null, new: rate } },
    });
    await notifyQuoteAccepted(ctx, request, rate);
    return { requestId: request.id };
  },
});
