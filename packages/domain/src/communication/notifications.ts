import { z } from 'zod';
import { queryInteger } from '../common/list';

/**
 * How widely a user follows one notification type (spec §4): off; the events naming them directly (the
 * forwarder or seller of an order); related ones too (a client they curate, a job they forward); every
 * event of their service office; every event.
 */
export const NOTIFICATION_SCOPES = ['off', 'direct', 'related', 'office', 'global'] as const;
export type NotificationScope = (typeof NOTIFICATION_SCOPES)[number];

/** The narrower of two scopes (a subscription is capped by the scope of the records the user may read). */
export function narrowerScope(a: NotificationScope, b: NotificationScope): NotificationScope {
  return NOTIFICATION_SCOPES.indexOf(a) <= NOTIFICATION_SCOPES.indexOf(b) ? a : b;
}

/** The unread list of the header bell holds this many (spec §9). */
export const NOTIFICATIONS_UNREAD_MAX = 100;
/** How long the toast of an arriving notification stays (spec §9). */
export const NOTIFICATION_TOAST_MS = 5000;

/** A link a notification's content names with a `%%slug%%` marker. */
export const notificationLinkSchema = z.object({
  link: z.string(),
  text: z.string(),
  prefix: z.string().optional(),
});
export type NotificationLink = z.infer<typeof notificationLinkSchema>;

export const notificationSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  /** In the reader's language; `%%slug%%` markers stand for the entries of `links`. */
  content: z.string(),
  links: z.record(z.string(), notificationLinkSchema),
  createdTimestamp: z.string(),
  colour: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** The pieces of a notification's content: text, and links where its markers stand. */
export type ContentPart = { text: string } | { link: NotificationLink };

/** Splits `Order %%order%% is ready` into text and the links its markers name; an unknown marker stays text. */
export function contentParts(content: string, links: Record<string, NotificationLink>): ContentPart[] {
  const parts: ContentPart[] = [];
  const pattern = /%%([A-Za-z0-9_-]+)%%/g;
  let last = 0;
  for (const match of content.matchAll(pattern)) {
    const link = links[match[1]!];
    if (!link) continue;
    if (match.index > last) parts.push({ text: content.slice(last, match.index) });
    parts.push({ link });
    last = match.index + match[0].length;
  }
  if (last < content.length) parts.push({ text: content.slice(last) });
  return parts;
}

export const unreadNotificationsQuerySchema = z.object({
  'max-items': queryInteger(1, NOTIFICATIONS_UNREAD_MAX).default(NOTIFICATIONS_UNREAD_MAX),
});

/** One type in the user's settings: what they chose, the type's default and the widest they may choose. */
export const notificationSettingSchema = z.object({
  type: z.string(),
  scope: z.enum(NOTIFICATION_SCOPES),
  defaultScope: z.enum(NOTIFICATION_SCOPES),
  maxScope: z.enum(NOTIFICATION_SCOPES),
  /** Also mailed (in a digest) when the server mails; nothing is mailed while the scope is off. */
  mail: z.boolean(),
});
export type NotificationSetting = z.infer<typeof notificationSettingSchema>;

export const notificationSettingsUpdateSchema = z.object({
  settings: z
    .array(
      z.object({
        type: z.string().max(100),
        scope: z.enum(NOTIFICATION_SCOPES),
        /** Absent: the stored choice stays. */
        mail: z.boolean().optional(),
      }),
    )
    .max(500),
});
export type NotificationSettingsUpdate = z.infer<typeof notificationSettingsUpdateSchema>;

/** Messages of the notification settings. */
export const NOTIFICATION_MESSAGES = {
  unknownType: 'Unknown notification type.',
  scopeTooWide: 'This scope is wider than the records you may read.',
} as const;

/** What `notifications_read/{contactId}` carries: one notification read, or all of them. */
export const notificationReadMessageSchema = z.union([
  z.object({ id: z.number().int() }),
  z.object({ all: z.literal(true) }),
]);
