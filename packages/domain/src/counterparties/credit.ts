import { z } from 'zod';
import { decimalCompare } from '../common/decimal';
import { CREDIT_STATES } from './counterparty';

/**
 * `GET /api/counterparties/{id}/credit`: amounts as decimal strings in the base currency. `available` is
 * the limit minus the exposure (negative when exceeded), null without a limit. `sources` splits the
 * exposure by the module that gives it (`bills`: unpaid income bills, the receivable; `orders`: the open
 * orders' planned income not yet billed); their sum is `exposure`. `advances` is what the counterparty paid
 * us that no bill took yet (unlinked incoming payments); `balance` is, for a prepayment client (a limit of
 * 0), its advances less its exposure (what it may still order), else null.
 */
export const counterpartyCreditSchema = z.object({
  limit: z.string().nullable(),
  threshold: z.string().nullable(),
  exposure: z.string(),
  available: z.string().nullable(),
  state: z.enum(CREDIT_STATES),
  sources: z.record(z.string(), z.string()),
  advances: z.string(),
  balance: z.string().nullable(),
});
export type CounterpartyCredit = z.infer<typeof counterpartyCreditSchema>;

/** A limit of 0: the client works on prepayment, its orders are covered by its advances (docs/finance.md). */
export function isPrepayment(limit: string | null): boolean {
  return limit !== null && decimalCompare(limit, '0') === 0;
}

/** The state of an exposure against a limit and its warning threshold (amounts as decimal strings). */
export function creditStateOf(
  limit: string | null,
  threshold: string | null,
  exposure: string,
): (typeof CREDIT_STATES)[number] {
  if (limit === null) return 'NO_LIMIT';
  if (decimalCompare(exposure, limit) >= 0) return 'EXHAUSTED';
  if (threshold !== null && decimalCompare(exposure, threshold) >= 0) return 'THRESHOLD';
  return 'WITHIN';
}
