import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { entityColumns } from '../../platform/columns';

/** A person: an employee behind a user, or (with the counterparties module) a counterparty's contact. */
export const contacts = pgTable(
  'contacts',
  {
    ...entityColumns(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
  },
  (t) => [index('contacts_name_idx').on(t.name)],
);
