import {
  CABINET_COUNTERPARTY_TYPE,
  CABINET_KEY_ROLES,
  CABINET_MESSAGES,
  type CabinetKind,
  ERROR_MESSAGES,
} from '@tms/domain';
import { newPasswordErrors } from '@tms/domain/users/password';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Config } from '../../../config';
import type { Db, Tx } from '../../../db/connection';
import { apiKeyHash, newApiKey } from '../../../platform/auth/api-key';
import { CABINET_TOKEN_PREFIX, type CabinetLookup } from '../../../platform/auth/cabinet';
import { hashPassword, verifyDummy, verifyPassword } from '../../../platform/auth/password';
import { assertMayTryPassword, recordLoginAttempt } from '../../../platform/auth/throttle';
import { ErrorCollector, HttpError } from '../../../platform/errors';
import { cabinetKeyLookup, counterparties } from '../../counterparties';
import { logCabinetEvent } from '../doors';
import { cabinetApiKeys, cabinetSessions, cabinetUserLinks, cabinetUsers } from '../tables';
import { endCabinetSessions } from './users';

/**
 * The account a cabinet user's sign-in is throttled under: the staff sign-in's table and limits, in a
 * name no staff user name can take (a user name has no `:`), so the two never share failures.
 */
const throttleAccount = (email: string) => `cabinet:${email.toLowerCase()}`;

/** Whether the counterparty (its type flags) may have the cabinet. */
const opens = (kind: CabinetKind, flags: { client: boolean; contractor: boolean }) =>
  flags[CABINET_COUNTERPARTY_TYPE[kind]];

/** The credentials of the cabinets: the counterparties' API keys and the cabinet users' sessions. */
export const cabinetLookup: CabinetLookup = {
  key: cabinetKeyLookup,
  keyRoles: CABINET_KEY_ROLES,
  userKey: (db) => {
    const byHash = db
      .select({
        keyId: cabinetApiKeys.id,
        keyRoles: cabinetApiKeys.roles,
        allowedIps: cabinetApiKeys.allowedIps,
        cabinetUserId: cabinetUsers.id,
        cabinetKind: cabinetUsers.kind,
        counterpartyId: cabinetUsers.counterpartyId,
        userRoles: cabinetUsers.roles,
        client: counterparties.client,
        contractor: counterparties.contractor,
      })
      .from(cabinetApiKeys)
      .innerJoin(cabinetUsers, eq(cabinetUsers.id, cabinetApiKeys.cabinetUserId))
      .innerJoin(counterparties, eq(counterparties.id, cabinetUsers.counterpartyId))
      .where(
        and(
          eq(cabinetApiKeys.keyHash, sql.placeholder('hash')),
          isNull(cabinetApiKeys.revokedAt),
          eq(cabinetUsers.disabled, false),
        ),
      )
      .limit(1)
      .prepare('cabinet_user_key');
    return async (hash) => {
      const [row] = await byHash.execute({ hash });
      if (!row || !opens(row.cabinetKind, row)) return undefined;
      // The key's roles that its user still holds: taking a role from him takes it from his keys at once.
      const roles = row.keyRoles.filter((role) => row.userRoles.includes(role));
      return { ...row, roles };
    };
  },
  touchKey: (db) => {
    const touch = db
      .update(cabinetApiKeys)
      .set({
        lastUsedAt: sql`${sql.placeholder('now')}::timestamptz`,
        lastUsedIp: sql`${sql.placeholder('ip')}`,
      })
      .where(
        and(
          eq(cabinetApiKeys.id, sql.placeholder('id')),
          or(
            isNull(cabinetApiKeys.lastUsedAt),
            lt(cabinetApiKeys.lastUsedAt, sql`${sql.placeholder('now')}::timestamptz - interval '1 minute'`),
          ),
        ),
      )
      .prepare('cabinet_user_key_touch');
    return async (id, ip, now) => {
      await touch.execute({ id, ip, now: now.toISOString() });
    };
  },
  session: (db) => {
    const bySession = db
      .select({
        sessionId: cabinetSessions.id,
        cabinetUserId: cabinetUsers.id,
        cabinetKind: cabinetUsers.kind,
        counterpartyId: cabinetUsers.counterpartyId,
        roles: cabinetUsers.roles,
        client: counterparties.client,
        contractor: counterparties.contractor,
      })
      .from(cabinetSessions)
      .innerJoin(cabinetUsers, eq(cabinetUsers.id, cabinetSessions.cabinetUserId))
      .innerJoin(counterparties, eq(counterparties.id, cabinetUsers.counterpartyId))
      .where(
        and(
          eq(cabinetSessions.tokenHash, sql.placeholder('hash')),
          isNull(cabinetSessions.revokedAt),
          gt(cabinetSessions.expiresAt, sql.placeholder('now')),
          eq(cabinetUsers.disabled, false),
        ),
      )
      .limit(1)
      .prepare('cabinet_session');
    return async (hash, now) => {
      const [row] = await bySession.execute({ hash, now: now.toISOString() });
      // A counterparty no longer of the cabinet's type (no longer a contractor) closes it at once.
      return row && opens(row.cabinetKind, row) ? row : undefined;
    };
  },
};

export interface IssuedCabinetToken {
  token: string;
  tokenExpire: number;
}

/** Opens a session of the cabinet user: a random token (its hash kept), living the staff token's lifetime. */
async function openCabinetSession(
  tx: Tx,
  config: Pick<Config, 'tokenTtl'>,
  cabinetUserId: number,
  client: { ip: string; userAgent: string | null },
  now: Date,
): Promise<IssuedCabinetToken> {
  const token = `${CABINET_TOKEN_PREFIX}${newApiKey()}`;
  const expiresAt = new Date(now.getTime() + config.tokenTtl * 1000);
  await tx.insert(cabinetSessions).values({
    tokenHash: apiKeyHash(token),
    cabinetUserId,
    ip: client.ip,
    userAgent: client.userAgent?.slice(0, 500) ?? null,
    createdAt: now,
    expiresAt,
  });
  await tx.update(cabinetUsers).set({ lastLoginAt: now }).where(eq(cabinetUsers.id, cabinetUserId));
  return { token, tokenExpire: Math.floor(expiresAt.getTime() / 1000) };
}

/**
 * A cabinet user's sign-in at his cabinet's page: the back office's throttling (per account and address,
 * the wait answered before any password is looked at) and its one answer for every refusal (unknown,
 * wrong, disabled, not yet invited or a counterparty no longer of the cabinet's type), with the same argon2
 * time for unknown accounts. The right password at another cabinet's page is told so (403), no session
 * opened: the account is his, so it tells nothing to anyone else.
 */
export async function cabinetSignIn(
  tx: Db,
  config: Pick<Config, 'tokenTtl'>,
  kind: CabinetKind,
  input: { email: string; password: string },
  client: { ip: string; userAgent: string | null },
  now: Date,
): Promise<IssuedCabinetToken> {
  const account = throttleAccount(input.email);
  await assertMayTryPassword(tx, { account, ip: client.ip }, now, ERROR_MESSAGES.tooManyAttempts);
  const [user] = await tx
    .select({
      id: cabinetUsers.id,
      kind: cabinetUsers.kind,
      counterpartyId: cabinetUsers.counterpartyId,
      passwordHash: cabinetUsers.passwordHash,
      disabled: cabinetUsers.disabled,
      client: counterparties.client,
      contractor: counterparties.contractor,
    })
    .from(cabinetUsers)
    .innerJoin(counterparties, eq(counterparties.id, cabinetUsers.counterpartyId))
    .where(sql`lower(${cabinetUsers.email}) = ${input.email.trim().toLowerCase()}`)
    .limit(1);
  const valid = user?.passwordHash
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyDummy(input.password);
  if (!user || !valid || user.disabled || !opens(user.kind, user)) {
    await recordLoginAttempt(tx, { account, ip: client.ip, success: false }, now);
    // A known account's failure counts in its cabinet's analytics; an unknown one belongs to no one.
    if (user)
      await logCabinetEvent(tx, { ...user, cabinetUserId: user.id, ip: client.ip }, 'loginFailed', now);
    throw new HttpError(401, ERROR_MESSAGES.invalidCredentials);
  }
  if (user.kind !== kind) {
    await recordLoginAttempt(tx, { account, ip: client.ip, success: true }, now);
    throw new HttpError(403, CABINET_MESSAGES.otherCabinet);
  }
  return tx.transaction(async (inner) => {
    await recordLoginAttempt(inner, { account, ip: client.ip, success: true }, now);
    await logCabinetEvent(inner, { ...user, cabinetUserId: user.id, ip: client.ip }, 'login', now);
    return openCabinetSession(inner, config, user.id, client, now);
  });
}

/**
 * Sets a cabinet user's password from a one-time link (an invitation or a reset) under the back office's
 * password rules, uses the link up and signs him in. A used, expired or unknown link, or a disabled user,
 * is one refusal.
 */
export async function cabinetSetPassword(
  tx: Tx,
  config: Pick<Config, 'tokenTtl'>,
  kind: CabinetKind,
  input: { token: string; password: string },
  client: { ip: string; userAgent: string | null },
  now: Date,
): Promise<IssuedCabinetToken> {
  const [link] = await tx
    .select({ cabinetUserId: cabinetUserLinks.cabinetUserId, email: cabinetUsers.email })
    .from(cabinetUserLinks)
    .innerJoin(cabinetUsers, eq(cabinetUsers.id, cabinetUserLinks.cabinetUserId))
    .where(
      and(
        eq(cabinetUserLinks.tokenHash, apiKeyHash(input.token)),
        isNull(cabinetUserLinks.usedAt),
        gt(cabinetUserLinks.expiresAt, now),
        eq(cabinetUsers.disabled, false),
        // A link is mailed to the user's own cabinet's page; another's does not take it.
        eq(cabinetUsers.kind, kind),
      ),
    )
    .for('update');
  if (!link) throw new HttpError(400, CABINET_MESSAGES.linkInvalid);
  const errors = new ErrorCollector();
  for (const message of newPasswordErrors(input.password, link.email.split('@')[0])) {
    errors.add(['password'], message);
  }
  errors.throwIfAny();
  await tx
    .update(cabinetUserLinks)
    .set({ usedAt: now })
    .where(eq(cabinetUserLinks.tokenHash, apiKeyHash(input.token)));
  await tx
    .update(cabinetUsers)
    .set({ passwordHash: await hashPassword(input.password), updatedAt: now })
    .where(eq(cabinetUsers.id, link.cabinetUserId));
  await endCabinetSessions(tx, link.cabinetUserId, now);
  return openCabinetSession(tx, config, link.cabinetUserId, client, now);
}

/** Ends the session a cabinet token names. */
export async function cabinetSignOut(tx: Tx, token: string, now: Date): Promise<void> {
  await tx
    .update(cabinetSessions)
    .set({ revokedAt: now })
    .where(and(eq(cabinetSessions.tokenHash, apiKeyHash(token)), isNull(cabinetSessions.revokedAt)));
}
