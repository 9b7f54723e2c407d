import {
  CABINET_API_KEY_PREFIX,
  CABINET_KEY_MESSAGES,
  CABINET_MESSAGES,
  type CabinetApiKey,
  type CabinetRole,
  cabinetApiKeyCreateSchema,
  cabinetApiKeyIssuedSchema,
  cabinetApiKeySchema,
  USER_MESSAGES,
} from '@tms/domain';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { apiKeyHash, newApiKey } from '../../../platform/auth/api-key';
import { isValidIpEntry } from '../../../platform/auth/ip';
import { recordChange } from '../../../platform/changelog/service';
import { ErrorCollector, fieldError, HttpError, notFound } from '../../../platform/errors';
import { defineUseCase, type UseCaseContext } from '../../../platform/resources';
import { cabinetApiKeys, cabinetUsers } from '../tables';
import {
  CABINET_USER_ENTITY,
  CABINET_USERS_ROLES,
  type CabinetUseCaseContext,
  managedCounterparty,
  userOf,
} from './users';

/*
 * API keys of cabinet users (docs/cabinets.md "API keys of cabinet users"): the user himself, his cabinet's
 * administrator (for a colleague) or the back office (from the counterparty's page) issues one with a name,
 * the roles it may use (of the user's own) and the addresses it is accepted from; it is shown once and kept
 * as its hash. Keys are made and revoked only from a signed-in session: a key never makes a key.
 */

type UserRow = typeof cabinetUsers.$inferSelect;
type KeyRow = typeof cabinetApiKeys.$inferSelect;

const toKey = (row: KeyRow): CabinetApiKey =>
  cabinetApiKeySchema.parse({
    ...row,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  });

/** Whose keys: `me` (the signed-in cabinet user), or a user of a counterparty (`counterpartyId` for staff). */
const ownerParams = z.object({
  userId: z.union([z.literal('me'), z.number().int().positive()]),
  counterpartyId: z.number().int().positive().optional(),
});

/**
 * The cabinet user whose keys are handled, locked: himself (a signed-in session, never a key); a colleague
 * of the cabinet's administrator (his session too); a user of a counterparty the staff user manages (404
 * outside it, as for the users themselves).
 */
async function ownerOf(ctx: UseCaseContext, input: z.infer<typeof ownerParams>): Promise<UserRow> {
  const { auth } = ctx;
  if (auth.kind === 'cabinet' && (auth.sessionId === null || auth.cabinetUserId === null)) {
    throw new HttpError(403, CABINET_KEY_MESSAGES.sessionOnly);
  }
  if (input.userId === 'me') {
    if (auth.kind !== 'cabinet') throw notFound();
    const [row] = await ctx.tx
      .select()
      .from(cabinetUsers)
      .where(eq(cabinetUsers.id, auth.cabinetUserId!))
      .for('update');
    if (!row) throw notFound();
    return row;
  }
  const counterparty = await managedCounterparty(ctx, input.counterpartyId);
  return userOf(ctx, counterparty.id, input.userId);
}

/** The user's live keys, the newest first. */
export const listCabinetApiKeys = defineUseCase({
  name: 'cabinets.list-api-keys',
  roles: CABINET_USERS_ROLES,
  cabinet: true,
  input: ownerParams,
  output: z.array(cabinetApiKeySchema),
  async run(ctx, input) {
    const user = await ownerOf(ctx, input);
    const rows = await ctx.tx
      .select()
      .from(cabinetApiKeys)
      .where(and(eq(cabinetApiKeys.cabinetUserId, user.id), isNull(cabinetApiKeys.revokedAt)))
      .orderBy(desc(cabinetApiKeys.createdAt), desc(cabinetApiKeys.id));
    return rows.map(toKey);
  },
});

/**
 * Issues a key for the user: its roles must be his (a key never holds more than its user), its addresses
 * valid addresses or ranges; a disabled user gets none. The key is answered this once.
 */
export const issueCabinetApiKey = defineUseCase({
  name: 'cabinets.issue-api-key',
  roles: CABINET_USERS_ROLES,
  cabinet: true,
  input: cabinetApiKeyCreateSchema.extend(ownerParams.shape),
  output: cabinetApiKeyIssuedSchema,
  async run(ctx: CabinetUseCaseContext, input) {
    const user = await ownerOf(ctx, input);
    if (user.disabled) throw fieldError([], CABINET_MESSAGES.disabled);
    const errors = new ErrorCollector();
    if (input.roles.some((role) => !user.roles.includes(role))) {
      errors.add(['roles'], CABINET_KEY_MESSAGES.rolesNotHeld);
    }
    input.allowedIps.forEach((entry, index) => {
      if (!isValidIpEntry(entry)) errors.add(['allowedIps', index], USER_MESSAGES.invalidIp);
    });
    errors.throwIfAny();
    const apiKey = `${CABINET_API_KEY_PREFIX}${newApiKey()}`;
    const [row] = await ctx.tx
      .insert(cabinetApiKeys)
      .values({
        cabinetUserId: user.id,
        counterpartyId: user.counterpartyId,
        name: input.name,
        keyHash: apiKeyHash(apiKey),
        prefix: apiKey.slice(0, CABINET_API_KEY_PREFIX.length + 4),
        roles: input.roles as CabinetRole[],
        allowedIps: [...new Set(input.allowedIps)],
        createdAt: ctx.now,
      })
      .returning();
    await recordChange(ctx.tx, {
      entityType: CABINET_USER_ENTITY,
      entityId: user.id,
      action: 'update',
      auth: ctx.auth,
      version: user.version,
      changes: { apiKey: { old: null, new: `${row!.name} (${row!.prefix}…)` } },
    });
    return { key: toKey(row!), apiKey };
  },
});

/** Revokes one of the user's live keys: it stops working at once (404 for any other key). */
export const revokeCabinetApiKey = defineUseCase({
  name: 'cabinets.revoke-api-key',
  roles: CABINET_USERS_ROLES,
  cabinet: true,
  input: ownerParams.extend({ keyId: z.number().int().positive() }),
  output: z.null(),
  async run(ctx: CabinetUseCaseContext, input) {
    const user = await ownerOf(ctx, input);
    const [row] = await ctx.tx
      .update(cabinetApiKeys)
      .set({ revokedAt: ctx.now })
      .where(
        and(
          eq(cabinetApiKeys.id, input.keyId),
          eq(cabinetApiKeys.cabinetUserId, user.id),
          isNull(cabinetApiKeys.revokedAt),
        ),
      )
      .returning();
    if (!row) throw notFound();
    await recordChange(ctx.tx, {
      entityType: CABINET_USER_ENTITY,
      entityId: user.id,
      action: 'update',
      auth: ctx.auth,
      version: user.version,
      changes: { apiKey: { old: `${row.name} (${row.prefix}…)`, new: null } },
    });
    return null;
  },
});
