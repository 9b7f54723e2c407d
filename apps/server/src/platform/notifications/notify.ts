import {
  type ExportLanguage,
  type LocalizedText,
  NOTIFICATION_SCOPES,
  type Notification,
  type NotificationLink,
  type NotificationScope,
  narrowerScope,
} from '@tms/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import { actingUserId } from '../auth/context';
import { users } from '../identity/tables';
import { publish } from '../realtime/hub';
import type { ChangeContext } from '../resources/context';
import { notificationSubscriptions, notifications } from './tables';
import { languageOf, maxScopeOf, renderContent } from './types';

type UserIds = readonly (number | null | undefined)[];

/** What a module tells `notify` about one event; who hears of it follows from each user's subscription. */
export interface NotifyInput {
  /** A type some module declares (`notifications` of its definition). */
  type: string;
  /** The values of the content's `{{name}}` placeholders. */
  params?: Record<string, string | number | LocalizedText | null | undefined>;
  /** What the content's `%%slug%%` markers stand for. */
  links?: Record<string, NotificationLink>;
  /** The users the event names: an order's forwarder, seller and curators; an announcement's author. */
  direct?: UserIds;
  /** The users related to it without being named: the client's curators and managers, a job's forwarder. */
  related?: UserIds;
  /** The service offices the record belongs to. */
  offices?: UserIds;
  /**
   * The user who acted, not told of their own action; unset: the caller's principal (a domain-event
   * subscriber, which runs as the system, passes the event's user).
   */
  actorId?: number | null;
}

type NotificationRow = typeof notifications.$inferSelect;

export function toNotification(row: NotificationRow, lang: ExportLanguage): Notification {
  return {
    id: row.id,
    type: row.type,
    content: renderContent(row.type, row.params, lang),
    links: row.links,
    createdTimestamp: row.createdAt.toISOString(),
    colour: row.colour,
    read: row.readAt !== null,
  };
}

const ids = (list: UserIds | undefined): number[] =>
  [...new Set(list ?? [])].filter((id): id is number => typeof id === 'number');

/** How close an event stands to a user: the narrowest subscription scope that still hears of it. */
function relation(
  user: { id: number; serviceOfficeId: number | null },
  direct: number[],
  related: number[],
  offices: number[],
): NotificationScope {
  if (direct.includes(user.id)) return 'direct';
  if (related.includes(user.id)) return 'related';
  if (user.serviceOfficeId !== null && offices.includes(user.serviceOfficeId)) return 'office';
  return 'global';
}

/**
 * Raises a notification: every active user whose subscription to the type (capped by what they may read)
 * reaches the event gets one, stored and announced on `notifications_new/{contactId}` when the caller's
 * transaction commits. The acting user is not told of their own action. Returns how many were notified.
 */
export async function notify(ctx: ChangeContext, input: NotifyInput): Promise<number> {
  const type = ctx.registries.notificationTypes.get(input.type);
  if (!type) throw new Error(`Notification type "${input.type}" is declared by no module`);
  const direct = ids(input.direct);
  const related = ids(input.related);
  const offices = ids(input.offices);
  const people = [...direct, ...related];
  const actor = input.actorId === undefined ? actingUserId(ctx.auth) : input.actorId;
  const chosen = sql<NotificationScope>`coalesce(${notificationSubscriptions.scope}, ${type.defaultScope})`;
  // Mailed only to those who asked for the type by mail and have an address to mail it to.
  const mail = sql<boolean>`coalesce(${notificationSubscriptions.mail}, false) AND ${users.email} IS NOT NULL`;
  const candidates = await ctx.tx
    .select({
      id: users.id,
      contactId: users.contactId,
      serviceOfficeId: users.serviceOfficeId,
      roles: users.effectiveRoles,
      locale: users.locale,
      chosen,
      mail,
    })
    .from(users)
    .leftJoin(
      notificationSubscriptions,
      and(eq(notificationSubscriptions.userId, users.id), eq(notificationSubscriptions.type, input.type)),
    )
    .where(
      and(
        eq(users.active, true),
        actor === null ? undefined : sql`${users.id} <> ${actor}`,
        sql`(${users.id} = ANY(${sql.param(people)}::integer[])
          OR ${users.serviceOfficeId} = ANY(${sql.param(offices)}::integer[])
          OR ${chosen} = 'global')`,
      ),
    );
  const recipients = candidates.filter((user) => {
    const scope = narrowerScope(user.chosen, maxScopeOf(new Set(user.roles), type));
    const needed = relation(user, direct, related, offices);
    return scope !== 'off' && NOTIFICATION_SCOPES.indexOf(scope) >= NOTIFICATION_SCOPES.indexOf(needed);
  });
  if (!recipients.length) return 0;
  const params = Object.fromEntries(
    Object.entries(input.params ?? {}).map(([name, value]) => [
      name,
      value == null ? '' : typeof value === 'object' ? value : String(value),
    ]),
  );
  const rows = await ctx.tx
    .insert(notifications)
    .values(
      recipients.map((user) => ({
        userId: user.id,
        contactId: user.contactId,
        type: input.type,
        params,
        links: input.links ?? {},
        colour: type.colour ?? 'blue',
        mail: user.mail,
      })),
    )
    .returning();
  for (const [i, row] of rows.entries()) {
    const user = recipients[i]!;
    await publish(
      ctx.tx,
      `notifications_new/${user.contactId}`,
      toNotification(row, languageOf(user.locale)),
    );
  }
  return rows.length;
}

/** Marks one of a user's notifications read (another's is not found); announced on `notifications_read`. */
export async function markNotificationRead(
  tx: Tx,
  user: { userId: number; contactId: number },
  id: number,
): Promise<boolean> {
  const [row] = await tx
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, user.userId)))
    .returning({ id: notifications.id });
  if (!row) return false;
  await publish(tx, `notifications_read/${user.contactId}`, { id });
  return true;
}

export async function markAllNotificationsRead(
  tx: Tx,
  user: { userId: number; contactId: number },
): Promise<void> {
  await tx
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, user.userId), sql`${notifications.readAt} IS NULL`));
  await publish(tx, `notifications_read/${user.contactId}`, { all: true });
}
