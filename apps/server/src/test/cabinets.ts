import { CABINET_API_KEY_PREFIX, CABINET_KIND_ROLES, type CabinetKind, type CabinetRole } from '@tms/domain';
import { eq } from 'drizzle-orm';
import { cabinetApiKeys, cabinetSessions, cabinetUsers } from '../modules/cabinets/tables';
import { counterparties } from '../modules/counterparties';
import { apiKeyHash, newApiKey } from '../platform/auth/api-key';
import { CABINET_TOKEN_PREFIX } from '../platform/auth/cabinet';
import type { TestContext } from './harness';

let seq = 0;

/** A signed-in cabinet user or a counterparty's API key: the headers it calls with. */
export interface CabinetCaller {
  counterpartyId: number;
  cabinetUserId: number | null;
  headers: Record<string, string>;
}

/**
 * A user of the counterparty's cabinet `kind` holding `roles` (unset: every role of that cabinet), signed
 * in (a session opened directly, without the argon2 cost of a real sign-in).
 */
export async function cabinetUser(
  ctx: TestContext,
  counterpartyId: number,
  roles?: readonly CabinetRole[],
  kind: CabinetKind = 'client',
): Promise<CabinetCaller> {
  const db = ctx.database.db;
  const [user] = await db
    .insert(cabinetUsers)
    .values({
      counterpartyId,
      kind,
      email: `cabinet${++seq}-${counterpartyId}@${kind}.test`,
      name: `Кабинет ${seq}`,
      roles: [...(roles ?? CABINET_KIND_ROLES[kind])],
      passwordHash: 'not-a-hash',
    })
    .returning();
  const token = `${CABINET_TOKEN_PREFIX}${newApiKey()}`;
  await db.insert(cabinetSessions).values({
    tokenHash: apiKeyHash(token),
    cabinetUserId: user!.id,
    expiresAt: new Date(ctx.app.clock().getTime() + 3_600_000),
  });
  return { counterpartyId, cabinetUserId: user!.id, headers: { authorization: `Bearer ${token}` } };
}

/** The counterparty's cabinet API key, allowed from the test's address. */
export async function cabinetKey(ctx: TestContext, counterpartyId: number): Promise<CabinetCaller> {
  const apiKey = `tmsc_${newApiKey()}`;
  await ctx.database.db
    .update(counterparties)
    .set({ apiKeyHash: apiKeyHash(apiKey), apiAllowedIps: ['127.0.0.1'] })
    .where(eq(counterparties.id, counterpartyId));
  return { counterpartyId, cabinetUserId: null, headers: { 'x-api-key': apiKey } };
}

/**
 * One of a cabinet user's own API keys (`X-Api-Key: tmsk_...`), with `roles` (unset: all of his) and the
 * allow-list `allowedIps` (unset: any address), written directly.
 */
export async function cabinetUserKey(
  ctx: TestContext,
  user: CabinetCaller,
  roles?: readonly CabinetRole[],
  allowedIps: readonly string[] = [],
): Promise<CabinetCaller & { keyId: number }> {
  const db = ctx.database.db;
  const [owner] = await db.select().from(cabinetUsers).where(eq(cabinetUsers.id, user.cabinetUserId!));
  const apiKey = `${CABINET_API_KEY_PREFIX}${newApiKey()}`;
  const [key] = await db
    .insert(cabinetApiKeys)
    .values({
      cabinetUserId: owner!.id,
      counterpartyId: owner!.counterpartyId,
      name: `Ключ ${++seq}`,
      keyHash: apiKeyHash(apiKey),
      prefix: apiKey.slice(0, 9),
      roles: [...(roles ?? owner!.roles)],
      allowedIps: [...allowedIps],
    })
    .returning();
  return {
    counterpartyId: owner!.counterpartyId,
    cabinetUserId: owner!.id,
    keyId: key!.id,
    headers: { 'x-api-key': apiKey },
  };
}
