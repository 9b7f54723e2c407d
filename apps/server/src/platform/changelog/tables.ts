import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export type FieldChanges = Record<string, { old: unknown; new: unknown }>;

/** Who changed what and when; written in the same transaction as the change. */
export const changeLog = pgTable(
  'change_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    entityType: text('entity_type').notNull(),
    entityId: integer('entity_id').notNull(),
    action: text('action').notNull(),
    userId: integer('user_id'),
    impersonatorId: integer('impersonator_id'),
    /** Who acted: a user (`user`, `apiKey`), a counterparty's cabinet or the system; null on old entries. */
    principal: text('principal'),
    /** The cabinet's counterparty. */
    counterpartyId: integer('counterparty_id'),
    /** Why the system acted (`asSystem`'s reason). */
    reason: text('reason'),
    changes: jsonb('changes').$type<FieldChanges>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('change_log_entity_idx').on(t.entityType, t.entityId, t.id),
    index('change_log_user_idx').on(t.userId, t.id),
    index('change_log_created_idx').on(t.createdAt),
  ],
);

/**
 * The last stored row of each deleted record of a resource with a read scope, kept by the kernel's delete:
 * the change log shows the entries of a record that is gone to whoever its scope would still let read it
 * (its office, its kind), consulting this row where the record's own is no more.
 */
export const deletedRecords = pgTable(
  'deleted_records',
  {
    entityType: text('entity_type').notNull(),
    entityId: integer('entity_id').notNull(),
    row: jsonb('row').notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.entityType, t.entityId] })],
);
