import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import { contacts, users } from '../../platform/identity/tables';
import { currencies } from '../reference-data';

/** The id of the currency with this ISO code, or null when the currency list has none. */
export async function currencyIdByCode(db: Tx, code: string): Promise<number | null> {
  const [row] = await db.select({ id: currencies.id }).from(currencies).where(eq(currencies.code, code));
  return row?.id ?? null;
}

/** The real user behind an impersonated session, as the shell's "exit as {name}" shows them. */
export async function loadImpersonator(
  db: Tx,
  userId: number,
): Promise<{ id: number; username: string; contact: { name: string } } | null> {
  const [row] = await db
    .select({ id: users.id, username: users.username, name: contacts.name })
    .from(users)
    .innerJoin(contacts, eq(contacts.id, users.contactId))
    .where(eq(users.id, userId));
  return row ? { id: row.id, username: row.username, contact: { name: row.name } } : null;
}
