import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../../db/connection';
import { createTestDatabase, testConfig } from '../../test/harness';
import { buildRegistries } from '../modules';
import { runExclusive, type ScheduledJob, startScheduler } from './scheduler';

const log = pino({ level: 'silent' });

describe('scheduler', () => {
  let database: Database;
  const ctx = () => ({ database, config: testConfig(), log, registries: buildRegistries([]) });
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('runs a job and releases its lock so the next run can take it', async () => {
    let runs = 0;
    const job: ScheduledJob = { name: 'count', intervalMs: 1000, run: async () => void runs++ };
    expect(await runExclusive(ctx(), job)).toBe(true);
    expect(await runExclusive(ctx(), job)).toBe(true);
    expect(runs).toBe(2);
  });

  // One PGlite connection cannot hold a lock against itself: this needs a server with connections.
  it.skipIf(inject('dbTemplate').kind !== 'pg')(
    'skips a run while another holder has the lock (PostgreSQL)',
    async () => {
      let release!: () => void;
      let started!: () => void;
      const running = new Promise<void>((resolve) => (started = resolve));
      const blocker: ScheduledJob = {
        name: 'exclusive',
        intervalMs: 1000,
        run: () =>
          new Promise<void>((resolve) => {
            release = resolve;
            started();
          }),
      };
      const first = runExclusive(ctx(), blocker);
      // The first run holds the lock once its job has started.
      await running;
      let ran = false;
      const second = await runExclusive(ctx(), {
        ...blocker,
        run: async () => {
          ran = true;
        },
      });
      expect(second).toBe(false);
      expect(ran).toBe(false);
      release();
      expect(await first).toBe(true);
    },
  );

  it('keeps running after a job fails, and stops cleanly', async () => {
    let attempts = 0;
    const scheduler = startScheduler(ctx(), [
      {
        name: 'flaky',
        intervalMs: 20,
        run: async () => {
          attempts++;
          throw new Error('boom');
        },
      },
    ]);
    // Wait for a second run after the first failed (generous: the machine may be busy).
    for (let waited = 0; attempts < 2 && waited < 5000; waited += 20)
      await new Promise((r) => setTimeout(r, 20));
    await scheduler.stop();
    expect(attempts).toBeGreaterThanOrEqual(2);
    const after = attempts;
    await new Promise((r) => setTimeout(r, 60));
    expect(attempts).toBe(after);
  });
});

describe('housekeeping', () => {
  it('removes long-ended sessions and old sign-in attempts, keeps recent ones', async () => {
    const database = await createTestDatabase();
    try {
      const { contacts, users } = await import('../identity/tables');
      const { sessions, loginAttempts } = await import('../auth/tables');
      const [contact] = await database.db.insert(contacts).values({ name: 'Old' }).returning();
      const [user] = await database.db
        .insert(users)
        .values({ username: 'old', passwordHash: 'x', contactId: contact!.id })
        .returning();
      const longAgo = new Date(Date.now() - 40 * 24 * 3600 * 1000);
      await database.db.insert(sessions).values([
        { userId: user!.id, expiresAt: longAgo },
        { userId: user!.id, expiresAt: new Date(Date.now() + 3600 * 1000) },
      ]);
      await database.db.insert(loginAttempts).values([
        { username: 'old', ip: '10.0.0.1', success: false, createdAt: longAgo },
        { username: 'old', ip: '10.0.0.1', success: false },
      ]);
      const { housekeepingJob } = await import('./housekeeping');
      await housekeepingJob.run({ database, config: testConfig(), log, registries: buildRegistries([]) });
      expect(await database.db.select().from(sessions)).toHaveLength(1);
      expect(await database.db.select().from(loginAttempts)).toHaveLength(1);
    } finally {
      await database.close();
    }
  });
});
