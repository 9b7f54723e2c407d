import { randomBytes } from 'node:crypto';
import type { Config } from '../config';
import type { Database } from '../db/connection';
import { hashPassword } from '../platform/auth/password';
import { openSession } from '../platform/auth/sessions';
import type { App } from '../platform/http/types';
import { contacts, userAccessGroups, users } from '../platform/identity/tables';

/** Satisfies the password rules; the default of `createUser`. */
export const DEFAULT_PASSWORD = 'Passw0rd!';

export type UserRow = typeof users.$inferSelect;

export interface CreateUserOptions {
  username?: string;
  password?: string;
  roles?: string[];
  accessGroupIds?: number[];
  serviceOfficeId?: number | null;
  ipRestriction?: 'none' | 'any' | 'office';
  remoteAccess?: boolean;
  allowedIpAddresses?: string[];
  active?: boolean;
  changePasswordRequired?: boolean;
  contactName?: string;
  /** The contact's e-mail (the user's, where notifications are mailed). */
  email?: string;
  locale?: string;
  darkTheme?: boolean;
  nextUi?: boolean;
}

// argon2 is slow on purpose; tests reuse one hash per password.
const hashes = new Map<string, Promise<string>>();
let counter = 0;

/** A user (with its contact) straight in the database; returns the users row. */
export async function createUser(database: Database, options: CreateUserOptions = {}): Promise<UserRow> {
  const password = options.password ?? DEFAULT_PASSWORD;
  let passwordHash = hashes.get(password);
  if (!passwordHash) {
    passwordHash = hashPassword(password);
    hashes.set(password, passwordHash);
  }
  const username = options.username ?? `user${++counter}_${randomBytes(3).toString('hex')}`;
  return database.db.transaction(async (tx) => {
    const [contact] = await tx
      .insert(contacts)
      .values({ name: options.contactName ?? `Contact of ${username}`, email: options.email ?? null })
      .returning({ id: contacts.id });
    const [user] = await tx
      .insert(users)
      .values({
        username,
        passwordHash: await passwordHash,
        contactId: contact!.id,
        serviceOfficeId: options.serviceOfficeId ?? null,
        roles: options.roles ?? [],
        ipRestriction: options.ipRestriction ?? 'none',
        remoteAccess: options.remoteAccess ?? false,
        allowedIpAddresses: options.allowedIpAddresses ?? [],
        active: options.active ?? true,
        changePasswordRequired: options.changePasswordRequired ?? false,
        locale: options.locale ?? 'ru-RU',
        darkTheme: options.darkTheme ?? false,
        nextUi: options.nextUi ?? false,
      })
      .returning();
    if (options.accessGroupIds?.length) {
      await tx
        .insert(userAccessGroups)
        .values(options.accessGroupIds.map((accessGroupId) => ({ userId: user!.id, accessGroupId })));
    }
    return user!;
  });
}

/** Signs in through `POST /api/auth/login`; returns the token or throws with the answer. */
export async function login(
  app: App,
  username: string,
  password: string = DEFAULT_PASSWORD,
): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`login of ${username} failed: ${res.statusCode} ${res.body}`);
  return res.json().data.token;
}

/**
 * The first sign-in of a user a manager created through the API with the password `given`: that password
 * must be changed at once (someone else chose it), so the user signs in and chooses `own` in the forced
 * change, as the web's dialog does. Answers the session's token, which then reaches everything.
 */
export async function firstSignIn(
  app: App,
  user: { id: number; username: string },
  given: string,
  own: string = DEFAULT_PASSWORD,
): Promise<string> {
  const token = await login(app, user.username, given);
  const res = await app.inject({
    method: 'POST',
    url: `/api/users/${user.id}/password`,
    headers: { authorization: `Bearer ${token}` },
    payload: { cleartextPassword: { first: own, second: own } },
  });
  if (res.statusCode !== 200)
    throw new Error(`first password of ${user.username}: ${res.statusCode} ${res.body}`);
  return token;
}

export interface SignedIn {
  user: UserRow;
  token: string;
  headers: { authorization: string };
}

/**
 * A new user holding `roles`, already signed in (a session opened directly, without the argon2 cost of a
 * real sign-in): `const { headers } = await signIn(ctx, [ROLE_X]); app.inject({ ..., headers })`.
 */
export async function signIn(
  ctx: { database: Database; config: Config; app?: App },
  roles: string[] = [],
  options: CreateUserOptions = {},
): Promise<SignedIn> {
  const user = await createUser(ctx.database, { ...options, roles });
  const { token } = await openSession(
    ctx.database.db,
    ctx.config,
    {
      userId: user.id,
      ip: '127.0.0.1',
      userAgent: 'test',
    },
    ctx.app?.clock() ?? new Date(),
  );
  return { user, token, headers: { authorization: `Bearer ${token}` } };
}

/** The WebSocket address a signed-in browser connects to: with a one-time ticket for its session. */
export async function socketUrl(app: App, token: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/realtime/ticket',
    headers: { authorization: `Bearer ${token}` },
  });
  if (res.statusCode !== 200) throw new Error(`no socket ticket: ${res.statusCode} ${res.body}`);
  return `/api/realtime?ticket=${res.json().data.ticket}`;
}
