import {
  addDays,
  ERROR_MESSAGES,
  MESSAGES,
  type Money,
  OFFER_MESSAGES,
  OFFER_ROLES,
  type OfferWrite,
  offerWriteSchema,
  RESOURCE_MESSAGES,
  requestOfferResource,
  requestOfferSchema,
  validityIssue,
} from '@tms/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { actingUserId, type CabinetPrincipal } from '../../../platform/auth/context';
import { diff, recordChange } from '../../../platform/changelog/service';
import { ErrorCollector, fieldError, forbidden, notFound } from '../../../platform/errors';
import { defineUseCase, userOf } from '../../../platform/resources';
import { getOptions } from '../../options';
import { currencies } from '../../reference-data';
import { notifyOfferPriced } from '../notifications';
import { baseAmountOf } from '../offer-rates';
import {
  contractorName,
  type OfferContext,
  type OfferRow,
  offerService,
  statusOf,
  todayOf,
  writableRequest,
} from '../offers';
import { customerRequests, requestOffers, requestOfferTypes } from '../tables';

/** The cabinet writing (a contractor answering the offer asked of it), or null for a user. */
const cabinetOf = (ctx: OfferContext): CabinetPrincipal | null =>
  ctx.auth.kind === 'cabinet' ? ctx.auth : null;

/** The currencies of `amounts` that are not known and enabled, as refusals under `amounts.<i>.currency`. */
async function checkCurrencies(ctx: OfferContext, amounts: readonly Money[], errors: ErrorCollector) {
  if (!amounts.length) return;
  const codes = amounts.map((m) => m.currency);
  const known = await ctx.tx
    .select({ code: currencies.code })
    .from(currencies)
    .where(and(inArray(currencies.code, codes), eq(currencies.enabled, true)));
  const enabled = new Set(known.map((c) => c.code));
  amounts.forEach((m, index) => {
    if (!enabled.has(m.currency)) errors.add(['amounts', index, 'currency'], OFFER_MESSAGES.unknownCurrency);
  });
}

async function checkOfferType(ctx: OfferContext, id: number, errors: ErrorCollector) {
  const [type] = await ctx.tx
    .select({ enabled: requestOfferTypes.enabled })
    .from(requestOfferTypes)
    .where(eq(requestOfferTypes.id, id));
  if (!type?.enabled) errors.add(['offerTypeId'], MESSAGES.invalid);
}

/**
 * The offer the principal may change: a user's within the requests they may edit; a cabinet's only one
 * asked from its counterparty. Locked for the transaction; 404 otherwise.
 */
async function existingOffer(ctx: OfferContext, input: OfferWrite): Promise<OfferRow> {
  const cabinet = cabinetOf(ctx);
  const where = cabinet
    ? and(
        eq(requestOffers.requestId, input.requestId),
        eq(requestOffers.contractorId, cabinet.counterpartyId),
      )
    : eq(requestOffers.requestId, input.requestId);
  return offerService.find(ctx, input.id!, { where, lock: true });
}

/**
 * The one write of an offer (docs/request-offers.md), for the request page and later the contractor's
 * cabinet: a new offer (users only) or a change of one. The request must be editable by the principal;
 * the contractor a contractor; the validity within the year of the rule; the amounts in known currencies,
 * converted to base currency at the rates of today (a day without rates is refused). A disabled offer is
 * not changed. Logged as create / update of the offer.
 */
export const writeOffer = defineUseCase({
  name: 'requests.write-offer',
  roles: OFFER_ROLES.edit,
  cabinet: 'contractor',
  input: offerWriteSchema,
  output: requestOfferSchema,
  async run(ctx: OfferContext, input) {
    const today = todayOf(ctx);
    const cabinet = cabinetOf(ctx);
    if (cabinet) {
      if (input.id === undefined) throw notFound();
    } else {
      await writableRequest({ ...ctx, auth: userOf(ctx) }, input.requestId);
    }
    const existing = input.id === undefined ? null : await existingOffer(ctx, input);
    if (existing && input.version === undefined)
      throw fieldError(['version'], RESOURCE_MESSAGES.versionRequired);
    if (existing?.disabled) throw fieldError([], OFFER_MESSAGES.disabled);
    if (
      cabinet &&
      (input.offerTypeId !== existing!.offerTypeId || input.contractorId !== existing!.contractorId)
    ) {
      // A cabinet answers the offer asked of it; what was asked stays as it is.
      throw forbidden(ERROR_MESSAGES.fieldEditAccessDenied);
    }

    const errors = new ErrorCollector();
    if (!existing || existing.offerTypeId !== input.offerTypeId) {
      await checkOfferType(ctx, input.offerTypeId, errors);
    }
    const name =
      !existing || existing.contractorId !== input.contractorId
        ? await errors.collect(() => contractorName(ctx.tx, input.contractorId, ['contractorId']))
        : existing.contractorName;
    const validUntil =
      input.validUntil ??
      existing?.validUntil ??
      addDays(today, (await getOptions(ctx.tx)).defaultOfferValidityDays);
    const validity = validityIssue(validUntil, today, existing?.validUntil ?? null);
    if (validity) errors.add(['validUntil'], validity);
    await checkCurrencies(ctx, input.amounts, errors);
    errors.throwIfAny();

    const amountsChanged = !existing || JSON.stringify(existing.amounts) !== JSON.stringify(input.amounts);
    const base = amountsChanged
      ? await baseAmountOf(ctx.tx, input.amounts, today)
      : {
          amount: existing.amountInBaseCurrency,
          currency: existing.baseCurrency,
          rateDate: existing.rateDate,
        };
    const values = {
      offerTypeId: input.offerTypeId,
      contractorId: input.contractorId,
      contractorName: name!,
      amounts: input.amounts,
      amountInBaseCurrency: base.amount,
      baseCurrency: base.currency,
      rateDate: base.rateDate,
      validUntil,
      selected: input.selected ?? existing?.selected ?? false,
      comment: input.comment === undefined ? (existing?.comment ?? null) : input.comment || null,
      disabled: false,
    };
    const set = { ...values, status: statusOf(values) };
    // The first price of an offer is news to the request's people; a changed price is its own type.
    const priced = async () => {
      if (!input.amounts.length || !amountsChanged) return;
      const [request] = await ctx.tx
        .select()
        .from(customerRequests)
        .where(eq(customerRequests.id, input.requestId));
      await notifyOfferPriced(ctx, request!, set, !existing?.amounts.length);
    };

    if (existing) {
      const after = await offerService.write(ctx, existing, set, {
        action: 'update',
        version: input.version,
      });
      await priced();
      return (await offerService.toEntity(after, ctx)) as never;
    }
    const [row] = await ctx.tx
      .insert(requestOffers)
      .values({ ...set, requestId: input.requestId, createdById: actingUserId(ctx.auth) })
      .returning();
    const entity = await offerService.toEntity(row!, ctx);
    await recordChange(ctx.tx, {
      entityType: requestOfferResource.name,
      entityId: row!.id,
      action: 'create',
      auth: ctx.auth,
      changes: diff(null, entity),
    });
    await priced();
    return entity as never;
  },
});
