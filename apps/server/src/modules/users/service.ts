import { ERROR_MESSAGES, MESSAGES, userResource } from '@tms/domain';
import { newPasswordErrors, PASSWORD_MESSAGES } from '@tms/domain/users/password';
import { eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/connection';
import type { AuthContext } from '../../platform/auth/context';
import { assertNotImpersonating } from '../../platform/auth/impersonation';
import { hashPassword, verifyPassword } from '../../platform/auth/password';
import { endSessions } from '../../platform/auth/sessions';
import { assertMayTryPassword, recordLoginAttempt } from '../../platform/auth/throttle';
import { diff, recordChange } from '../../platform/changelog/service';
import type { ChangeLogRule } from '../../platform/changelog/visibility';
import { ErrorCollector, forbidden, notFound } from '../../platform/errors';
import { contacts, users } from '../../platform/identity/tables';
import { hasAnyRole } from '../../platform/permissions/check';
import { readRolesOf } from '../../platform/resources';
import { assertMayManage } from './may-manage';
import { type ChangePassword, LOCALES, type ProfileUpdate, type SessionUser } from './schemas';

export const USER_ENTITY = 'user';

export { apiKeyHash, countUsersInGroup } from './admin';

/** What `toSessionUser` needs: a users row (these columns) and its contact's name. */
export interface SessionUserRow {
  id: number;
  username: string;
  contactId: number;
  contactName: string;
  locale: string;
  nextUi: boolean;
  changePasswordRequired: boolean;
  serviceOfficeId: number | null;
  darkTheme: boolean;
}

/** Columns to select (users joined with contacts) for `toSessionUser`. */
export const sessionUserColumns = {
  id: users.id,
  username: users.username,
  contactId: users.contactId,
  contactName: contacts.name,
  locale: users.locale,
  nextUi: users.nextUi,
  changePasswordRequired: users.changePasswordRequired,
  serviceOfficeId: users.serviceOfficeId,
  darkTheme: users.darkTheme,
};

/** The user of the system call and of the profile screen. */
export function toSessionUser(row: SessionUserRow): SessionUser {
  const locale = (LOCALES as readonly string[]).includes(row.locale)
    ? (row.locale as SessionUser['locale'])
    : LOCALES[0];
  return {
    id: row.id,
    username: row.username,
    contact: { id: row.contactId, name: row.contactName },
    locale,
    localeShort: locale.slice(0, 2),
    nextUi: row.nextUi,
    changePasswordRequired: row.changePasswordRequired,
    serviceOffice: row.serviceOfficeId === null ? null : { id: row.serviceOfficeId },
    darkTheme: row.darkTheme,
  };
}

export async function loadSessionUser(tx: Tx, userId: number): Promise<SessionUser | null> {
  const [row] = await tx
    .select(sessionUserColumns)
    .from(users)
    .innerJoin(contacts, eq(contacts.id, users.contactId))
    .where(eq(users.id, userId));
  return row ? toSessionUser(row) : null;
}

/** Refused under `currentPassword` when a user changing their own password gives a wrong current one. */
export const WRONG_CURRENT_PASSWORD = 'The current password is wrong.';

/** Where and when a password change is asked: the current password's guesses are throttled like sign-ins. */
export interface PasswordAttempt {
  ip: string;
  now: Date;
}

/**
 * Sets a new password (spec §5). A user changes their own, giving the current one unless this session is
 * the sign-in with a password that must be changed (every session of such a user is: setting the flag
 * ends the others); the current password is a guess like a sign-in's, throttled with the sign-in's failures
 * of the account from that address (a stolen session or key cannot try passwords faster than the sign-in
 * screen). Another's password needs ROLE_USER_EDIT and every role its user holds (`assertMayManage`), and
 * stays to be changed by its user, who alone should know it. The user's other sessions end (all of them
 * when someone else changed it), so a leaked password stops working. Never while impersonating.
 */
export async function changePassword(
  database: Database,
  auth: AuthContext,
  userId: number,
  input: ChangePassword,
  attempt: PasswordAttempt,
): Promise<SessionUser> {
  assertNotImpersonating(auth);
  const own = auth.userId === userId;
  if (!own && !hasAnyRole(auth, ['ROLE_USER_EDIT'])) throw forbidden();
  const [user] = await database.db
    .select({
      username: users.username,
      passwordHash: users.passwordHash,
      previousPasswordHash: users.previousPasswordHash,
      changePasswordRequired: users.changePasswordRequired,
      effectiveRoles: users.effectiveRoles,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw notFound();
  if (!own) assertMayManage(auth, user);

  const errors = new ErrorCollector();
  const forcedChange = own && auth.sessionId !== null && user.changePasswordRequired;
  if (own && !forcedChange) {
    const current = input.currentPassword ?? '';
    if (!current) errors.add(['currentPassword'], MESSAGES.blank);
    else {
      const guess = { account: user.username.toLowerCase(), ip: attempt.ip };
      await assertMayTryPassword(database.db, guess, attempt.now, ERROR_MESSAGES.tooManyPasswordAttempts);
      const right = await verifyPassword(user.passwordHash, current);
      await recordLoginAttempt(database.db, { ...guess, success: right }, attempt.now);
      if (!right) errors.add(['currentPassword'], WRONG_CURRENT_PASSWORD);
    }
  }
  const { first, second } = input.cleartextPassword;
  const ruleErrors = newPasswordErrors(first, user.username);
  for (const message of ruleErrors) errors.add(['cleartextPassword', 'first'], message);
  if (first !== second) errors.add(['cleartextPassword', 'second'], PASSWORD_MESSAGES.mismatch);
  if (ruleErrors.length === 0) {
    const previous = [user.passwordHash, user.previousPasswordHash].filter((h): h is string => !!h);
    for (const hashed of previous) {
      if (await verifyPassword(hashed, first)) {
        errors.add(['cleartextPassword', 'first'], PASSWORD_MESSAGES.samePassword);
        break;
      }
    }
  }
  errors.throwIfAny();

  const passwordHash = await hashPassword(first);
  await database.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        passwordHash,
        previousPasswordHash: user.passwordHash,
        changePasswordRequired: !own,
        version: sql`${users.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, userId));
    await endSessions(tx, userId, own ? auth.sessionId : null);
    await recordChange(tx, {
      entityType: USER_ENTITY,
      entityId: userId,
      action: 'update',
      auth,
      changes: {
        password: { old: '***', new: '***' },
        ...(user.changePasswordRequired !== !own
          ? { changePasswordRequired: { old: user.changePasswordRequired, new: !own } }
          : {}),
      },
    });
  });
  return (await loadSessionUser(database.db, userId))!;
}

/**
 * The change log shows a change of a user's contact (its name, from the profile screen) to those who may
 * read users, and to the user it belongs to.
 */
export const contactChangeLogAccess: ChangeLogRule = (auth, entityId) =>
  hasAnyRole(auth, readRolesOf(userResource)) || eq(entityId, auth.contactId);

/** The profile screen: a user's own contact name, locale, theme and date-picker choice. */
export async function updateProfile(
  database: Database,
  auth: AuthContext,
  input: ProfileUpdate,
): Promise<SessionUser> {
  return database.db.transaction(async (tx) => {
    const [before] = await tx
      .select(sessionUserColumns)
      .from(users)
      .innerJoin(contacts, eq(contacts.id, users.contactId))
      .where(eq(users.id, auth.userId))
      .for('update', { of: users });
    if (!before) throw notFound();

    const userBefore = { locale: before.locale, darkTheme: before.darkTheme, nextUi: before.nextUi };
    const userAfter = {
      locale: input.locale ?? before.locale,
      darkTheme: input.darkTheme ?? before.darkTheme,
      nextUi: input.nextUi ?? before.nextUi,
    };
    const userChanges = diff(userBefore, userAfter);
    if (Object.keys(userChanges).length) {
      await tx
        .update(users)
        .set({ ...userAfter, version: sql`${users.version} + 1`, updatedAt: sql`now()` })
        .where(eq(users.id, auth.userId));
      await recordChange(tx, {
        entityType: USER_ENTITY,
        entityId: auth.userId,
        action: 'update',
        auth,
        changes: userChanges,
      });
    }

    const name = input.contact?.name;
    if (name !== undefined && name !== before.contactName) {
      await tx
        .update(contacts)
        .set({ name, version: sql`${contacts.version} + 1`, updatedAt: sql`now()` })
        .where(eq(contacts.id, before.contactId));
      await recordChange(tx, {
        entityType: 'contact',
        entityId: before.contactId,
        action: 'update',
        auth,
        changes: { name: { old: before.contactName, new: name } },
      });
    }
    return (await loadSessionUser(tx, auth.userId))!;
  });
}
