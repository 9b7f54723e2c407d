import { createHmac, timingSafeEqual } from 'node:crypto';
import { type JWTPayload, SignJWT } from 'jose';
import type { Config } from '../../config';

/** What a token names; everything else about the caller is read from the database on each request. */
export interface TokenClaims {
  userId: number;
  sessionId: string;
  /** The real user while impersonating. */
  impersonatorId: number | null;
}

export interface IssuedToken {
  token: string;
  /** Unix seconds. */
  tokenExpire: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const keys = new Map<string, Uint8Array>();

export function keyOf(config: Pick<Config, 'secretKey'>): Uint8Array {
  let key = keys.get(config.secretKey);
  if (!key) {
    key = new TextEncoder().encode(config.secretKey);
    keys.set(config.secretKey, key);
  }
  return key;
}

export async function signToken(
  config: Pick<Config, 'secretKey'>,
  claims: TokenClaims,
  expiresAt: Date,
): Promise<IssuedToken> {
  const tokenExpire = Math.floor(expiresAt.getTime() / 1000);
  const payload: Record<string, unknown> = { sid: claims.sessionId };
  if (claims.impersonatorId !== null) payload.imp = claims.impersonatorId;
  const token = await new SignJWT(payload)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuedAt()
    .setExpirationTime(tokenExpire)
    .sign(keyOf(config));
  return { token, tokenExpire };
}

/** A user id as `sub` (a string, as JWT wants) or `imp` (a number). */
function positiveInt(value: unknown): number | null {
  const n = typeof value === 'string' && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
}

/** The session a verified token (or signed link) names; null when its claims are malformed. */
export function tokenClaimsOf(payload: JWTPayload): TokenClaims | null {
  const userId = positiveInt(payload.sub);
  const sessionId = typeof payload.sid === 'string' && UUID.test(payload.sid) ? payload.sid : null;
  const impersonatorId = payload.imp === undefined ? null : positiveInt(payload.imp);
  if (userId === null || sessionId === null) return null;
  if (payload.imp !== undefined && impersonatorId === null) return null;
  return { userId, sessionId, impersonatorId };
}

/** `{"alg":"HS256","typ":"JWT"}` and `{"alg":"HS256"}` as signed: any other header is refused. */
const HS256_HEADERS = new Set(['{"alg":"HS256","typ":"JWT"}', '{"alg":"HS256"}']);

function jsonOf(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

/** What a token signed with our key says, before the clock is asked: its claims and times. */
interface SignedToken {
  claims: TokenClaims;
  exp: number;
  nbf: number | undefined;
}

/**
 * A token signed with our key by HS256 whose claims are well formed, else null (including `alg: none`): the
 * exact header, the HMAC compared in constant time, then the claims. A signed download link is no session
 * token (it carries an audience; session tokens never do).
 */
function signedToken(config: Pick<Config, 'secretKey'>, token: string): SignedToken | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, body, signature] = parts as [string, string, string];
  const decodedHeader = jsonOf(header);
  if (!decodedHeader || !HS256_HEADERS.has(JSON.stringify(decodedHeader))) return null;
  const expected = createHmac('sha256', keyOf(config)).update(`${header}.${body}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const payload = jsonOf(body) as JWTPayload | undefined;
  if (!payload || typeof payload !== 'object') return null;
  const { iat, exp, nbf } = payload;
  if (typeof iat !== 'number' || typeof exp !== 'number') return null;
  if (payload.aud !== undefined) return null;
  const claims = tokenClaimsOf(payload);
  return claims && { claims, exp, nbf: typeof nbf === 'number' ? nbf : undefined };
}

const live = (signed: SignedToken, now: Date): boolean => {
  const seconds = now.getTime() / 1000;
  return signed.exp > seconds && (signed.nbf === undefined || signed.nbf <= seconds);
};

/**
 * The claims of a token signed with our key by HS256 and not expired (unless `allowExpired`, used to
 * revoke the session of an old token at logout); null for anything else (see `signedToken`). Checked with
 * `node:crypto` (a tenth of WebCrypto's cost).
 */
export async function verifyToken(
  config: Pick<Config, 'secretKey'>,
  token: string,
  now: Date,
  { allowExpired = false } = {},
): Promise<TokenClaims | null> {
  const signed = signedToken(config, token);
  return signed && (allowExpired || live(signed, now)) ? signed.claims : null;
}

/**
 * `verifyToken` for the requests of one app: the tokens that passed the signature check are kept (at most
 * `maxEntries`, the oldest going first), so a signed-in user's next requests only look theirs up and check
 * its times against the clock. Whether a token is signed by our key never changes; a forged or malformed
 * one is checked again every time and never kept.
 */
export function tokenVerifier(
  config: Pick<Config, 'secretKey'>,
  maxEntries = 10_000,
): (token: string, now: Date) => TokenClaims | null {
  const signed = new Map<string, SignedToken>();
  return (token, now) => {
    let known = signed.get(token);
    if (!known) {
      const checked = signedToken(config, token);
      if (!checked) return null;
      if (signed.size >= maxEntries) signed.delete(signed.keys().next().value!);
      signed.set(token, checked);
      known = checked;
    }
    return live(known, now) ? known.claims : null;
  };
}
