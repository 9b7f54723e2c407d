import type { MarkingCodeStatus, MarkingRequestKind, MarkingRequestState } from '@tms/domain';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { entityColumns } from '../../platform/columns';
import { orders } from '../operations';

/** Marking codes of the orders' cargo lines (docs/marking.md "Codes"). */
export const markingCodes = pgTable(
  'marking_codes',
  {
    ...entityColumns(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The cargo line: a TNVED code of the order's cargo. */
    tnvedCode: text('tnved_code').notNull(),
    gtin: text('gtin').notNull(),
    serial: text('serial').notNull(),
    /** `01<GTIN>21<serial>`: a product's one code, so on one order only. */
    cis: text('cis').notNull(),
    code: text('code').notNull(),
    printed: text('printed').notNull(),
    status: text('status').$type<MarkingCodeStatus>().notNull().default('NEW'),
    source: text('source').notNull().default('entered'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('marking_codes_cis_uq').on(t.cis),
    index('marking_codes_order_idx').on(t.orderId, t.tnvedCode),
  ],
);

/** The order's calls to Честный ЗНАК, each made by a job of the queue (docs/marking.md "Честный ЗНАК"). */
export const markingRequests = pgTable(
  'marking_requests',
  {
    ...entityColumns(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<MarkingRequestKind>().notNull(),
    tnvedCode: text('tnved_code'),
    gtin: text('gtin'),
    quantity: integer('quantity'),
    /** The codes a report or a status query is about. */
    codeIds: integer('code_ids').array().notNull().default([]),
    codeCount: integer('code_count').notNull().default(0),
    state: text('state').$type<MarkingRequestState>().notNull().default('queued'),
    externalId: text('external_id'),
    error: text('error'),
    errorDetail: text('error_detail'),
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [index('marking_requests_order_idx').on(t.orderId, t.createdAt)],
);
