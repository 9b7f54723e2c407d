import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { verifyPassword } from '../../platform/auth/password';
import { accessGroups, contacts, users } from '../../platform/identity/tables';
import { createTestDatabase } from '../../test/harness';
import { createUser } from '../../test/users';
import type { Database } from '../connection';
import { ensureAdmin } from './admin';

const log = { info: vi.fn(), warn: vi.fn() };

describe('first administrator', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const admins = () =>
    database.db
      .select({ user: users, contactName: contacts.name })
      .from(users)
      .innerJoin(contacts, eq(contacts.id, users.contactId))
      .where(sql`${'ROLE_ADMIN'} = ANY(${users.roles})`);

  it('creates one with a random password printed once, to be changed at first sign-in; idempotent', async () => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      await ensureAdmin(database, { adminUsername: 'root', adminPassword: undefined }, log);
      await ensureAdmin(database, { adminUsername: 'root', adminPassword: undefined }, log);
      const printed = write.mock.calls.map((c) => String(c[0])).join('');
      const password = /password "([^"]+)"/.exec(printed)?.[1];
      expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
      expect(printed.match(/password "/g)).toHaveLength(1);
      const rows = await admins();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.contactName).toBe('Administrator');
      expect(rows[0]!.user).toMatchObject({ username: 'root', changePasswordRequired: true, active: true });
      expect(await verifyPassword(rows[0]!.user.passwordHash, password!)).toBe(true);
    } finally {
      write.mockRestore();
    }
  });

  it('counts administrators through access groups and skips disabled ones', async () => {
    const other = await createTestDatabase();
    try {
      const [group] = await other.db
        .insert(accessGroups)
        .values({ name: 'Admins', roles: ['ROLE_ADMIN'] })
        .returning();
      await createUser(other, { accessGroupIds: [group!.id] });
      await ensureAdmin(other, { adminUsername: 'admin', adminPassword: 'Chief-2025' }, log);
      expect(await other.db.select().from(users).where(eq(users.username, 'admin'))).toEqual([]);

      await other.db.update(users).set({ active: false });
      await ensureAdmin(other, { adminUsername: 'admin', adminPassword: 'Chief-2025' }, log);
      const [created] = await other.db.select().from(users).where(eq(users.username, 'admin'));
      expect(created).toMatchObject({ roles: ['ROLE_ADMIN'], changePasswordRequired: false });
      expect(await verifyPassword(created!.passwordHash, 'Chief-2025')).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('makes an existing user of that name administrator instead of failing', async () => {
    const other = await createTestDatabase();
    try {
      const user = await createUser(other, { username: 'Admin', roles: ['ROLE_X'], active: false });
      await ensureAdmin(other, { adminUsername: 'admin', adminPassword: 'Chief-2025' }, log);
      const [row] = await other.db.select().from(users).where(eq(users.id, user.id));
      expect(row).toMatchObject({
        roles: ['ROLE_X', 'ROLE_ADMIN'],
        active: true,
        passwordHash: user.passwordHash,
      });
      expect(await other.db.select().from(users)).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it('requires a change of a configured password that breaks the rules', async () => {
    const other = await createTestDatabase();
    try {
      await ensureAdmin(other, { adminUsername: 'admin', adminPassword: 'admin' }, log);
      const [row] = await other.db.select().from(users);
      expect(row?.changePasswordRequired).toBe(true);
    } finally {
      await other.close();
    }
  });
});
