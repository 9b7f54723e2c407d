import { ERROR_MESSAGES } from '@tms/domain';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/connection';
import { openSession } from '../../src/platform/auth/sessions';
import { changeLog } from '../../src/platform/changelog/tables';
import type { App } from '../../src/platform/http/types';
import { createUser } from '../../src/test/users';
import { type FreshDatabase, freshDatabase, SECRET_KEY, startInstance } from './postgres';

const WRITERS = 20;
const PATH = '/api/settings/service-offices';

/**
 * Optimistic locking under real concurrency: many requests based on the same version reach PostgreSQL at
 * once over a pool of connections; exactly one may win, and what is stored is exactly the winner's change.
 */
describe(`${WRITERS} concurrent updates of one record with the same version`, () => {
  let fresh: FreshDatabase;
  let app: App;
  let database: Database;
  let headers: { authorization: string };
  let id: number;

  beforeAll(async () => {
    fresh = await freshDatabase('locking');
    ({ app, database } = await startInstance(fresh.url));
    const user = await createUser(database, { roles: ['ROLE_SETTINGS_SERVICE_OFFICES'] });
    const { token } = await openSession(
      database.db,
      { secretKey: SECRET_KEY, tokenTtl: 3600 },
      {
        userId: user.id,
        ip: '127.0.0.1',
        userAgent: 'reliability',
      },
      new Date(),
    );
    headers = { authorization: `Bearer ${token}` };
    const created = await app.inject({
      method: 'POST',
      url: PATH,
      headers,
      payload: { name: 'Офис на Складской', code: 'SKL', address: 'Москва, ул. Складская, 1' },
    });
    expect(created.statusCode, created.body).toBe(201);
    id = created.json().data.id;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await fresh?.drop();
  });

  async function race(send: (i: number) => Promise<LightMyRequestResponse>) {
    const answers = await Promise.all(Array.from({ length: WRITERS }, (_, i) => send(i)));
    const winners = answers.filter((a) => a.statusCode === 200);
    const losers = answers.filter((a) => a.statusCode !== 200);
    return { winners, losers };
  }

  async function stored() {
    const res = await app.inject({ method: 'GET', url: `${PATH}/${id}`, headers });
    expect(res.statusCode).toBe(200);
    return res.json().data;
  }

  it('PUT with version in the body: one 200, the rest 409, the stored record is the winner', async () => {
    const { winners, losers } = await race((i) =>
      app.inject({
        method: 'PUT',
        url: `${PATH}/${id}`,
        headers,
        payload: { version: 1, address: `Москва, ул. Складская, ${100 + i}`, code: `SKL-${i}` },
      }),
    );
    expect(winners).toHaveLength(1);
    expect(losers.map((a) => a.statusCode)).toEqual(Array(WRITERS - 1).fill(409));
    for (const loser of losers) expect(loser.json()).toEqual({ code: 409, message: ERROR_MESSAGES.conflict });
    const winner = winners[0]!.json().data;
    expect(winner.version).toBe(2);
    expect(await stored()).toEqual(winner);
    const updates = await database.db
      .select()
      .from(changeLog)
      .where(
        and(
          eq(changeLog.entityType, 'service_office'),
          eq(changeLog.entityId, id),
          eq(changeLog.action, 'update'),
        ),
      );
    expect(updates).toHaveLength(1);
    expect(updates[0]!.changes.address?.new).toBe(winner.address);
  });

  it('PATCH with If-Match on the next version: again exactly one wins', async () => {
    const { winners, losers } = await race((i) =>
      app.inject({
        method: 'PATCH',
        url: `${PATH}/${id}`,
        headers: { ...headers, 'if-match': '"2"' },
        payload: { name: `Офис на Складской (${i})` },
      }),
    );
    expect(winners).toHaveLength(1);
    expect(losers.map((a) => a.statusCode)).toEqual(Array(WRITERS - 1).fill(409));
    const winner = winners[0]!.json().data;
    expect(winner.version).toBe(3);
    expect(await stored()).toEqual(winner);
  });
});
