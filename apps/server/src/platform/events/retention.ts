import { sql } from 'drizzle-orm';
import { systemClock } from '../clock';
import type { ScheduledJob } from '../modules';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Removes the events older than `EVENT_RETENTION_DAYS` that every subscriber of this app has been given;
 * one a subscriber still waits for stays, however old. Cursors of subscribers no module declares any
 * more hold nothing back.
 */
export const eventRetentionJob: ScheduledJob = {
  name: 'domain-events-retention',
  intervalMs: 60 * 60 * 1000,
  async run({ database, config, registries, clock = systemClock }) {
    const before = new Date(clock().getTime() - config.eventRetentionDays * DAY);
    const subscribers = [...registries.subscribers.keys()];
    await database.db.execute(sql`
      DELETE FROM domain_events e
      WHERE e.occurred_at < ${before}
        AND NOT EXISTS (
          SELECT 1 FROM domain_event_cursors c
          WHERE c.subscriber = ANY(${sql.param(subscribers)}::text[]) AND (e.txid, e.id) > (c.last_txid, c.last_id)
        )`);
  },
};
