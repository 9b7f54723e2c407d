import { z } from 'zod';
import { listQuerySchema } from '../common/list';

/** Longest stored rich text of an announcement or a reply (HTML, after sanitizing). */
export const RICH_TEXT_MAX = 100_000;

export const ANNOUNCEMENT_MESSAGES = {
  editTimeExceeded: 'Announcement or reply edit time exceeded.',
  importantNotAllowed: 'You may not mark announcements important.',
  complaintReplyNotAllowed: 'Only those answering complaints may reply to one.',
  notAComplaint: 'Only a complaint can be answered as a complaint.',
  emptyContent: 'This value should not be blank.',
} as const;

/** What a reply is in its thread: a plain reply, a complaint, or the answer to a complaint. */
export const REPLY_KINDS = ['reply', 'complaint', 'complaintReply'] as const;
export type ReplyKind = (typeof REPLY_KINDS)[number];

const richText = z.string().max(RICH_TEXT_MAX);

export const announcementCreateSchema = z.object({
  title: z.string().trim().min(1).max(255),
  content: richText,
  isImportant: z.boolean().default(false),
  /** The service offices it is meant for; empty: everyone. */
  serviceOffices: z.array(z.number().int().positive()).max(200).default([]),
});
export type AnnouncementCreate = z.input<typeof announcementCreateSchema>;

export const announcementUpdateSchema = announcementCreateSchema
  .partial()
  .extend({ version: z.number().int().positive() });

export const authorSchema = z.object({ id: z.number().int(), contactName: z.string() });

export const announcementSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  title: z.string(),
  content: z.string(),
  author: authorSchema,
  createdTimestamp: z.string(),
  updatedAt: z.string(),
  isImportant: z.boolean(),
  serviceOffices: z.array(z.number().int()),
  replyCount: z.object({ total: z.number().int(), notRead: z.number().int() }),
  /** Whether the reader has read it. */
  read: z.boolean(),
  /** Whether the reader may still edit it (their own within the edit timeout, or any with "edit all"). */
  editable: z.boolean(),
});
export type Announcement = z.infer<typeof announcementSchema>;

export const announcementListQuerySchema = listQuerySchema.pick({
  page: true,
  itemsPerPage: true,
  search: true,
});

export const replyCreateSchema = z.object({
  content: richText,
  kind: z.enum(REPLY_KINDS).default('reply'),
  /** The complaint a `complaintReply` answers. */
  complaintId: z.number().int().positive().nullable().optional(),
});
export type ReplyCreate = z.input<typeof replyCreateSchema>;

export const replyUpdateSchema = z.object({ content: richText, version: z.number().int().positive() });

export const replySchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  announcementId: z.number().int(),
  content: z.string(),
  kind: z.enum(REPLY_KINDS),
  complaintId: z.number().int().nullable(),
  author: authorSchema,
  createdTimestamp: z.string(),
  updatedAt: z.string(),
  read: z.boolean(),
  editable: z.boolean(),
});
export type Reply = z.infer<typeof replySchema>;

/** An important announcement not meant for the reader's office reaches them as an ordinary one (spec §4). */
export function importantFor(
  announcement: { isImportant: boolean; serviceOffices: readonly number[] },
  serviceOfficeId: number | null,
): boolean {
  if (!announcement.isImportant) return false;
  if (announcement.serviceOffices.length === 0) return true;
  return serviceOfficeId !== null && announcement.serviceOffices.includes(serviceOfficeId);
}

/** Whether a text of rich text holds anything a reader would see (an image or some non-blank text). */
export function richTextBlank(html: string): boolean {
  if (/<img\b/i.test(html)) return false;
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .trim() === ''
  );
}
