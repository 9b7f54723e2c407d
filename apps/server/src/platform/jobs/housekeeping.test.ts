import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';
import { loginAttempts, sessions } from '../auth/tables';
import { contacts, users } from '../identity/tables';
import { housekeepingJob } from './housekeeping';

describe('housekeeping', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('removes long-ended sessions and old sign-in attempts, keeps recent ones', async () => {
    const db = ctx.database.db;
    const [contact] = await db.insert(contacts).values({ name: 'Old' }).returning();
    const [user] = await db
      .insert(users)
      .values({ username: 'old', passwordHash: 'x', contactId: contact!.id })
      .returning();
    const longAgo = new Date(Date.now() - 40 * 24 * 3600 * 1000);
    await db.insert(sessions).values([
      { userId: user!.id, expiresAt: longAgo },
      { userId: user!.id, expiresAt: new Date(Date.now() + 3600 * 1000) },
    ]);
    await db.insert(loginAttempts).values([
      { username: 'old', ip: '10.0.0.1', success: false, createdAt: longAgo },
      { username: 'old', ip: '10.0.0.1', success: false },
    ]);
    expect((await ctx.app.queue.runNow(housekeepingJob.name, null)).ran).toBe(true);
    expect(await db.select().from(sessions)).toHaveLength(1);
    expect(await db.select().from(loginAttempts)).toHaveLength(1);
  });
});
