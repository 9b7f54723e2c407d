import { z } from 'zod';
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
  const owed = Number(exposure);
  if (owed >= Number(limit)) return 'EXHAUSTED';
  if (threshold !== null && owed >= Number(threshold)) return 'THRESHOLD';
  return 'WITHIN';
}
