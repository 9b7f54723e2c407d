import { z } from 'zod';
import { decimalCompare, decimalDivide, decimalFixed, decimalMultiply } from '../common/decimal';
import { type Money, moneySchema, subtractMoney, sumMoney } from '../common/money';
import type { Role } from '../permissions';
import { amountsSchema } from './offer';

/** Stable English messages of the quote's rules (docs/request-offers.md; the web translates them). */
export const QUOTE_MESSAGES = {
  noRates: 'The quote has no selected rates.',
  notAcceptable: "The quote cannot be accepted in the request's current status.",
  alreadyAccepted: 'The quote is already accepted.',
} as const;

export const MARK_QUOTE_COMPLETE_ROLE: Role = 'ROLE_REQUEST_MARK_QUOTE_COMPLETE';
export const SEND_QUOTE_ROLE: Role = 'ROLE_REQUEST_SEND_QUOTE';

/** The body of the quote's save: the selected rates (currency → amount) and a comment for the client. */
export const quoteWriteSchema = z.object({
  rates: amountsSchema,
  comment: z.string().trim().max(4000).nullable().optional(),
  version: z.number().int().positive().optional(),
});
export type QuoteWrite = z.infer<typeof quoteWriteSchema>;

/**
 * The margin of a quote in base currency: the selected rates at today's rate (`price`) against the chosen
 * offers at the rates of their days (`cost`). Null members: nothing to compare yet.
 */
export const quoteMarginSchema = z.object({
  price: moneySchema.nullable(),
  cost: moneySchema.nullable(),
  margin: moneySchema.nullable(),
  /** The margin as a percentage of the price, one decimal. */
  percent: z.string().nullable(),
  /** Why the price could not be converted (no rates for the day), else null. */
  priceError: z.string().nullable(),
});
export type QuoteMargin = z.infer<typeof quoteMarginSchema>;

export const quoteSchema = z.object({
  requestId: z.number().int(),
  rates: z.array(moneySchema),
  comment: z.string().nullable(),
  version: z.number().int(),
  sentAt: z.string().nullable(),
  /** The last quote document sent, among the request's files. */
  fileId: z.number().int().nullable(),
  /** The client's acceptance: when, and which of the rates (null until he accepts). */
  acceptedAt: z.string().nullable(),
  acceptedRate: moneySchema.nullable(),
  margin: quoteMarginSchema,
});
export type Quote = z.infer<typeof quoteSchema>;

/**
 * The margin of docs/request-offers.md "Quote": price − cost in base currency, and its share of the price.
 * `price` null: no selected rates (or they could not be converted); `costs` the chosen offers' base amounts.
 */
export function quoteMargin(price: Money | null, costs: readonly Money[], currency: string): QuoteMargin {
  const sum = costs.length ? sumMoney(costs, currency) : null;
  const cost = sum && { amount: decimalFixed(sum.amount, 2), currency };
  if (!price || !cost) return { price, cost, margin: null, percent: null, priceError: null };
  const margin = subtractMoney(price, cost);
  const percent =
    decimalCompare(price.amount, '0') === 0
      ? null
      : decimalFixed(decimalDivide(decimalMultiply(margin.amount, '100'), price.amount, 1), 1);
  return {
    price,
    cost,
    margin: { amount: decimalFixed(margin.amount, 2), currency },
    percent,
    priceError: null,
  };
}

/** `POST /pcc/requests/{id}/quote/accept`: the client accepts the sent quote in one of its currencies. */
export const quoteAcceptSchema = z.strictObject({
  currency: z.string().trim().min(1).max(3),
  /** The quote's version he saw: a quote changed since is refused (409). */
  version: z.number().int().positive(),
});
export type QuoteAccept = z.infer<typeof quoteAcceptSchema>;
