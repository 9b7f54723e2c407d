import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../identity/tables';

/** One signed-in browser or client. Revoking it ends every token that names it. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The real user when this session impersonates `userId`. */
    impersonatorId: integer('impersonator_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The real user's own session, returned to on exit. */
    parentSessionId: uuid('parent_session_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    // Ending a user's sessions also ends those in which they impersonate; signing out ends child sessions.
    index('sessions_impersonator_idx').on(t.impersonatorId),
    index('sessions_parent_idx').on(t.parentSessionId),
  ],
);

/** Sign-in attempts, for the per-account and per-address limits. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    ip: text('ip').notNull(),
    success: boolean('success').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_attempts_username_idx').on(t.username, t.createdAt),
    index('login_attempts_ip_idx').on(t.ip, t.createdAt),
  ],
);

/**
 * One-time WebSocket tickets: a browser cannot send headers on the handshake, so it asks for a ticket
 * (`POST /api/realtime/ticket`) and connects with `?ticket=`; the handshake deletes the row it uses.
 * Only the hash is stored, as for API keys.
 */
export const socketTickets = pgTable(
  'socket_tickets',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    impersonatorId: integer('impersonator_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('socket_tickets_expires_idx').on(t.expiresAt)],
);
