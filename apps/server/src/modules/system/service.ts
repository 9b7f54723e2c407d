import { isNavKey, type NavItem } from '@tms/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import { textOf } from '../../platform/i18n/dictionaries';
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

/** The menu with the texts of every name that is not a `nav.*` key (a resource's title), in both languages. */
export function withLabels(items: readonly NavItem[]): NavItem[] {
  return items.map((item) => ({
    ...item,
    ...(isNavKey(item.name)
      ? {}
      : { labels: { ru: textOf(item.name, 'ru') ?? item.name, en: textOf(item.name, 'en') ?? item.name } }),
    children: withLabels(item.children),
  }));
}
