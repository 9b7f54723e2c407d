import { CABINET_KIND_ROLES, type CabinetKind, type CabinetRole } from '@tms/domain';
import { eq } from 'drizzle-orm';
import { cabinetSessions, cabinetUsers } from '../modules/cabinets/tables';
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
