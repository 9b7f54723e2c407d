import { newPasswordErrors } from '@tms/domain/users/password';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { effectiveRolesSql } from '../../platform/auth/authenticate';
import { hashPassword, randomPassword } from '../../platform/auth/password';
import { contacts, users } from '../../platform/identity/tables';
import type { Database } from '../connection';

/** Two-int advisory key: its key space never meets the single-bigint keys of migrations and jobs. */
const ADMIN_LOCK = [727, 2] as const;

/**
 * Makes sure an active administrator exists (ARCHITECTURE.md "Configuration"): when none does, creates
 * ADMIN_USERNAME with ADMIN_PASSWORD, or with a random password printed once to stdout that must be
 * changed at first sign-in. If that username is taken by a non-administrator, that user is made an
 * active administrator instead (a recovery path: never leave an installation without one). Idempotent,
 * and safe when several instances start at once.
 */
export async function ensureAdmin(
  database: Database,
  config: Pick<Config, 'adminUsername' | 'adminPassword'>,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): Promise<void> {
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${ADMIN_LOCK[0]}, ${ADMIN_LOCK[1]})`);
    const [admin] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.active, true), sql`${'ROLE_ADMIN'} = ANY(${effectiveRolesSql(users)})`))
      .limit(1);
    if (admin) return;

    const username = config.adminUsername;
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = ${username.toLowerCase()}`);
    if (taken) {
      await tx
        .update(users)
        .set({
          active: true,
          roles: sql`array_append(array_remove(${users.roles}, ${'ROLE_ADMIN'}), ${'ROLE_ADMIN'})`,
          version: sql`${users.version} + 1`,
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, taken.id));
      log.warn({ username }, 'no active administrator: the existing user was made administrator');
      return;
    }

    const password = config.adminPassword ?? randomPassword();
    // A generated password, or a configured one that breaks the rules, must be replaced at first sign-in.
    const changePasswordRequired = !config.adminPassword || newPasswordErrors(password, username).length > 0;
    const [contact] = await tx
      .insert(contacts)
      .values({ name: 'Administrator' })
      .returning({ id: contacts.id });
    await tx.insert(users).values({
      username,
      passwordHash: await hashPassword(password),
      contactId: contact!.id,
      roles: ['ROLE_ADMIN'],
      changePasswordRequired,
    });
    if (!config.adminPassword) {
      process.stdout.write(
        `\nFirst administrator created: username "${username}", password "${password}".\n` +
          'It is shown only this once and must be changed at the first sign-in.\n\n',
      );
    }
    log.info({ username }, 'first administrator created');
  });
}
