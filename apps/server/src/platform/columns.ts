import { integer, timestamp } from 'drizzle-orm/pg-core';

/** Columns every entity of the contract carries: integer id, optimistic-lock version, timestamps. */
export function entityColumns() {
  return {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  };
}
