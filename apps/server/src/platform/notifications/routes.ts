import {
  dataSchema,
  idParamSchema,
  listQuerySchema,
  listResultSchema,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_SCOPES,
  type NotificationScope,
  type NotificationSetting,
  narrowerScope,
  notificationSchema,
  notificationSettingSchema,
  notificationSettingsUpdateSchema,
  type Role,
  unreadNotificationsQuerySchema,
} from '@tms/domain';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/connection';
import type { AuthContext } from '../auth/context';
import { ErrorCollector, notFound } from '../errors';
import type { App } from '../http/types';
import { users } from '../identity/tables';
import type { Registries } from '../modules';
import { markAllNotificationsRead, markNotificationRead, toNotification } from './notify';
import { notificationSubscriptions, notifications } from './tables';
import { languageOf, maxScopeOf } from './types';

/** The header's notifications are for the holders of ROLE_COMPANY_CHAPTERS (spec §2, §6). */
const roles: Role[] = ['ROLE_COMPANY_CHAPTERS'];
const tags = ['notifications'];
const done = z.object({ data: z.null() });

/** A page of a user's notifications matching `where`, newest first, with their number, in the user's language. */
async function notificationPage(db: Tx, userId: number, where: SQL | undefined, limit: number, offset = 0) {
  const [rows, [counted], lang] = await Promise.all([
    db.select().from(notifications).where(where).orderBy(desc(notifications.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(notifications).where(where),
    languageOfUser(db, userId),
  ]);
  return { collection: rows.map((row) => toNotification(row, lang)), total: counted!.total };
}
async function languageOfUser(tx: Tx, userId: number) {
  const [user] = await tx.select({ locale: users.locale }).from(users).where(eq(users.id, userId));
  return languageOf(user?.locale);
}

/** The user's setting of every declared type: what they chose (or the default), capped by what they may read. */
async function settingsOf(tx: Tx, registries: Registries, auth: AuthContext): Promise<NotificationSetting[]> {
  const chosen = new Map(
    (
      await tx
        .select({
          type: notificationSubscriptions.type,
          scope: notificationSubscriptions.scope,
          mail: notificationSubscriptions.mail,
        })
        .from(notificationSubscriptions)
        .where(eq(notificationSubscriptions.userId, auth.userId))
    ).map((row) => [row.type, row]),
  );
  return [...registries.notificationTypes].map(([name, type]) => {
    const maxScope = maxScopeOf(auth.roles, type);
    return {
      type: name,
      scope: narrowerScope(chosen.get(name)?.scope ?? type.defaultScope, maxScope),
      defaultScope: type.defaultScope,
      maxScope,
      mail: chosen.get(name)?.mail ?? false,
    };
  });
}

/**
 * Spec §7: the bell's unread list, marking read one or all (GET, as the spec's client calls them), the full
 * history of `/notifications`, and the subscriptions of `/user-settings/notification-settings`.
 */
export default async function notificationRoutes(app: App): Promise<void> {
  const db = app.database.db;

  app.get(
    '/notifications/internal/unread',
    {
      config: { roles },
      schema: {
        tags,
        summary:
          'The newest unread notifications of the signed-in user (at most 100) and how many are unread',
        querystring: unreadNotificationsQuerySchema,
        response: { 200: dataSchema(listResultSchema(notificationSchema)) },
      },
    },
    async (request) => {
      const auth = request.auth!;
      const unread = and(eq(notifications.userId, auth.userId), sql`${notifications.readAt} IS NULL`);
      return { data: await notificationPage(db, auth.userId, unread, request.query['max-items']) };
    },
  );

  app.get(
    '/notifications/internal/read-all',
    {
      config: { roles },
      schema: { tags, summary: 'Marks every notification read', response: { 200: done } },
    },
    async (request) => {
      await db.transaction((tx) => markAllNotificationsRead(tx, request.auth!));
      return { data: null };
    },
  );

  app.get(
    '/notifications/internal/:id/read',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'Marks one notification read',
        params: idParamSchema,
        response: { 200: done },
      },
    },
    async (request) => {
      const found = await db.transaction((tx) => markNotificationRead(tx, request.auth!, request.params.id));
      if (!found) throw notFound();
      return { data: null };
    },
  );

  app.get(
    '/notifications',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'Every notification of the signed-in user, newest first',
        querystring: listQuerySchema.pick({ page: true, itemsPerPage: true }),
        response: { 200: dataSchema(listResultSchema(notificationSchema)) },
      },
    },
    async (request) => {
      const auth = request.auth!;
      const mine = eq(notifications.userId, auth.userId);
      const { page, itemsPerPage } = request.query;
      return { data: await notificationPage(db, auth.userId, mine, itemsPerPage, (page - 1) * itemsPerPage) };
    },
  );

  const settingsAnswer = { 200: dataSchema(z.array(notificationSettingSchema)) };
  app.get(
    '/user-settings/notification-settings',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'How widely the user follows each notification type',
        response: settingsAnswer,
      },
    },
    async (request) => ({ data: await settingsOf(db, app.registries, request.auth!) }),
  );

  app.put(
    '/user-settings/notification-settings',
    {
      config: { roles },
      schema: {
        tags,
        summary: 'Changes how widely the user follows the given notification types',
        body: notificationSettingsUpdateSchema,
        response: settingsAnswer,
      },
    },
    async (request) => {
      const auth = request.auth!;
      const errors = new ErrorCollector();
      const chosen = new Map<string, { scope: NotificationScope; mail?: boolean }>();
      request.body.settings.forEach(({ type: name, scope, mail }, i) => {
        const type = app.registries.notificationTypes.get(name);
        if (!type) errors.add(['settings', String(i), 'type'], NOTIFICATION_MESSAGES.unknownType);
        else if (
          NOTIFICATION_SCOPES.indexOf(scope) > NOTIFICATION_SCOPES.indexOf(maxScopeOf(auth.roles, type))
        )
          errors.add(['settings', String(i), 'scope'], NOTIFICATION_MESSAGES.scopeTooWide);
        else chosen.set(name, { scope, mail });
      });
      errors.throwIfAny();
      await db.transaction(async (tx) => {
        for (const [type, { scope, mail }] of chosen) {
          // Without `mail` the stored choice of mail stays as it was.
          await tx
            .insert(notificationSubscriptions)
            .values({ userId: auth.userId, type, scope, mail: mail ?? false })
            .onConflictDoUpdate({
              target: [notificationSubscriptions.userId, notificationSubscriptions.type],
              set: mail === undefined ? { scope } : { scope, mail },
            });
        }
      });
      return { data: await settingsOf(db, app.registries, auth) };
    },
  );
}
