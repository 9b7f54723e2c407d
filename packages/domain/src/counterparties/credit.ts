import { z } from 'zod';
import { decimalCompare } from '../common/decimal';
import { CREDIT_STATES } from './counterparty';

/**
 * `GET /api/counterparties/{id}/credit`: amounts as decimal strings. `available` is the limit minus the
 * exposure (negative when exceeded), null without a limit.
 */
export const counterpartyCreditSchema = z.object({
  limit: z.string().nullable(),
  threshold: z.string().nullable(),
  exposure: z.string(),
  available: z.string().nullable(),
  state: z.enum(CREDIT_STATES),
});
export type CounterpartyCredit = z.infer<typeof counterpartyCreditSchema>;

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
