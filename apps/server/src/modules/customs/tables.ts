import type { ControlKind, DeclarationItem, DeclarationStatus, InspectionMode } from '@tms/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { entityColumns } from '../../platform/columns';
import { users } from '../../platform/identity/tables';
import { listIndexes, searchTextColumn } from '../../platform/resources/indexes';
import { counterparties } from '../counterparties';
import { orders } from '../operations';
import { countries } from '../reference-data';
import { customerRequests } from '../requests';

/** Customs offices where declarations are lodged. */
export const customsPoints = pgTable(
  'customs_points',
  {
    ...entityColumns(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    address: text('address'),
    /** The post's IANA time zone: the monitoring's moments and working days are read in it. */
    timeZone: text('time_zone').notNull().default('Europe/Moscow'),
    enabled: boolean('enabled').notNull().default(true),
    searchText: searchTextColumn('code', 'name', 'name_en', 'address'),
  },
  (t) => [
    uniqueIndex('customs_points_code_uq').on(t.code),
    index('customs_points_country_idx').on(t.countryId),
    ...listIndexes('customs_points', t, {
      sortable: [t.name, t.nameEn, t.updatedAt],
      searchText: t.searchText,
    }),
  ],
);

/** Who answers for a customs formality on an order. */
export const customsResponsibilities = pgTable(
  'customs_responsibilities',
  {
    ...entityColumns(),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    enabled: boolean('enabled').notNull().default(true),
    searchText: searchTextColumn('name', 'name_en'),
  },
  (t) => [
    uniqueIndex('customs_responsibilities_name_uq').on(t.name),
    ...listIndexes('customs_responsibilities', t, {
      sortable: [t.nameEn, t.updatedAt],
      searchText: t.searchText,
    }),
  ],
);

const at = (name: string) => timestamp(name, { withTimezone: true });

/** Customs declarations (DT): docs/customs.md "Declarations". */
export const customsDeclarations = pgTable(
  'customs_declarations',
  {
    ...entityColumns(),
    number: text('number'),
    status: text('status').$type<DeclarationStatus>().notNull().default('DRAFT'),
    controlKind: text('control_kind').$type<ControlKind>(),
    decisionCode: text('decision_code'),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    requestId: integer('request_id').references(() => customerRequests.id),
    clientId: integer('client_id').references(() => counterparties.id),
    clientName: text('client_name'),
    direction: text('direction').notNull(),
    procedureCode: text('procedure_code').notNull(),
    customsPointId: integer('customs_point_id')
      .notNull()
      .references(() => customsPoints.id),
    bondedTerminal: text('bonded_terminal'),
    releaseCondition: text('release_condition').notNull().default('customs'),
    customsObject: text('customs_object').notNull().default('arrival'),
    inspectionMode: text('inspection_mode').$type<InspectionMode>().notNull().default('none'),
    items: jsonb('items').$type<DeclarationItem[]>().notNull().default(sql`'[]'::jsonb`),
    declarantId: integer('declarant_id').references(() => users.id),
    declarantAcceptedAt: at('declarant_accepted_at'),
    customsSpecialistId: integer('customs_specialist_id').references(() => users.id),
    customsSpecialistAcceptedAt: at('customs_specialist_accepted_at'),
    /** The customs auto-assignment rule that named the specialist (docs/assignment.md), kept by name. */
    assignmentRuleId: integer('assignment_rule_id'),
    assignmentRuleName: text('assignment_rule_name'),
    /** The rule that named the declarant, likewise. */
    declarantRuleId: integer('declarant_rule_id'),
    declarantRuleName: text('declarant_rule_name'),
    registrationDate: date('registration_date', { mode: 'string' }),
    submittedAt: at('submitted_at'),
    registeredAt: at('registered_at'),
    decisionAt: at('decision_at'),
    releaseMinutes: integer('release_minutes'),
    statusChangedAt: at('status_changed_at'),
    comment: text('comment'),
    searchText: searchTextColumn('number', 'client_name', 'bonded_terminal'),
  },
  (t) => [
    uniqueIndex('customs_declarations_number_uq').on(t.number),
    index('customs_declarations_order_idx').on(t.orderId),
    index('customs_declarations_status_idx').on(t.status),
    index('customs_declarations_point_idx').on(t.customsPointId),
    // One client's declarations of a period, newest registration first (the list's client filter): without
    // it the list walked the registration date index over every client's (410 ms at 83,000 declarations).
    index('customs_declarations_client_idx').on(t.clientId, t.registrationDate),
    ...listIndexes('customs_declarations', t, {
      sortable: [t.number, t.clientName, t.registrationDate, t.statusChangedAt, t.createdAt],
      searchText: t.searchText,
    }),
  ],
);
// The classifier's tables live with its code; re-exported so drizzle-kit finds them here.
export { tnvedEntries, tnvedFiles } from './tnved/tables';
