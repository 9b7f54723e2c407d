import {
  CABINET_NOTIFICATION_KINDS,
  CABINET_PATHS,
  type CabinetKind,
  dataSchema,
  pccNotificationPageSchema,
  pccNotificationsReadSchema,
  pccSettingsSchema,
} from '@tms/domain';
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requestDb } from '../../../platform/auth/cabinet-wall';
import { notFound } from '../../../platform/errors';
import type { App } from '../../../platform/http/types';
import { cabinetNotifications, cabinetUsers } from '../tables';

/** The bell shows this many of the latest notifications. */
const BELL_SIZE = 30;

/**
 * The signed-in cabinet user; a counterparty's API key is no user: it has no notifications or settings of
 * its own to find (404).
 */
function cabinetUserOf(request: FastifyRequest): number {
  const id = request.cabinet!.cabinetUserId;
  if (id === null) throw notFound();
  return id;
}

/**
 * A cabinet's bell (`/{cabinet}/notifications`, `.../read`) and its user's mail switch
 * (`/{cabinet}/me/settings`), the same in every cabinet: a user reads and marks his own rows only, which
 * `cabinets.notifications` wrote for his counterparty and cabinet.
 */
export function cabinetNotificationRoutes(app: App, kind: CabinetKind): void {
  const base = `/${CABINET_PATHS[kind]}`;
  const tags = [CABINET_PATHS[kind]];

  app.get(
    `${base}/notifications`,
    {
      config: { cabinet: kind },
      schema: {
        tags,
        summary: "The user's latest notifications and how many are unread",
        response: { 200: dataSchema(pccNotificationPageSchema) },
      },
    },
    async (request) => {
      const userId = cabinetUserOf(request);
      const mine = eq(cabinetNotifications.cabinetUserId, userId);
      const [rows, [unread]] = await Promise.all([
        requestDb(request)
          .select()
          .from(cabinetNotifications)
          .where(mine)
          .orderBy(desc(cabinetNotifications.id))
          .limit(BELL_SIZE),
        requestDb(request)
          .select({ n: count() })
          .from(cabinetNotifications)
          .where(and(mine, isNull(cabinetNotifications.readAt))),
      ]);
      return {
        data: {
          collection: rows
            .filter((row) => (CABINET_NOTIFICATION_KINDS as readonly string[]).includes(row.kind))
            .map((row) => ({
              id: row.id,
              kind: row.kind as (typeof CABINET_NOTIFICATION_KINDS)[number],
              params: row.params,
              link: row.link,
              createdAt: row.createdAt.toISOString(),
              read: row.readAt !== null,
            })),
          unread: unread?.n ?? 0,
        },
      };
    },
  );

  app.post(
    `${base}/notifications/read`,
    {
      config: { cabinet: kind },
      schema: {
        tags,
        summary: 'Mark his notifications read: those named, or all',
        body: pccNotificationsReadSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const userId = cabinetUserOf(request);
      const { ids } = request.body as z.infer<typeof pccNotificationsReadSchema>;
      // Ids of another user's notifications match nothing here: only his own rows are touched.
      await requestDb(request)
        .update(cabinetNotifications)
        .set({ readAt: app.clock() })
        .where(
          and(
            eq(cabinetNotifications.cabinetUserId, userId),
            isNull(cabinetNotifications.readAt),
            ids ? inArray(cabinetNotifications.id, ids) : undefined,
          ),
        );
      return reply.code(204).send(null);
    },
  );

  app.get(
    `${base}/me/settings`,
    {
      config: { cabinet: kind },
      schema: { tags, summary: 'His own settings', response: { 200: dataSchema(pccSettingsSchema) } },
    },
    async (request) => {
      const [row] = await requestDb(request)
        .select({ mailNotifications: cabinetUsers.mailNotifications })
        .from(cabinetUsers)
        .where(eq(cabinetUsers.id, cabinetUserOf(request)));
      return { data: { mailNotifications: row?.mailNotifications ?? false } };
    },
  );

  app.put(
    `${base}/me/settings`,
    {
      config: { cabinet: kind },
      schema: {
        tags,
        summary: 'Turn his notifications by mail on or off',
        body: pccSettingsSchema,
        response: { 200: dataSchema(pccSettingsSchema) },
      },
    },
    async (request) => {
      const body = request.body as z.infer<typeof pccSettingsSchema>;
      await requestDb(request)
        .update(cabinetUsers)
        .set({ mailNotifications: body.mailNotifications })
        .where(eq(cabinetUsers.id, cabinetUserOf(request)));
      return { data: body };
    },
  );
}
