import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import type { Config } from '../../config';
import type { Tx } from '../../db/connection';
import { forbidden } from '../errors';
import type { AuthContext } from './context';
import { socketTickets } from './tables';
import { keyOf, type TokenClaims, tokenClaimsOf } from './tokens';

/**
 * Credentials a browser must put in a URL, where no header can go: a download opened by navigation and
 * the WebSocket handshake. Neither is the session token, so a URL that leaks (logs, history, a proxy)
 * leaks little: a signed link opens one URL for a minute; a socket ticket opens one socket, once.
 */

export const SIGNED_LINK_SECONDS = 60;
export const SOCKET_TICKET_SECONDS = 30;
const LINK_AUDIENCE = 'download';

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

/** The part of a URL a link signs: path and query without the signature, in one spelling. */
function signedPart(url: string): string {
  const parsed = new URL(url, 'http://link.invalid');
  parsed.searchParams.delete('signature');
  parsed.searchParams.sort();
  return `${parsed.pathname}?${parsed.searchParams}`;
}

/** `url` with a `signature` that lets the session's user open exactly it until a minute from `now`. */
export async function signLink(
  config: Pick<Config, 'secretKey'>,
  claims: TokenClaims,
  url: string,
  now: Date,
): Promise<string> {
  const payload: Record<string, unknown> = { sid: claims.sessionId, url: sha256(signedPart(url)) };
  if (claims.impersonatorId !== null) payload.imp = claims.impersonatorId;
  const issuedAt = Math.floor(now.getTime() / 1000);
  const signature = await new SignJWT(payload)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setAudience(LINK_AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + SIGNED_LINK_SECONDS)
    .sign(keyOf(config));
  return `${url}${url.includes('?') ? '&' : '?'}signature=${signature}`;
}

/** The session a signed link names, when the signature is ours, live at `now` and made for this `url`. */
export async function verifyLink(
  config: Pick<Config, 'secretKey'>,
  signature: string,
  url: string,
  now: Date,
): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(signature, keyOf(config), {
      algorithms: ['HS256'],
      audience: LINK_AUDIENCE,
      requiredClaims: ['sub', 'sid', 'iat', 'exp', 'url'],
      currentDate: now,
    });
    if (payload.url !== sha256(signedPart(url))) return null;
    return tokenClaimsOf(payload);
  } catch {
    return null;
  }
}

/** The session a URL credential stands for; API-key callers have none and send their key instead. */
export function claimsOfSession(auth: AuthContext): TokenClaims {
  if (!auth.sessionId) throw forbidden();
  return { userId: auth.userId, sessionId: auth.sessionId, impersonatorId: auth.impersonatorId };
}

/** A new one-time ticket for the session's WebSocket, valid for half a minute from `now`. */
export async function issueSocketTicket(tx: Tx, claims: TokenClaims, now: Date): Promise<string> {
  const ticket = randomBytes(32).toString('base64url');
  await tx.insert(socketTickets).values({
    ticketHash: sha256(ticket),
    sessionId: claims.sessionId,
    userId: claims.userId,
    impersonatorId: claims.impersonatorId,
    expiresAt: new Date(now.getTime() + SOCKET_TICKET_SECONDS * 1000),
  });
  return ticket;
}

/** Uses up a ticket: the session it names if it was live at `now`; null for anything else, or a second use. */
export async function redeemSocketTicket(tx: Tx, ticket: string, now: Date): Promise<TokenClaims | null> {
  if (ticket.length > 100) return null;
  const [row] = await tx
    .delete(socketTickets)
    .where(and(eq(socketTickets.ticketHash, sha256(ticket)), gt(socketTickets.expiresAt, now)))
    .returning();
  return row ? { userId: row.userId, sessionId: row.sessionId, impersonatorId: row.impersonatorId } : null;
}
