import {
  CABINET_COUNTERPARTY_TYPE,
  CABINET_KIND_LABELS,
  CABINET_KIND_ROLES,
  CABINET_KINDS,
  CABINET_LINK_HOURS,
  CABINET_MESSAGES,
  CABINET_PATHS,
  CABINET_USERS_ROLE,
  type CabinetKind,
  type CabinetRole,
  type CabinetUser,
  cabinetUserInviteSchema,
  cabinetUserSchema,
  cabinetUserUpdateSchema,
} from '@tms/domain';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../../db/connection';
import { apiKeyHash, newApiKey } from '../../../platform/auth/api-key';
import type { Principal } from '../../../platform/auth/context';
import { recordChange } from '../../../platform/changelog/service';
import { conflict, fieldError, forbidden, notFound } from '../../../platform/errors';
import { textOf } from '../../../platform/i18n/dictionaries';
import { hasAnyRole } from '../../../platform/permissions/check';
import { defineUseCase, type UseCaseContext } from '../../../platform/resources';
import { counterparties, counterpartyService } from '../../counterparties';
import { cabinetMails, cabinetSessions, cabinetUserLinks, cabinetUsers } from '../tables';

/** Entity type of cabinet users in the change log. */
export const CABINET_USER_ENTITY = 'cabinet_user';

/** Where a cabinet's use case runs: beside the call, the time links expire from and the product's address. */
export interface CabinetUseCaseContext extends UseCaseContext {
  now: Date;
  publicUrl: string | undefined;
}

type Row = typeof cabinetUsers.$inferSelect;

/** A cabinet user as shown; `linkExpiresAt`: when his latest unused one-time link dies (none: null). */
export const toCabinetUser = (row: Row, linkExpiresAt: Date | null = null): CabinetUser =>
  cabinetUserSchema.parse({
    ...row,
    active: row.passwordHash !== null,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    invitationExpiresAt: row.passwordHash === null ? (linkExpiresAt?.toISOString() ?? null) : null,
    createdAt: row.createdAt.toISOString(),
  });

/** When each user's latest unused one-time link dies (a newer link ends the older ones). */
async function linkExpiries(tx: Tx, userIds: number[]): Promise<Map<number, Date>> {
  if (!userIds.length) return new Map();
  const rows = await tx
    .select({
      userId: cabinetUserLinks.cabinetUserId,
      expiresAt: sql<Date>`max(${cabinetUserLinks.expiresAt})`.mapWith(cabinetUserLinks.expiresAt),
    })
    .from(cabinetUserLinks)
    .where(and(inArray(cabinetUserLinks.cabinetUserId, userIds), isNull(cabinetUserLinks.usedAt)))
    .groupBy(cabinetUserLinks.cabinetUserId);
  return new Map(rows.map((row) => [row.userId, row.expiresAt]));
}

/** The staff roles (spec §6) that manage cabinet users, one per cabinet. */
export const CABINET_USERS_ROLES = Object.values(CABINET_USERS_ROLE);

/**
 * The cabinets whose users the principal manages: a staff user those of the spec's roles he holds
 * (ROLE_CABINET_USERS_CLIENT, _CONTRACTOR, _CARRIER); a cabinet's administrator his own cabinet alone.
 */
export function managedKinds(auth: Principal): CabinetKind[] {
  if (auth.kind === 'cabinet') return auth.roles.has('CABINET_ADMIN') ? [auth.cabinetKind] : [];
  return CABINET_KINDS.filter((kind) => hasAnyRole(auth, [CABINET_USERS_ROLE[kind]]));
}

interface ManagedCounterparty {
  id: number;
  name: string;
  client: boolean;
  contractor: boolean;
}

/**
 * The counterparty whose cabinet users the principal manages: a staff user names one he may see (its read
 * scope; 404 outside it); a cabinet manages its own and only with the cabinet administrator's role.
 */
export async function managedCounterparty(
  ctx: UseCaseContext,
  named: number | undefined,
): Promise<ManagedCounterparty> {
  const { auth } = ctx;
  if (auth.kind === 'cabinet') {
    if (!auth.roles.has('CABINET_ADMIN')) throw forbidden();
    const [own] = await ctx.tx
      .select({
        id: counterparties.id,
        name: counterparties.name,
        client: counterparties.client,
        contractor: counterparties.contractor,
      })
      .from(counterparties)
      .where(eq(counterparties.id, auth.counterpartyId));
    if (!own) throw notFound();
    return own;
  }
  if (named === undefined) throw notFound();
  const row = await counterpartyService.find(ctx, named);
  return { id: row.id, name: row.name, client: row.client, contractor: row.contractor };
}

/**
 * The cabinet a new user goes into, checked: one the principal manages (a cabinet's administrator invites
 * into his own), the counterparty of its type, the roles of that cabinet.
 */
function cabinetOfNew(
  auth: Principal,
  counterparty: ManagedCounterparty,
  named: CabinetKind | undefined,
  roles: readonly CabinetRole[],
): CabinetKind {
  const kind = auth.kind === 'cabinet' ? auth.cabinetKind : named;
  if (!kind) throw fieldError(['kind'], CABINET_MESSAGES.kindRequired);
  if (named && named !== kind) throw forbidden();
  if (!managedKinds(auth).includes(kind)) throw forbidden();
  if (!counterparty[CABINET_COUNTERPARTY_TYPE[kind]]) {
    throw fieldError(
      ['kind'],
      kind === 'client' ? CABINET_MESSAGES.notClient : CABINET_MESSAGES.notContractor,
    );
  }
  assertRolesOf(kind, roles);
  return kind;
}

/** Refuses a role of another cabinet (a client's requests role for a contractor's user). */
function assertRolesOf(kind: CabinetKind, roles: readonly CabinetRole[]): void {
  if (roles.some((role) => !CABINET_KIND_ROLES[kind].includes(role))) {
    throw fieldError(['roles'], CABINET_MESSAGES.roleOfOtherCabinet);
  }
}

/**
 * A cabinet user of the counterparty in a cabinet the principal manages, locked; 404 for any other (no
 * existence oracle).
 */
export async function userOf(ctx: UseCaseContext, counterpartyId: number, id: number): Promise<Row> {
  const kinds = managedKinds(ctx.auth);
  if (!kinds.length) throw forbidden();
  const [row] = await ctx.tx
    .select()
    .from(cabinetUsers)
    .where(
      and(
        eq(cabinetUsers.id, id),
        eq(cabinetUsers.counterpartyId, counterpartyId),
        inArray(cabinetUsers.kind, kinds),
      ),
    )
    .for('update');
  if (!row) throw notFound();
  return row;
}

/** The cabinet users of a counterparty in the cabinets the principal manages, by name. */
export async function listCabinetUsers(ctx: UseCaseContext, counterpartyId: number): Promise<CabinetUser[]> {
  const kinds = managedKinds(ctx.auth);
  if (!kinds.length) throw forbidden();
  const rows = await ctx.tx
    .select()
    .from(cabinetUsers)
    .where(and(eq(cabinetUsers.counterpartyId, counterpartyId), inArray(cabinetUsers.kind, kinds)))
    .orderBy(asc(cabinetUsers.name), asc(cabinetUsers.id));
  const expiries = await linkExpiries(
    ctx.tx,
    rows.filter((row) => row.passwordHash === null).map((row) => row.id),
  );
  return rows.map((row) => toCabinetUser(row, expiries.get(row.id) ?? null));
}

const say = (key: string, lang: 'ru' | 'en', params: Record<string, string>) =>
  (textOf(`cabinets.mail.${key}`, lang) ?? key).replace(
    /\{\{(\w+)\}\}/g,
    (_, name: string) => params[name] ?? '',
  );

/**
 * A one-time link for the user (an invitation or a reset), mailed in both languages: older links of his
 * die, the new one lives `CABINET_LINK_HOURS`. Only its hash is kept; the mail holds the link until sent.
 */
async function mailLink(
  ctx: CabinetUseCaseContext,
  user: Row,
  counterpartyName: string,
  purpose: 'invite' | 'reset',
): Promise<Date> {
  const token = newApiKey();
  const expiresAt = new Date(ctx.now.getTime() + CABINET_LINK_HOURS * 3_600_000);
  await ctx.tx
    .update(cabinetUserLinks)
    .set({ usedAt: ctx.now })
    .where(and(eq(cabinetUserLinks.cabinetUserId, user.id), isNull(cabinetUserLinks.usedAt)));
  await ctx.tx.insert(cabinetUserLinks).values({
    tokenHash: apiKeyHash(token),
    cabinetUserId: user.id,
    purpose,
    expiresAt,
    createdAt: ctx.now,
  });
  const link = `${ctx.publicUrl ?? ''}/${CABINET_PATHS[user.kind]}/password?token=${encodeURIComponent(token)}`;
  const params = (lang: 'ru' | 'en') => {
    const cabinet = CABINET_KIND_LABELS[user.kind][lang];
    return {
      name: user.name,
      company: counterpartyName,
      link,
      hours: String(CABINET_LINK_HOURS),
      cabinet,
      cabinetLower: cabinet.toLowerCase(),
    };
  };
  const both = (key: string, between: string) =>
    `${say(key, 'ru', params('ru'))}${between}${say(key, 'en', params('en'))}`;
  await ctx.tx.insert(cabinetMails).values({
    to: user.email,
    subject: both(`${purpose}.subject`, ' / '),
    body: both(`${purpose}.body`, '\n\n---\n\n'),
    createdAt: ctx.now,
  });
  return expiresAt;
}

/** Ends every live session of the cabinet user (disabled, password reset). */
async function endCabinetSessions(tx: Tx, cabinetUserId: number, now: Date): Promise<void> {
  await tx
    .update(cabinetSessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(cabinetSessions.cabinetUserId, cabinetUserId),
        isNull(cabinetSessions.revokedAt),
        gt(cabinetSessions.expiresAt, now),
      ),
    );
}

const counterpartyParam = z.object({ counterpartyId: z.number().int().positive().optional() });

/**
 * Invites a colleague to the counterparty's cabinet by mail (the back office from the counterparty's page,
 * or the cabinet's administrator): a new user without a password, and a one-time link to set it.
 */
export const inviteCabinetUser = defineUseCase({
  name: 'cabinets.invite-user',
  roles: CABINET_USERS_ROLES,
  cabinet: true,
  input: cabinetUserInviteSchema.extend(counterpartyParam.shape),
  output: cabinetUserSchema,
  async run(ctx: CabinetUseCaseContext, input) {
    const counterparty = await managedCounterparty(ctx, input.counterpartyId);
    const kind = cabinetOfNew(ctx.auth, counterparty, input.kind, input.roles);
    const [taken] = await ctx.tx
      .select({ id: cabinetUsers.id })
      .from(cabinetUsers)
      .where(sql`lower(${cabinetUsers.email}) = ${input.email}`);
    if (taken) throw fieldError(['email'], CABINET_MESSAGES.emailTaken);
    const [row] = await ctx.tx
      .insert(cabinetUsers)
      .values({
        counterpartyId: counterparty.id,
        kind,
        email: input.email,
        name: input.name,
        roles: input.roles,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning();
    await recordChange(ctx.tx, {
      entityType: CABINET_USER_ENTITY,
      entityId: row!.id,
      action: 'create',
      auth: ctx.auth,
      version: 1,
      changes: {
        counterpartyId: { old: null, new: counterparty.id },
        kind: { old: null, new: kind },
        email: { old: null, new: row!.email },
        name: { old: null, new: row!.name },
        roles: { old: null, new: row!.roles },
      },
    });
    return toCabinetUser(row!, await mailLink(ctx, row!, counterparty.name, 'invite'));
  },
});

/** The administrator may not lock himself out: he keeps his role and stays enabled. */
function assertNotSelf(auth: Principal, row: Row, roles: readonly CabinetRole[], disabled: boolean): void {
  if (auth.kind !== 'cabinet' || auth.cabinetUserId !== row.id) return;
  if (disabled || !roles.includes('CABINET_ADMIN')) throw fieldError([], CABINET_MESSAGES.ownAdmin);
}

/** Changes a cabinet user's name, roles or disabled flag; disabling ends his sessions at once. */
export const updateCabinetUser = defineUseCase({
  name: 'cabinets.update-user',
  roles: CABINET_USERS_ROLES,
  cabinet: true,
  input: cabinetUserUpdateSchema.extend({ ...counterpartyParam.shape, id: z.number().int().positive() }),
  output: cabinetUserSchema,
  async run(ctx: CabinetUseCaseContext, input) {
    const counterparty = await managedCounterparty(ctx, input.counterpartyId);
    const row = await userOf(ctx, counterparty.id, input.id);
    if (row.version !== input.version) throw conflict();
    if (input.roles) assertRolesOf(row.kind, input.roles);
    const next = {
      name: input.name ?? row.name,
      roles: input.roles ?? (row.roles as CabinetRole[]),
      disabled: input.disabled ?? row.disabled,
    };
    assertNotSelf(ctx.auth, row, next.roles, next.disabled);
    const changes: Record<string, { old: unknown; new: unknown }> = {};
    if (next.name !== row.name) changes.name = { old: row.name, new: next.name };
    if (JSON.stringify(next.roles) !== JSON.stringify(row.roles))
      changes.roles = { old: row.roles, new: next.roles };
    if (next.disabled !== row.disabled) changes.disabled = { old: row.disabled, new: next.disabled };
    const expiry = async () => (await linkExpiries(ctx.tx, [row.id])).get(row.id) ?? null;
    if (!Object.keys(changes).length) return toCabinetUser(row, await expiry());
    const [after] = await ctx.tx
      .update(cabinetUsers)
      .set({ ...next, version: row.version + 1, updatedAt: ctx.now })
      .where(eq(cabinetUsers.id, row.id))
      .returning();
    // Roles and the disabled flag are read at each call from the session's row, so they act at once; a
    // disabled user's sessions also end, so enabling him again asks him to sign in.
    if (next.disabled) await endCabinetSessions(ctx.tx, row.id, ctx.now);
    await recordChange(ctx.tx, {
      entityType: CABINET_USER_ENTITY,
      entityId: row.id,
      action: 'update',
      auth: ctx.auth,
      version: after!.version,
      changes,
    });
    return toCabinetUser(after!, await expiry());
  },
});

/**
 * A password reset: his password goes, his sessions end, and a new one-time link is mailed (the same for a
 * user who never accepted his invitation: a fresh invitation).
 */
export const resetCabinetUser = defineUseCase({
  name: 'cabinets.reset-user',
  roles: CABINET_USERS_ROLES,
  cabinet: true,
  input: counterpartyParam.extend({ id: z.number().int().positive() }),
  output: cabinetUserSchema,
  async run(ctx: CabinetUseCaseContext, input) {
    const counterparty = await managedCounterparty(ctx, input.counterpartyId);
    const row = await userOf(ctx, counterparty.id, input.id);
    if (row.disabled) throw fieldError([], CABINET_MESSAGES.disabled);
    const invited = row.passwordHash === null;
    const [after] = await ctx.tx
      .update(cabinetUsers)
      .set({ passwordHash: null, version: row.version + 1, updatedAt: ctx.now })
      .where(eq(cabinetUsers.id, row.id))
      .returning();
    await endCabinetSessions(ctx.tx, row.id, ctx.now);
    await recordChange(ctx.tx, {
      entityType: CABINET_USER_ENTITY,
      entityId: row.id,
      action: 'update',
      auth: ctx.auth,
      version: after!.version,
      changes: { password: { old: '***', new: null } },
    });
    return toCabinetUser(
      after!,
      await mailLink(ctx, after!, counterparty.name, invited ? 'invite' : 'reset'),
    );
  },
});

export { endCabinetSessions };
