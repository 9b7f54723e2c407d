import { Readable } from 'node:stream';
import {
  type CustomerRequest,
  OFFER_MESSAGES,
  OFFER_ROLES,
  type Quote,
  quoteSchema,
  quoteWriteSchema,
  requestResource,
  routeEnds,
} from '@tms/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { recordChange } from '../../../platform/changelog/service';
import { conflict, ErrorCollector } from '../../../platform/errors';
import { attachFiles, storeUpload } from '../../../platform/files/service';
import type { FileStorage } from '../../../platform/files/storage';
import { defineUseCase, userOf } from '../../../platform/resources';
import { currencies } from '../../reference-data';
import { type OfferContext, todayOf, writableRequest } from '../offers';
import { renderQuoteDocument } from '../quote-document';
import { assertHasRates, quoteOf, quoteRowOf } from '../quotes';
import { REQUEST_FILE_OWNER, requestService } from '../requests';
import { requestQuotes } from '../tables';
import { changeRequestStatus } from './change-status';

/**
 * Saves a request's quote (docs/request-offers.md "Quote"): the selected rates (currency → amount, each
 * currency once, known and enabled) and the comment to the client, on a request the user may edit. The
 * first save makes the quote; later ones name the version they are based on. Logged on the request as
 * `quote`.
 */
export const saveQuote = defineUseCase({
  name: 'requests.save-quote',
  roles: OFFER_ROLES.edit,
  input: quoteWriteSchema.extend({ requestId: z.number().int().positive() }),
  output: quoteSchema,
  async run(ctx: OfferContext, input): Promise<Quote> {
    const auth = userOf(ctx);
    await writableRequest({ ...ctx, auth }, input.requestId);
    const before = await quoteRowOf(ctx.tx, input.requestId, true);
    if (before && before.version !== input.version) throw conflict();
    const errors = new ErrorCollector();
    if (input.rates.length) {
      const known = await ctx.tx
        .select({ code: currencies.code })
        .from(currencies)
        .where(
          and(
            inArray(
              currencies.code,
              input.rates.map((rate) => rate.currency),
            ),
            eq(currencies.enabled, true),
          ),
        );
      const enabled = new Set(known.map((c) => c.code));
      input.rates.forEach((rate, index) => {
        if (!enabled.has(rate.currency))
          errors.add(['rates', index, 'currency'], OFFER_MESSAGES.unknownCurrency);
      });
    }
    errors.throwIfAny();
    // New rates are a new quote: the client's acceptance of the old ones no longer holds.
    const ratesChanged = JSON.stringify(before?.rates ?? []) !== JSON.stringify(input.rates);
    const values = {
      rates: input.rates,
      comment: input.comment || null,
      ...(ratesChanged ? { acceptedAt: null, acceptedRate: null } : {}),
    };
    if (before) {
      await ctx.tx
        .update(requestQuotes)
        .set({ ...values, version: before.version + 1, updatedAt: new Date() })
        .where(eq(requestQuotes.id, before.id));
    } else {
      await ctx.tx.insert(requestQuotes).values({ ...values, requestId: input.requestId });
    }
    await recordChange(ctx.tx, {
      entityType: requestResource.name,
      entityId: input.requestId,
      action: 'quote',
      auth,
      changes: {
        rates: { old: before?.rates ?? [], new: input.rates },
        ...(values.comment !== (before?.comment ?? null)
          ? { quoteComment: { old: before?.comment ?? null, new: values.comment } }
          : {}),
      },
    });
    return quoteOf(ctx.tx, input.requestId, todayOf(ctx));
  },
});

/**
 * "Mark quote complete" (ROLE_REQUEST_MARK_QUOTE_COMPLETE, the route's): a quote with selected rates
 * moves its request to QUOTE_COMPLETED by the transitions of docs/requests.md (from QUOTE_NOT_COMPLETED or
 * INFO_PROVIDED; any other status is refused as a manual change).
 */
export const completeQuote = defineUseCase({
  name: 'requests.complete-quote',
  roles: ['ROLE_REQUEST_MARK_QUOTE_COMPLETE'],
  input: z.object({
    requestId: z.number().int().positive(),
    version: z.number().int().positive(),
    /** The moment of the change: the app's clock. */
    at: z.date(),
  }),
  output: requestResource.entity,
  async run(ctx: OfferContext, input) {
    const auth = userOf(ctx);
    await requestService.find({ ...ctx, auth }, input.requestId, { access: 'read' });
    return changeRequestStatus.run(
      { ...ctx, auth },
      { id: input.requestId, status: 'QUOTE_COMPLETED', version: input.version, at: input.at },
    );
  },
});

/** The context of sending a quote: where the document is stored. */
export interface SendQuoteContext extends OfferContext {
  storage: FileStorage;
}

/**
 * "Send quote" (ROLE_REQUEST_SEND_QUOTE, the route's): the quote document of a request the user reads
 * (not locked by its status), of the quote version the user saw, with selected rates, rendered by `renderQuoteDocument` and attached to the request's files; the quote
 * keeps when and by whom it was sent and the file. Logged on the request as `quote-sent`.
 */
export const sendQuote = defineUseCase({
  name: 'requests.send-quote',
  roles: ['ROLE_REQUEST_SEND_QUOTE'],
  input: z.object({ requestId: z.number().int().positive(), version: z.number().int().positive() }),
  output: quoteSchema,
  async run(ctx: SendQuoteContext, input): Promise<Quote> {
    const auth = userOf(ctx);
    const row = await writableRequest({ ...ctx, auth }, input.requestId, 'read');
    const quote = await quoteRowOf(ctx.tx, input.requestId, true);
    assertHasRates(quote);
    if (quote.version !== input.version) throw conflict();
    const request = (await requestService.toEntity(row, ctx)) as CustomerRequest;
    const today = todayOf(ctx);
    const document = renderQuoteDocument({
      number: String(request.number).padStart(6, '0'),
      date: today,
      clientName: request.clientName,
      route: routeEnds(request.route).title,
      cargo: request.cargo.description ?? '',
      rates: quote.rates,
      comment: quote.comment,
    });
    const file = await storeUpload(
      ctx.tx,
      ctx.storage,
      { filename: document.fileName, mimetype: document.mimeType, file: Readable.from(document.content) },
      auth.userId,
    );
    await attachFiles(ctx.tx, auth, [file.id], { type: REQUEST_FILE_OWNER, id: input.requestId }, ['file']);
    await ctx.tx
      .update(requestQuotes)
      .set({ sentAt: ctx.clock(), sentById: auth.userId, fileId: file.id, version: quote.version + 1 })
      .where(eq(requestQuotes.id, quote.id));
    await recordChange(ctx.tx, {
      entityType: requestResource.name,
      entityId: input.requestId,
      action: 'quote-sent',
      auth,
      changes: { quoteFile: { old: quote.fileId, new: file.id } },
    });
    return quoteOf(ctx.tx, input.requestId, today);
  },
});
