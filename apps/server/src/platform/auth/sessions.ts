import { and, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Tx } from '../../db/connection';
import { sessions } from './tables';
import { type IssuedToken, signToken } from './tokens';

export interface OpenSession {
  userId: number;
  impersonatorId?: number | null;
  parentSessionId?: string | null;
  ip: string | null;
  userAgent: string | null;
}

/** From the app's clock, so that a session ends when the token that carries it does. */
function expiryFrom(config: Pick<Config, 'tokenTtl'>, now: Date): Date {
  return new Date(now.getTime() + config.tokenTtl * 1000);
}

/** Starts a session and issues its first token; the session ends when the token would. */
export async function openSession(
  tx: Tx,
  config: Pick<Config, 'secretKey' | 'tokenTtl'>,
  session: OpenSession,
  now: Date,
): Promise<IssuedToken & { sessionId: string }> {
  const expiresAt = expiryFrom(config, now);
  const [row] = await tx
    .insert(sessions)
    .values({
      userId: session.userId,
      impersonatorId: session.impersonatorId ?? null,
      parentSessionId: session.parentSessionId ?? null,
      ip: session.ip,
      userAgent: session.userAgent?.slice(0, 500) ?? null,
      expiresAt,
    })
    .returning({ id: sessions.id });
  const token = await signToken(
    config,
    { userId: session.userId, sessionId: row!.id, impersonatorId: session.impersonatorId ?? null },
    expiresAt,
  );
  return { ...token, sessionId: row!.id };
}

/**
 * Extends a live session by one token lifetime and issues a token for it; null when the session has
 * ended (revoked or expired) meanwhile.
 */
export async function refreshSession(
  tx: Tx,
  config: Pick<Config, 'secretKey' | 'tokenTtl'>,
  sessionId: string,
  now: Date,
): Promise<IssuedToken | null> {
  const expiresAt = expiryFrom(config, now);
  const [row] = await tx
    .update(sessions)
    .set({ expiresAt })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .returning({ userId: sessions.userId, impersonatorId: sessions.impersonatorId });
  if (!row) return null;
  return signToken(config, { userId: row.userId, sessionId, impersonatorId: row.impersonatorId }, expiresAt);
}

/**
 * Ends every live session of a user, including those in which they impersonate someone, except
 * `exceptSessionId`. Used on password change and when a user is disabled; returns how many ended.
 */
export async function endSessions(tx: Tx, userId: number, exceptSessionId?: string | null): Promise<number> {
  const ended = await tx
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        or(eq(sessions.userId, userId), eq(sessions.impersonatorId, userId)),
        isNull(sessions.revokedAt),
        exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return ended.length;
}

/**
 * Signing out: ends the session, the impersonations started from it, and (when it is an impersonation)
 * the real user's session it was started from — a person who signs out is signed out entirely.
 */
export async function signOutSession(tx: Tx, sessionId: string): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        isNull(sessions.revokedAt),
        or(
          eq(sessions.id, sessionId),
          eq(sessions.parentSessionId, sessionId),
          sql`${sessions.id} = (SELECT s.parent_session_id FROM sessions s WHERE s.id = ${sessionId})`,
        ),
      ),
    );
}

/** Ends one session only (leaving an impersonation returns to the parent session). */
export async function revokeSession(tx: Tx, sessionId: string): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}
