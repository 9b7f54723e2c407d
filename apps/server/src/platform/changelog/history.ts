import { type ListResult, listQuerySchema, recordIdSchema } from '@tms/domain';
import { and, desc, eq, getTableColumns, gte, lt, type SQL, sql } from 'drizzle-orm';
import { alias, QueryBuilder } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { readAll, type Tx } from '../../db/connection';
import { users } from '../identity/tables';
import { countRows, totalOfPage } from '../resources/query';
import { tableSelect, tail } from '../resources/statements';
import { TECHNICAL_MEMBERS } from './service';
import { changeLog, type FieldChanges } from './tables';

const userRef = z.object({ id: z.number().int(), name: z.string() }).nullable();

/** One change-log entry as the history tab and the change-log screen show it. */
export const changeEntrySchema = z.object({
  id: z.number().int(),
  entityType: z.string(),
  entityId: z.number().int(),
  action: z.string(),
  user: userRef,
  impersonator: userRef,
  /** Who acted: a user (`user`, `apiKey`), a counterparty's cabinet or the system; null on old entries. */
  principal: z.enum(['user', 'apiKey', 'cabinet', 'system']).nullable(),
  /** Why the system acted: a stable English key the client translates. */
  reason: z.string().nullable(),
  /** The cabinet's counterparty. */
  counterpartyId: z.number().int().nullable(),
  changes: z.record(z.string(), z.object({ old: z.unknown(), new: z.unknown() })),
  createdAt: z.string(),
});
export type ChangeEntry = z.infer<typeof changeEntrySchema>;

export const changeHistoryQuerySchema = listQuerySchema.pick({
  page: true,
  itemsPerPage: true,
  exactTotal: true,
});

const dateOrInstant = z.string().regex(/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/);

/** Filters of the change-log screen (`GET /api/settings/entity-changelog`). */
export const changeLogQuerySchema = changeHistoryQuerySchema.extend({
  entityType: z.string().trim().min(1).max(100).optional(),
  entityId: recordIdSchema.optional(),
  userId: recordIdSchema.optional(),
  dateFrom: dateOrInstant.optional(),
  dateTo: dateOrInstant.optional(),
});
export type ChangeLogQuery = z.infer<typeof changeLogQuerySchema>;

/** Entries written before `diff` left the technical members out still hold the record's id on create and delete. */
function withoutTechnicalMembers(changes: FieldChanges): FieldChanges {
  // Newer entries have none: they are answered as read, without a copy.
  if (!TECHNICAL_MEMBERS.some((name) => Object.hasOwn(changes, name))) return changes;
  return Object.fromEntries(Object.entries(changes).filter(([name]) => !TECHNICAL_MEMBERS.includes(name)));
}

const actor = alias(users, 'actor');
const impersonator = alias(users, 'impersonator');
const entrySelection = {
  ...getTableColumns(changeLog),
  // users.contact_name is the contact's name, kept by the users_derive trigger ('' without one).
  actorName: sql<string | null>`nullif(${actor.contactName}, '')`,
  impersonatorName: sql<string | null>`nullif(${impersonator.contactName}, '')`,
  actorUsername: actor.username,
  impersonatorUsername: impersonator.username,
};
type EntryRow = Omit<typeof changeLog.$inferSelect, 'createdAt'> & {
  createdAt: string;
  actorName: string | null;
  impersonatorName: string | null;
  actorUsername: string | null;
  impersonatorUsername: string | null;
};
/** The entries with their users' names: the head built once, a call renders its filters and page. */
const entrySelect = tableSelect<EntryRow>(changeLog, entrySelection, {
  from: new QueryBuilder()
    .select(entrySelection)
    .from(changeLog)
    .leftJoin(actor, eq(actor.id, changeLog.userId))
    .leftJoin(impersonator, eq(impersonator.id, changeLog.impersonatorId)),
  datesAsText: true,
});

/**
 * Change-log entries matching the filters and `visible` (the entries the reader may see, see
 * `visibleChanges`), newest first, with the acting and impersonating users' names.
 */
export async function changeHistory(
  db: Tx,
  query: ChangeLogQuery,
  visible?: SQL,
): Promise<ListResult<ChangeEntry>> {
  const conditions: (SQL | undefined)[] = [
    visible,
    query.entityType === undefined ? undefined : eq(changeLog.entityType, query.entityType),
    query.entityId === undefined ? undefined : eq(changeLog.entityId, query.entityId),
    query.userId === undefined ? undefined : eq(changeLog.userId, query.userId),
    query.dateFrom === undefined ? undefined : gte(changeLog.createdAt, sql`${query.dateFrom}::timestamptz`),
    query.dateTo === undefined
      ? undefined
      : /^\d{4}-\d{2}-\d{2}$/.test(query.dateTo)
        ? // A date-only bound includes that whole day.
          lt(changeLog.createdAt, sql`(${query.dateTo}::date + 1)::timestamptz`)
        : sql`${changeLog.createdAt} <= ${query.dateTo}::timestamptz`,
  ];
  const where = and(...conditions);
  const offset = (query.page - 1) * query.itemsPerPage;
  const [rows, counted] = await readAll(db, [
    () =>
      entrySelect.rows(db, tail({ where, order: [desc(changeLog.id)], limit: query.itemsPerPage, offset })),
    () => countRows(db, changeLog, where, { exact: query.exactTotal === true }),
  ]);
  const { total, kind } = totalOfPage(counted, offset, rows.length, query.itemsPerPage);
  return {
    total,
    totalKind: kind,
    collection: rows.map(
      ({ actorName, actorUsername, impersonatorName, impersonatorUsername, ...entry }) => ({
        id: entry.id,
        entityType: entry.entityType,
        entityId: entry.entityId,
        action: entry.action,
        user:
          entry.userId === null
            ? null
            : { id: entry.userId, name: actorName ?? actorUsername ?? `#${entry.userId}` },
        impersonator:
          entry.impersonatorId === null
            ? null
            : {
                id: entry.impersonatorId,
                name: impersonatorName ?? impersonatorUsername ?? `#${entry.impersonatorId}`,
              },
        principal: entry.principal as ChangeEntry['principal'],
        reason: entry.reason,
        counterpartyId: entry.counterpartyId,
        changes: withoutTechnicalMembers(entry.changes),
        createdAt: entry.createdAt,
      }),
    ),
  };
}
