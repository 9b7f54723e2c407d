import { boolean, pgTable, text } from 'drizzle-orm/pg-core';
import { entityColumns } from '../../platform/columns';

/** A named set of roles given to users together. */
export const accessGroups = pgTable('access_groups', {
  ...entityColumns(),
  name: text('name').notNull().unique(),
  description: text('description'),
  roles: text('roles').array().notNull().default([]),
  enabled: boolean('enabled').notNull().default(true),
});
