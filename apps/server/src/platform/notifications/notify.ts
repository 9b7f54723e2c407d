import {
  type ExportLanguage,
  type LocalizedText,
  NOTIFICATION_SCOPES,
  type Notification,
  type NotificationLink,
  type NotificationScope,
  narrowerScope,
} from '@tms/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import { actingUserId } from '../auth/context';
import { textOf } from '../i18n/dictionaries';
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
 * reaches the event gets one (or, for a type with bursts, their open one counted up), stored and announced
 * on `notifications_new/{contactId}` when the caller's transaction commits. The acting user is not told of
 * their own action. Returns how many were notified.
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
  const params: Record<string, string | LocalizedText> = Object.fromEntries(
    Object.entries(input.params ?? {}).map(([name, value]) => [
      name,
      value == null ? '' : typeof value === 'object' ? value : String(value),
    ]),
  );
  const links = input.links ?? {};
  assertLinked(input.type, links);
  const grouped = type.burst
    ? await joinBursts(ctx.tx, input.type, type.burst, recipients, params, links)
    : [];
  const joined = new Set(grouped.map((row) => row.userId));
  const fresh = recipients.filter((user) => !joined.has(user.id));
  const inserted = fresh.length
    ? await ctx.tx
        .insert(notifications)
        .values(
          fresh.map((user) => ({
            userId: user.id,
            contactId: user.contactId,
            type: input.type,
            params,
            links,
            colour: type.colour ?? 'blue',
            mail: user.mail,
          })),
        )
        .returning()
    : [];
  const localeOf = new Map(recipients.map((user) => [user.id, user.locale]));
  for (const row of [...grouped, ...inserted]) {
    await publish(
      ctx.tx,
      `notifications_new/${row.contactId}`,
      toNotification(row, languageOf(localeOf.get(row.userId))),
    );
  }
  return recipients.length;
}

/**
 * Every `%%slug%%` of the type's text (in either language) names one of `links`: a notification never shows
 * a raw marker. A type raised without the link its text names is a mistake of the code.
 */
function assertLinked(type: string, links: Record<string, NotificationLink>): void {
  for (const lang of ['ru', 'en'] as const) {
    for (const key of ['content', 'grouped_one', 'grouped_few', 'grouped_many', 'grouped_other']) {
      const text = textOf(`notifications.types.${type}.${key}`, lang) ?? '';
      for (const [, slug] of text.matchAll(/%%([A-Za-z0-9_-]+)%%/g)) {
        if (!links[slug!]) throw new Error(`Notification "${type}" names %%${slug}%% without its link`);
      }
    }
  }
}

/**
 * A burst (`NotificationType.burst`): for each recipient whose last notification of the type is unread,
 * not mailed and recent, that one is counted up and takes the new event's parameters and links, dated now
 * (and mailed if either asked it). Answers the rows so joined; the others get a notification of their own.
 */
async function joinBursts(
  tx: Tx,
  type: string,
  burst: { windowMinutes: number },
  recipients: readonly { id: number; mail: boolean }[],
  params: Record<string, string | LocalizedText>,
  links: Record<string, NotificationLink>,
): Promise<NotificationRow[]> {
  // Each recipient's last one of the type, if it is still open (locked: two bursts count up in turn).
  const last = tx
    .select({ id: sql`max(${notifications.id})` })
    .from(notifications)
    .where(
      and(
        inArray(
          notifications.userId,
          recipients.map((user) => user.id),
        ),
        eq(notifications.type, type),
      ),
    )
    .groupBy(notifications.userId);
  const open = await tx
    .select({ id: notifications.id, userId: notifications.userId })
    .from(notifications)
    .where(
      and(
        inArray(notifications.id, last),
        sql`${notifications.readAt} IS NULL AND ${notifications.mailedAt} IS NULL`,
        sql`${notifications.createdAt} > now() - make_interval(mins => ${burst.windowMinutes})`,
      ),
    )
    .for('update');
  const mail = new Map(recipients.map((user) => [user.id, user.mail]));
  const joined: NotificationRow[] = [];
  for (const { id, userId } of open) {
    const [row] = await tx
      .update(notifications)
      .set({
        params: sql`${JSON.stringify(params)}::jsonb || jsonb_build_object('count',
          (coalesce((${notifications.params} ->> 'count')::integer, 1) + 1)::text)`,
        links,
        createdAt: sql`now()`,
        mail: sql`${notifications.mail} OR ${mail.get(userId) ?? false}`,
      })
      .where(eq(notifications.id, id))
      .returning();
    joined.push(row!);
  }
  return joined;
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
