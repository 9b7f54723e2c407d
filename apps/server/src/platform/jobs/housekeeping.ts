import { and, isNotNull, lt, or } from 'drizzle-orm';
import { loginAttempts, sessions, socketTickets } from '../auth/tables';
import type { ScheduledJob } from './scheduler';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Drops ended sessions a month after they ended, sign-in attempts older than the throttling memory and
 * socket tickets never used.
 */
export const housekeepingJob: ScheduledJob = {
  name: 'housekeeping',
  intervalMs: 60 * 60 * 1000,
  async run({ database }) {
    const monthAgo = new Date(Date.now() - 30 * DAY);
    await database.db
      .delete(sessions)
      .where(
        or(
          lt(sessions.expiresAt, monthAgo),
          and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, monthAgo)),
        ),
      );
    await database.db.delete(loginAttempts).where(lt(loginAttempts.createdAt, new Date(Date.now() - DAY)));
    await database.db.delete(socketTickets).where(lt(socketTickets.expiresAt, new Date()));
  },
};
