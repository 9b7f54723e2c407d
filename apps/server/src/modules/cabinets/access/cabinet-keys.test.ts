import {
  CABINET_API_KEY_PREFIX,
  CABINET_KEY_MESSAGES,
  CABINET_MESSAGES,
  flattenTree,
  USER_MESSAGES,
} from '@tms/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyHash } from '../../../platform/auth/api-key';
import { type CabinetCaller, cabinetUser } from '../../../test/cabinets';
import { createTestApp, type TestContext } from '../../../test/harness';
import { operationsWorld } from '../../../test/operations-world';
import { type SignedIn, signIn } from '../../../test/users';
import { cabinetApiKeys, cabinetUsers } from '../tables';

/*
 * API keys of cabinet users (docs/cabinets.md "API keys of cabinet users"): issued by the user, his cabinet's
 * administrator or the back office; shown once, kept as a hash; acting as the user within the key's roles and
 * allow-list; revoked, or with the user disabled, they stop.
 */

let ctx: TestContext;
let editor: SignedIn;
let clientA: number;
let clientB: number;
/** Client A's administrator (every role) and a colleague holding the requests role alone. */
let admin: CabinetCaller;
let colleague: CabinetCaller;
let stranger: CabinetCaller;

type Json = Record<string, unknown>;
const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: Json,
  remoteAddress?: string,
) => ctx.app.inject({ method, url, headers, payload, ...(remoteAddress && { remoteAddress }) });
const errorsOf = (res: { json(): { errors: Parameters<typeof flattenTree>[0] } }) =>
  flattenTree(res.json().errors);
const keyCount = async () =>
  (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(cabinetApiKeys))[0]!.n;
const issue = async (url: string, who: CabinetCaller | SignedIn, body: Json) => {
  const res = await call('POST', url, who.headers, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { key: Json & { id: number }; apiKey: string };
};

beforeAll(async () => {
  ctx = await createTestApp();
  const world = await operationsWorld(ctx);
  clientA = await world.counterparty({ name: 'Клиент А', contractor: false });
  clientB = await world.counterparty({ name: 'Клиент Б', contractor: false });
  admin = await cabinetUser(ctx, clientA);
  colleague = await cabinetUser(ctx, clientA, ['CABINET_REQUESTS']);
  stranger = await cabinetUser(ctx, clientB);
  editor = await signIn(ctx, ['ROLE_COUNTERPARTY_VIEW_ALL', 'ROLE_CABINET_USERS_CLIENT']);
});
afterAll(() => ctx?.close());

describe('API keys of cabinet users', () => {
  it('are shown once and kept as a hash, listed with their last use, and act as the user within their roles', async () => {
    const issued = await issue('/api/pcc/me/api-keys', admin, {
      name: 'Учётная система',
      roles: ['CABINET_FINANCE'],
    });
    expect(issued.apiKey.startsWith(CABINET_API_KEY_PREFIX)).toBe(true);
    const [row] = await ctx.database.db
      .select()
      .from(cabinetApiKeys)
      .where(eq(cabinetApiKeys.id, issued.key.id));
    expect(row!.keyHash).toBe(apiKeyHash(issued.apiKey));
    expect(JSON.stringify(row)).not.toContain(issued.apiKey.slice(CABINET_API_KEY_PREFIX.length));
    expect(issued.key).toMatchObject({ roles: ['CABINET_FINANCE'], allowedIps: [], lastUsedAt: null });

    const key = { 'x-api-key': issued.apiKey };
    const me = await call('GET', '/api/pcc/me', key);
    expect(me.json().data).toMatchObject({
      counterpartyId: clientA,
      user: { id: admin.cabinetUserId },
      roles: ['CABINET_FINANCE'],
    });
    expect((await call('GET', '/api/pcc/bills', key)).statusCode).toBe(200);
    // Its user administers and asks for prices; the key was given neither.
    expect((await call('GET', '/api/pcc/requests', key)).statusCode).toBe(403);
    expect((await call('GET', '/api/pcc/users', key)).statusCode).toBe(403);

    const list = await call('GET', '/api/pcc/me/api-keys', admin.headers);
    const [listed] = list.json().data;
    expect(listed).toMatchObject({ id: issued.key.id, name: 'Учётная система', lastUsedIp: '127.0.0.1' });
    expect(listed.lastUsedAt).not.toBeNull();
    expect(list.body).not.toContain(issued.apiKey);
  });

  it('refuses roles the user lacks and addresses that are none, writing nothing', async () => {
    const before = await keyCount();
    const roles = await call('POST', '/api/pcc/me/api-keys', colleague.headers, {
      name: 'Лишнее',
      roles: ['CABINET_REQUESTS', 'CABINET_FINANCE'],
    });
    expect(roles.statusCode).toBe(400);
    expect(errorsOf(roles)).toEqual({ roles: [CABINET_KEY_MESSAGES.rolesNotHeld] });
    const ips = await call('POST', '/api/pcc/me/api-keys', colleague.headers, {
      name: 'Адреса',
      roles: ['CABINET_REQUESTS'],
      allowedIps: ['10.0.0.0/24', '10.0.0.300', '2001:db8::/129'],
    });
    expect(ips.statusCode).toBe(400);
    expect(errorsOf(ips)).toEqual({
      'allowedIps.1': [USER_MESSAGES.invalidIp],
      'allowedIps.2': [USER_MESSAGES.invalidIp],
    });
    expect(await keyCount()).toBe(before);
  });

  it('is accepted from the addresses and ranges of its allow-list (IPv4 and IPv6) and refused from any other', async () => {
    const { apiKey } = await issue('/api/pcc/me/api-keys', colleague, {
      name: 'Склад',
      roles: ['CABINET_REQUESTS'],
      allowedIps: ['10.0.0.0/24', '2001:db8::/32', '192.0.2.10'],
    });
    const from = (address: string) =>
      call('GET', '/api/pcc/requests', { 'x-api-key': apiKey }, undefined, address);
    for (const address of ['10.0.0.7', '::ffff:10.0.0.200', '2001:db8::1', '192.0.2.10']) {
      expect((await from(address)).statusCode, address).toBe(200);
    }
    for (const address of ['10.0.1.1', '192.0.2.11', '2001:db9::1', '127.0.0.1']) {
      const res = await from(address);
      expect(res.statusCode, address).toBe(403);
      expect(res.json().message).toBe(CABINET_KEY_MESSAGES.addressRefused);
    }
  });

  it('stops working when revoked, while its user is disabled, and loses a role taken from the user', async () => {
    const revoked = await issue('/api/pcc/me/api-keys', admin, {
      name: 'Старый',
      roles: ['CABINET_REQUESTS'],
    });
    const res = await call('DELETE', `/api/pcc/me/api-keys/${revoked.key.id}`, admin.headers);
    expect(res.statusCode).toBe(204);
    expect((await call('GET', '/api/pcc/requests', { 'x-api-key': revoked.apiKey })).statusCode).toBe(401);
    // Revoked once: a second revocation finds no live key.
    expect((await call('DELETE', `/api/pcc/me/api-keys/${revoked.key.id}`, admin.headers)).statusCode).toBe(
      404,
    );

    const { apiKey } = await issue('/api/pcc/me/api-keys', colleague, {
      name: 'Робот',
      roles: ['CABINET_REQUESTS'],
    });
    const key = { 'x-api-key': apiKey };
    const user = async () =>
      (
        await ctx.database.db.select().from(cabinetUsers).where(eq(cabinetUsers.id, colleague.cabinetUserId!))
      )[0]!;
    const put = async (body: Json) => {
      const url = `/api/counterparties/${clientA}/cabinet-users/${colleague.cabinetUserId}`;
      const res = await call('PUT', url, editor.headers, { ...body, version: (await user()).version });
      expect(res.statusCode, res.body).toBe(200);
    };
    await put({ disabled: true });
    expect((await call('GET', '/api/pcc/requests', key)).statusCode).toBe(401);
    await put({ disabled: false });
    expect((await call('GET', '/api/pcc/requests', key)).statusCode).toBe(200);
    await put({ roles: ['CABINET_FINANCE'] });
    expect((await call('GET', '/api/pcc/requests', key)).statusCode).toBe(403);
    expect((await call('GET', '/api/pcc/me', key)).json().data.roles).toEqual([]);
    await put({ roles: ['CABINET_REQUESTS'] });
  });

  it("never makes a key with a key; the administrator and the back office manage a colleague's keys", async () => {
    const own = await issue('/api/pcc/me/api-keys', admin, {
      name: 'Всё',
      roles: ['CABINET_ADMIN', 'CABINET_REQUESTS', 'CABINET_FINANCE'],
    });
    const withKey = await call(
      'POST',
      '/api/pcc/me/api-keys',
      { 'x-api-key': own.apiKey },
      {
        name: 'Из ключа',
        roles: ['CABINET_REQUESTS'],
      },
    );
    expect(withKey.statusCode).toBe(403);
    expect(withKey.json().message).toBe(CABINET_KEY_MESSAGES.sessionOnly);
    const forColleague = await call(
      'POST',
      `/api/pcc/users/${colleague.cabinetUserId}/api-keys`,
      { 'x-api-key': own.apiKey },
      { name: 'Из ключа', roles: ['CABINET_REQUESTS'] },
    );
    expect(forColleague.statusCode).toBe(403);

    const byAdmin = await issue(`/api/pcc/users/${colleague.cabinetUserId}/api-keys`, admin, {
      name: 'От администратора',
      roles: ['CABINET_REQUESTS'],
    });
    const plain = await cabinetUser(ctx, clientA, ['CABINET_REQUESTS']);
    // Not the administrator: no colleague's keys; another client's user reads as a missing one.
    expect(
      (await call('GET', `/api/pcc/users/${admin.cabinetUserId}/api-keys`, plain.headers)).statusCode,
    ).toBe(403);
    expect(
      (await call('GET', `/api/pcc/users/${stranger.cabinetUserId}/api-keys`, admin.headers)).statusCode,
    ).toBe(404);

    const office = `/api/counterparties/${clientA}/cabinet-users/${colleague.cabinetUserId}/api-keys`;
    const listed = await call('GET', office, editor.headers);
    expect(listed.json().data.map((k: Json) => k.name)).toContain('От администратора');
    const byOffice = await issue(office, editor, { name: 'От менеджера', roles: ['CABINET_REQUESTS'] });
    expect((await call('GET', '/api/pcc/requests', { 'x-api-key': byOffice.apiKey })).statusCode).toBe(200);
    expect((await call('DELETE', `${office}/${byAdmin.key.id}`, editor.headers)).statusCode).toBe(204);
    expect((await call('GET', '/api/pcc/requests', { 'x-api-key': byAdmin.apiKey })).statusCode).toBe(401);
    // Client B's user through client A's page, and a key of another user: missing.
    expect(
      (
        await call(
          'GET',
          `/api/counterparties/${clientA}/cabinet-users/${stranger.cabinetUserId}/api-keys`,
          editor.headers,
        )
      ).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `${office}/${own.key.id}`, editor.headers)).statusCode).toBe(404);
    // A disabled user gets no new key.
    const disabled = await cabinetUser(ctx, clientA, ['CABINET_REQUESTS']);
    await ctx.database.db
      .update(cabinetUsers)
      .set({ disabled: true })
      .where(eq(cabinetUsers.id, disabled.cabinetUserId!));
    const refused = await call(
      'POST',
      `/api/counterparties/${clientA}/cabinet-users/${disabled.cabinetUserId}/api-keys`,
      editor.headers,
      {
        name: 'Нет',
        roles: ['CABINET_REQUESTS'],
      },
    );
    expect(refused.statusCode).toBe(400);
    expect(errorsOf(refused)).toEqual({ '': [CABINET_MESSAGES.disabled] });
  });
});
