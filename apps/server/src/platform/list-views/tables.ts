import type { ListViewQuery } from '@tms/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { entityColumns } from '../columns';
import { users } from '../identity/tables';

/** A user's saved filter of one resource list (`resource` is the descriptor's name). */
export const listViews = pgTable(
  'list_views',
  {
    ...entityColumns(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    resource: text('resource').notNull(),
    name: text('name').notNull(),
    query: jsonb('query').$type<ListViewQuery>().notNull(),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [
    uniqueIndex('list_views_user_resource_name_key').on(t.userId, t.resource, t.name),
    // At most one default per user and list, whatever order concurrent writes commit in.
    uniqueIndex('list_views_one_default_key').on(t.userId, t.resource).where(sql`${t.isDefault}`),
  ],
);

/** A user's column choice of one resource list; no row: the list's default columns. */
export const listColumns = pgTable(
  'list_columns',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    resource: text('resource').notNull(),
    columns: text('columns').array().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.resource] })],
);
