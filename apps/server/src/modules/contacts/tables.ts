import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { entityColumns } from '../../platform/columns';
import { searchTextColumn } from '../../platform/resources/indexes';
import { counterparties } from '../counterparties/tables';

/** One detail of a configured contact info type (settings contact_info_types). */
export interface ContactInfoValue {
  typeId: number;
  value: string;
}

/**
 * A person: an employee behind a user, or a counterparty's contact (`counterparty_id` set; the
 * counterparties module keeps those as the `counterparty_contact` resource).
 */
export const contacts = pgTable(
  'contacts',
  {
    ...entityColumns(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    counterpartyId: integer('counterparty_id').references(() => counterparties.id, { onDelete: 'cascade' }),
    /** The staff position at the counterparty. */
    position: text('position'),
    /** Further addresses, ", "-joined. */
    emails: text('emails'),
    contactInfos: jsonb('contact_infos').$type<ContactInfoValue[]>().notNull().default([]),
    comment: text('comment'),
    enabled: boolean('enabled').notNull().default(true),
    /** Digits of the phone, last ten: the form compared by the similar search whatever the prefix. */
    phoneKey: text('phone_key').generatedAlwaysAs(
      sql`nullif(right(regexp_replace(coalesce(phone, ''), '\\D', '', 'g'), 10), '')`,
    ),
    searchText: searchTextColumn('name', 'position', 'email', 'phone'),
  },
  (t) => [
    index('contacts_name_idx').on(t.name),
    index('contacts_counterparty_idx').on(t.counterpartyId),
    index('contacts_email_lower_idx').on(sql`lower(${t.email})`),
    index('contacts_phone_key_idx').on(t.phoneKey),
    index('contacts_search_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);
