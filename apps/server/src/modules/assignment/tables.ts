import type { AssignmentKind } from '@tms/domain';
import { boolean, integer, text } from 'drizzle-orm/pg-core';
import { users } from '../../platform/identity/tables';
import { resourceTable, searchTextColumn } from '../../platform/resources/indexes';

/**
 * Auto-assignment rules of every kind (docs/assignment.md): asked in `position` order within their kind,
 * the first whose conditions hold gives the new record its person. Conditions are id lists without foreign
 * keys (arrays have none); a missing id simply never matches.
 */
export const assignmentRules = resourceTable(
  'assignment_rules',
  {
    kind: text('kind').$type<AssignmentKind>().notNull(),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    clientIds: integer('client_ids').array().notNull().default([]),
    productIds: integer('product_ids').array().notNull().default([]),
    serviceOfficeIds: integer('service_office_ids').array().notNull().default([]),
    dispatchCountryIds: integer('dispatch_country_ids').array().notNull().default([]),
    deliveryCountryIds: integer('delivery_country_ids').array().notNull().default([]),
    transportTypes: text('transport_types').array().notNull().default([]),
    customsPointIds: integer('customs_point_ids').array().notNull().default([]),
    procedures: text('procedures').array().notNull().default([]),
    /** customs: whom the rule gives the record, `specialist` or `declarant`; forwarder rules keep the default. */
    assigns: text('assigns').notNull().default('specialist'),
    strategy: text('strategy').notNull(),
    userId: integer('user_id').references(() => users.id),
    userIds: integer('user_ids').array().notNull().default([]),
    lastAssignedUserId: integer('last_assigned_user_id').references(() => users.id),
    enabled: boolean('enabled').notNull().default(true),
    searchText: searchTextColumn('name'),
  },
  { indexed: ['kind', 'userId'], sortable: ['position', 'name', 'updatedAt'] },
);
