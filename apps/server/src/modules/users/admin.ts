import { USER_MESSAGES, type User, type userResource } from '@tms/domain';
import { newPasswordErrors, PASSWORD_MESSAGES } from '@tms/domain/users/password';
import { and, count, eq, notInArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import { apiKeyHash, newApiKey } from '../../platform/auth/api-key';
import type { AuthContext } from '../../platform/auth/context';
import { assertNotImpersonating } from '../../platform/auth/impersonation';
import { isValidIpEntry } from '../../platform/auth/ip';
import { hashPassword } from '../../platform/auth/password';
import { endSessions } from '../../platform/auth/sessions';
import { recordChange } from '../../platform/changelog/service';
import { ErrorCollector, fieldError, notFound } from '../../platform/errors';
import { contacts, userAccessGroups, users } from '../../platform/identity/tables';
import { assertMayGrant } from '../../platform/permissions/grants';
import {
  type CreateInput,
  type ResourceContext,
  userOf,
  type WriteEvent,
  type WriteValues,
} from '../../platform/resources';
import { checkAccessGroupIds, rolesOfGroups } from '../access-groups';
import { assertMayManage } from './may-manage';

/** The user-management side of users (/settings/users): the resource hooks and the API key actions. */

export type UserRow = typeof users.$inferSelect;
type UserInput = CreateInput<typeof userResource>;
type UserValues = WriteValues<UserRow, UserInput>;

/** Refused when someone deactivates their own account (they would lock themselves out at once). */
export const SELF_DEACTIVATION = 'You cannot deactivate your own account.';

export function toUser(row: UserRow): User {
  const locale = row.locale === 'en-US' ? 'en-US' : 'ru-RU';
  return {
    id: row.id,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    username: row.username,
    contactId: row.contactId,
    contactName: row.contactName,
    email: row.email,
    phone: row.phone,
    locale,
    localeShort: locale.slice(0, 2),
    language: locale.slice(0, 2),
    nextUi: row.nextUi,
    changePasswordRequired: row.changePasswordRequired,
    serviceOfficeId: row.serviceOfficeId,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    active: row.active,
    ipRestriction: row.ipRestriction as User['ipRestriction'],
    remoteAccess: row.remoteAccess,
    allowedIpAddresses: row.allowedIpAddresses,
    hasApiKey: row.apiKeyHash !== null,
    accessGroupIds: row.accessGroupIds,
    roles: row.roles,
    effectiveRoles: row.effectiveRoles,
  };
}

const added = <T>(after: readonly T[], before: readonly T[]): T[] => after.filter((v) => !before.includes(v));
const sameSet = <T>(a: readonly T[], b: readonly T[]) => added(a, b).length === 0 && added(b, a).length === 0;

/** The lists a write may send, as `checkInput` normalises them. */
type NormalisedLists = Pick<Partial<UserInput>, 'accessGroupIds' | 'roles' | 'allowedIpAddresses'>;

/**
 * Checks the parts the schema cannot (IP entries, password rules, the roles the acting user may grant,
 * directly or through groups); throws the tree, else answers the lists sent, normalised. `existing` is the
 * user before an update: only what the write adds is a grant.
 */
async function checkInput(
  tx: Tx,
  auth: AuthContext,
  values: Partial<UserInput>,
  existing: UserRow | null,
): Promise<NormalisedLists> {
  const errors = new ErrorCollector();
  const password = values.cleartextPassword;
  if (password) {
    for (const message of newPasswordErrors(password.first, values.username)) {
      errors.add(['cleartextPassword', 'first'], message);
    }
    if (password.first !== password.second) {
      errors.add(['cleartextPassword', 'second'], PASSWORD_MESSAGES.mismatch);
    }
  }
  const addresses = values.allowedIpAddresses;
  addresses?.forEach((entry, index) => {
    if (!isValidIpEntry(entry)) errors.add(['allowedIpAddresses', index], USER_MESSAGES.invalidIp);
  });
  errors.throwIfAny();

  const { roles } = values;
  if (roles) assertMayGrant(auth, 'roles', added(roles, existing?.roles ?? []));
  const groupIds = await checkAccessGroupIds(tx, 'accessGroupIds', values.accessGroupIds);
  if (groupIds) {
    const newGroups = added(groupIds, existing?.accessGroupIds ?? []);
    assertMayGrant(auth, 'accessGroupIds', await rolesOfGroups(tx, newGroups));
  }
  const out: NormalisedLists = {};
  if (groupIds) out.accessGroupIds = [...groupIds].sort((a, b) => a - b);
  if (roles) out.roles = [...new Set(roles)];
  if (addresses) out.allowedIpAddresses = [...new Set(addresses)];
  return out;
}

export async function beforeCreateUser(ctx: ResourceContext, input: UserInput): Promise<UserValues> {
  const { tx } = ctx;
  const auth = userOf(ctx);
  // A new user comes with a password, and maybe roles and groups.
  assertNotImpersonating(auth);
  const values = { ...input, ...(await checkInput(tx, auth, input, null)) };
  const { cleartextPassword, contactName, email, phone, ...rest } = values;
  const [contact] = await tx
    .insert(contacts)
    .values({ name: contactName, email: email ?? null, phone: phone ?? null })
    .returning({ id: contacts.id });
  return {
    ...rest,
    contactId: contact!.id,
    passwordHash: await hashPassword(cleartextPassword.first),
    // The first password is chosen by whoever creates the user: its user replaces it at the first sign-in.
    changePasswordRequired: true,
  };
}

export async function beforeUpdateUser(
  ctx: ResourceContext,
  input: Partial<UserInput>,
  existing: UserRow,
): Promise<UserValues> {
  const { tx } = ctx;
  const auth = userOf(ctx);
  assertMayManage(auth, existing);
  // The update schema is the create body's partial; the password has its own action with its own rules.
  if (input.cleartextPassword !== undefined) {
    throw fieldError(['cleartextPassword'], USER_MESSAGES.passwordElsewhere);
  }
  if (input.active === false && existing.id === auth.userId) throw fieldError(['active'], SELF_DEACTIVATION);
  // Clearing it would make a password someone else chose (at creation, or with "set password") permanent.
  if (input.changePasswordRequired === false && existing.changePasswordRequired) {
    throw fieldError(['changePasswordRequired'], USER_MESSAGES.passwordChangeStays);
  }
  const values = { ...input, ...(await checkInput(tx, auth, input, existing)) };
  const rolesChange = values.roles !== undefined && !sameSet(values.roles, existing.roles);
  const groupsChange =
    values.accessGroupIds !== undefined && !sameSet(values.accessGroupIds, existing.accessGroupIds);
  if (rolesChange || groupsChange) assertNotImpersonating(auth);
  const { contactName, email, phone, ...rest } = values;
  const contact: Partial<Pick<typeof contacts.$inferInsert, 'name' | 'email' | 'phone'>> = {};
  if (contactName !== undefined && contactName !== existing.contactName) contact.name = contactName;
  if (email !== undefined && email !== existing.email) contact.email = email;
  if (phone !== undefined && phone !== existing.phone) contact.phone = phone;
  if (Object.keys(contact).length) {
    await tx
      .update(contacts)
      .set({ ...contact, version: sql`${contacts.version} + 1`, updatedAt: new Date() })
      .where(eq(contacts.id, existing.contactId));
  }
  return rest;
}

/**
 * Keeps user_access_groups equal to the user's list; the sessions of a user who is deactivated, or who
 * must now change their password, end at once.
 */
export async function afterWriteUser(
  { tx }: ResourceContext,
  event: WriteEvent<UserRow, UserInput>,
): Promise<void> {
  const after = event.after;
  if (!after) return;
  if (event.input.accessGroupIds !== undefined) {
    const ids = after.accessGroupIds;
    await tx
      .delete(userAccessGroups)
      .where(
        and(
          eq(userAccessGroups.userId, after.id),
          ids.length ? notInArray(userAccessGroups.accessGroupId, ids) : undefined,
        ),
      );
    if (ids.length) {
      await tx
        .insert(userAccessGroups)
        .values(ids.map((accessGroupId) => ({ userId: after.id, accessGroupId })))
        .onConflictDoNothing();
    }
  }
  // A user who must change their password signs in again, so only the sign-in skips the current one.
  const mustChangeNow = !event.before?.changePasswordRequired && after.changePasswordRequired;
  if ((event.before?.active && !after.active) || (event.before && mustChangeNow)) {
    await endSessions(tx, after.id);
  }
}

/** How many users hold an access group. */
export async function countUsersInGroup(tx: Tx, accessGroupId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(userAccessGroups)
    .where(eq(userAccessGroups.accessGroupId, accessGroupId));
  return row?.n ?? 0;
}

/** The stored form of an API key: keys are long random values, so a plain SHA-256 suffices to look one up. */
export { apiKeyHash };

async function lockUser(tx: Tx, auth: AuthContext, id: number): Promise<UserRow> {
  assertNotImpersonating(auth);
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  if (!row) throw notFound();
  assertMayManage(auth, row);
  return row;
}

/** Issues a new API key (replacing any earlier one); the key is answered this once and stored hashed. */
export async function generateApiKey(tx: Tx, auth: AuthContext, id: number): Promise<string> {
  const row = await lockUser(tx, auth, id);
  const apiKey = `tms_${newApiKey()}`;
  await tx
    .update(users)
    .set({ apiKeyHash: apiKeyHash(apiKey), version: sql`${users.version} + 1`, updatedAt: new Date() })
    .where(eq(users.id, id));
  await recordChange(tx, {
    entityType: 'user',
    entityId: id,
    action: 'update',
    auth,
    changes: { apiKey: { old: row.apiKeyHash ? '***' : null, new: '***' } },
  });
  return apiKey;
}

/** Revokes the user's API key; nothing changes when there is none. */
export async function revokeApiKey(tx: Tx, auth: AuthContext, id: number): Promise<UserRow> {
  const row = await lockUser(tx, auth, id);
  if (row.apiKeyHash === null) return row;
  const [after] = await tx
    .update(users)
    .set({ apiKeyHash: null, version: sql`${users.version} + 1`, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  await recordChange(tx, {
    entityType: 'user',
    entityId: id,
    action: 'update',
    auth,
    changes: { apiKey: { old: '***', new: null } },
  });
  return after!;
}
