import { type Money, QUOTE_MESSAGES, type Quote, quoteMargin, type ValidationTree } from '@tms/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import { fieldError, ValidationError } from '../../platform/errors';
import { baseAmountOf } from './offer-rates';
import { chosenOffers } from './offers';
import { requestQuotes } from './tables';

export type QuoteRow = typeof requestQuotes.$inferSelect;

/** The stored quote of a request, or null while nobody saved one. */
export async function quoteRowOf(tx: Tx, requestId: number, lock = false): Promise<QuoteRow | null> {
  const query = tx.select().from(requestQuotes).where(eq(requestQuotes.requestId, requestId));
  const [row] = await (lock ? query.for('update') : query);
  return row ?? null;
}

const firstMessage = (tree: ValidationTree): string | undefined =>
  tree.errors[0] ?? Object.values(tree.children).map(firstMessage).find(Boolean);

/** A refusal's message, if it is a validation refusal (e.g. no rates for the day); else it is thrown. */
function refusalMessage(error: unknown): string {
  if (error instanceof ValidationError && error.tree) return firstMessage(error.tree) ?? error.message;
  throw error;
}

/**
 * The quote of a request as answered (docs/request-offers.md "Quote"): the selected rates and, against
 * the chosen offers, the margin in base currency: the rates at today's rate against the offers at theirs.
 */
export async function quoteOf(tx: Tx, requestId: number, today: string): Promise<Quote> {
  const row = await quoteRowOf(tx, requestId);
  const rates = row?.rates ?? [];
  const chosen = await chosenOffers(tx, requestId);
  const costs: Money[] = chosen
    .filter((offer) => offer.amountInBaseCurrency !== null && offer.baseCurrency !== null)
    .map((offer) => ({ amount: offer.amountInBaseCurrency!, currency: offer.baseCurrency! }));
  let price: Money | null = null;
  let priceError: string | null = null;
  if (rates.length) {
    try {
      const base = await baseAmountOf(tx, rates, today, 'rates');
      price = base.amount && base.currency ? { amount: base.amount, currency: base.currency } : null;
    } catch (error) {
      priceError = refusalMessage(error);
    }
  }
  const currency = price?.currency ?? costs[0]?.currency ?? 'RUB';
  return {
    requestId,
    rates,
    comment: row?.comment ?? null,
    version: row?.version ?? 0,
    sentAt: row?.sentAt?.toISOString() ?? null,
    fileId: row?.fileId ?? null,
    acceptedAt: row?.acceptedAt?.toISOString() ?? null,
    acceptedRate: row?.acceptedRate ?? null,
    margin: { ...quoteMargin(price, costs, currency), priceError },
  };
}

/** "The quote has no selected rates." (400 under `rates`) before completing or sending it. */
export function assertHasRates(row: QuoteRow | null): asserts row is QuoteRow {
  if (!row?.rates.length) throw fieldError(['rates'], QUOTE_MESSAGES.noRates);
}
