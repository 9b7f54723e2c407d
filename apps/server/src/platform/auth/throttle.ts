import { and, count, eq, gt, max, not, sql } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import { HttpError } from '../errors';
import { loginAttempts } from './tables';

/**
 * Sign-in throttling (docs/decisions/002). Failures are counted per account AND address, so a stranger
 * guessing from elsewhere never slows the owner down: after `freeFailures` failures of one account from one
 * address (since its last success from there), each further attempt from that address waits a delay that
 * doubles with every failure, up to `maxDelaySeconds`. An address failing on many accounts (spraying) waits
 * the window out.
 */
export const LOGIN_THROTTLE = {
  freeFailures: 5,
  firstDelaySeconds: 1,
  maxDelaySeconds: 15 * 60,
  /** Failures older than this are forgotten (the housekeeping job deletes attempts older than a day). */
  memoryHours: 24,
  perAddress: 100,
  addressWindowMinutes: 15,
} as const;

/** The delay after `failures` failures of one account from one address, in seconds (0: none). */
export function loginDelaySeconds(failures: number): number {
  const over = failures - LOGIN_THROTTLE.freeFailures;
  if (over < 0) return 0;
  return Math.min(LOGIN_THROTTLE.firstDelaySeconds * 2 ** over, LOGIN_THROTTLE.maxDelaySeconds);
}

/** Seconds the caller must wait before trying `account` from `ip` again; 0 when it may try now. */
export async function loginRetryAfter(tx: Tx, account: string, ip: string, now: Date): Promise<number> {
  const memory = new Date(now.getTime() - LOGIN_THROTTLE.memoryHours * 3_600_000);
  const pair = and(
    eq(loginAttempts.username, account),
    eq(loginAttempts.ip, ip),
    gt(loginAttempts.createdAt, memory),
  );
  const lastSuccess = tx
    .select({ at: max(loginAttempts.createdAt) })
    .from(loginAttempts)
    .where(and(pair, loginAttempts.success));
  const [own] = await tx
    .select({ failures: count(), last: max(loginAttempts.createdAt) })
    .from(loginAttempts)
    .where(
      and(
        pair,
        not(loginAttempts.success),
        sql`${loginAttempts.createdAt} > coalesce((${lastSuccess}), '-infinity'::timestamptz)`,
      ),
    );
  const addressSince = new Date(now.getTime() - LOGIN_THROTTLE.addressWindowMinutes * 60_000);
  const [address] = await tx
    .select({ failures: count() })
    .from(loginAttempts)
    .where(
      and(eq(loginAttempts.ip, ip), not(loginAttempts.success), gt(loginAttempts.createdAt, addressSince)),
    );
  if ((address?.failures ?? 0) >= LOGIN_THROTTLE.perAddress) return LOGIN_THROTTLE.addressWindowMinutes * 60;

  const delay = loginDelaySeconds(own?.failures ?? 0);
  if (delay === 0 || !own?.last) return 0;
  const waitMs = new Date(own.last).getTime() + delay * 1000 - now.getTime();
  return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
}

/**
 * The gate in front of every check of a user's password, the sign-in and the current password of the own
 * change alike (they share the failures: one secret, one count): while `account` from `ip` must wait, a 429
 * with `Retry-After` and `message`, before any password is looked at, so even the right one waits.
 */
export async function assertMayTryPassword(
  tx: Tx,
  attempt: { account: string; ip: string },
  now: Date,
  message: string,
): Promise<void> {
  const retryAfter = await loginRetryAfter(tx, attempt.account, attempt.ip, now);
  // Refused attempts are not recorded, so hammering does not prolong the wait.
  if (retryAfter > 0) throw new HttpError(429, message, undefined, { 'retry-after': String(retryAfter) });
}

/** Records one sign-in attempt at `now`. */
export async function recordLoginAttempt(
  tx: Tx,
  attempt: { account: string; ip: string; success: boolean },
  now: Date,
): Promise<void> {
  await tx
    .insert(loginAttempts)
    .values({ username: attempt.account, ip: attempt.ip, success: attempt.success, createdAt: now });
}
