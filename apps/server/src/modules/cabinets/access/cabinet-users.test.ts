import type { AddressInfo } from 'node:net';
import { CABINET_LINK_HOURS, CABINET_MESSAGES, ERROR_MESSAGES, flattenTree } from '@tms/domain';
import { PASSWORD_MESSAGES } from '@tms/domain/users/password';
import { desc, eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cabinetKey, cabinetUser } from '../../../test/cabinets';
import { createTestApp, type TestContext } from '../../../test/harness';
import { type OperationsWorld, operationsWorld } from '../../../test/operations-world';
import { type SignedIn, signIn } from '../../../test/users';
import { counterparties } from '../../counterparties';
import { sendCabinetMails } from '../notifications';
import { cabinetMails, cabinetUsers } from '../tables';

const received: { to: string[]; body: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    let body = '';
    stream.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), body });
      callback();
    });
  },
});

/** Manages the client cabinets' users (not the contractors'), on the counterparties he sees. */
const EDITOR = ['ROLE_COUNTERPARTY_VIEW_ALL', 'ROLE_CABINET_USERS_CLIENT'];

let ctx: TestContext;
let now = new Date('2026-03-02T09:00:00Z');
const hours = (n: number) => {
  now = new Date(now.getTime() + n * 3_600_000);
};
let editor: SignedIn;
let viewer: SignedIn;
let clientA: number;
let clientB: number;
let contractorOnly: number;
let clientOnly: number;
let world: OperationsWorld;

type Json = Record<string, unknown>;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: Json) =>
  ctx.app.inject({ method, url, headers, payload });
const errorsOf = (res: { json(): { errors: Parameters<typeof flattenTree>[0] } }) =>
  flattenTree(res.json().errors);

/** The one-time link's token of the last mail to `email`. */
async function linkTokenOf(email: string): Promise<string> {
  const [mail] = await ctx.database.db
    .select()
    .from(cabinetMails)
    .where(eq(cabinetMails.to, email))
    .orderBy(desc(cabinetMails.id))
    .limit(1);
  const match = /\/(?:pcc|ops|carrier)\/password\?token=([A-Za-z0-9_%-]+)/.exec(mail!.body);
  return decodeURIComponent(match![1]!);
}

const setPassword = (token: string, password: string) =>
  call('POST', '/api/pcc/auth/password', {}, { token, password });
const login = (email: string, password: string) =>
  call('POST', '/api/pcc/auth/login', {}, { email, password });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  ctx = await createTestApp(
    {
      smtp: { host: '127.0.0.1', port, secure: false, from: 'TMS <tms@example.test>' },
      publicUrl: 'https://tms.example.test',
    },
    [],
    () => now,
  );
  world = await operationsWorld(ctx);
  clientA = await world.counterparty({ name: 'Клиент А' });
  clientB = await world.counterparty({ name: 'Клиент Б' });
  contractorOnly = await world.counterparty({ name: 'Только подрядчик', client: false });
  clientOnly = await world.counterparty({ name: 'Только клиент', contractor: false });
  editor = await signIn(ctx, EDITOR);
  viewer = await signIn(ctx, ['ROLE_COUNTERPARTY_VIEW_ALL', 'ROLE_COUNTERPARTY_EDIT_ALL']);
});
afterAll(async () => {
  await ctx.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

describe('cabinet users managed by the back office', () => {
  let invited: Json & { id: number; version: number };
  /** The invitation's token, read before the mail is sent (which blanks it). */
  let inviteToken: string;

  it('invites a user by mail: no password yet, a one-time link mailed and blanked once sent', async () => {
    const res = await call('POST', `/api/counterparties/${clientA}/cabinet-users`, editor.headers, {
      kind: 'client',
      email: 'Anna@Client-A.test',
      name: 'Анна',
      roles: ['CABINET_ADMIN', 'CABINET_REQUESTS'],
    });
    expect(res.statusCode).toBe(201);
    invited = res.json().data;
    expect(invited).toMatchObject({
      kind: 'client',
      email: 'anna@client-a.test',
      active: false,
      disabled: false,
    });
    const list = await call('GET', `/api/counterparties/${clientA}/cabinet-users`, editor.headers);
    expect(list.json().data.map((u: Json) => u.email)).toEqual(['anna@client-a.test']);
    // The invitation is pending until its link dies.
    const until = new Date(now.getTime() + CABINET_LINK_HOURS * 3_600_000).toISOString();
    expect(invited.invitationExpiresAt).toBe(until);
    expect(list.json().data[0].invitationExpiresAt).toBe(until);
    inviteToken = await linkTokenOf('anna@client-a.test');
    expect(inviteToken.length).toBeGreaterThan(20);

    const sent = await sendCabinetMails({
      database: ctx.database,
      config: ctx.config,
      log: ctx.app.log,
      registries: ctx.app.registries,
      clock: () => now,
    });
    expect(sent).toEqual({ sent: 1, failed: 0 });
    expect(received.at(-1)!.to).toEqual(['anna@client-a.test']);
    expect(received.at(-1)!.body).toContain('https://tms.example.test/pcc/password?token=');
    const [stored] = await ctx.database.db
      .select()
      .from(cabinetMails)
      .where(eq(cabinetMails.to, 'anna@client-a.test'));
    expect(stored).toMatchObject({ body: '', sentAt: now });
  });

  it('refuses a second user with the same address, a counterparty that is no client, and a mere viewer', async () => {
    const same = await call('POST', `/api/counterparties/${clientB}/cabinet-users`, editor.headers, {
      kind: 'client',
      email: 'ANNA@client-a.test',
      name: 'Другая Анна',
      roles: [],
    });
    expect(same.statusCode).toBe(400);
    expect(errorsOf(same)).toEqual({ email: [CABINET_MESSAGES.emailTaken] });
    const notClient = await call(
      'POST',
      `/api/counterparties/${contractorOnly}/cabinet-users`,
      editor.headers,
      {
        kind: 'client',
        email: 'x@contractor.test',
        name: 'X',
        roles: [],
      },
    );
    expect(notClient.statusCode).toBe(400);
    expect(errorsOf(notClient)).toEqual({ kind: [CABINET_MESSAGES.notClient] });
    const byViewer = await call('POST', `/api/counterparties/${clientA}/cabinet-users`, viewer.headers, {
      kind: 'client',
      email: 'v@client-a.test',
      name: 'V',
      roles: [],
    });
    expect(byViewer.statusCode).toBe(403);
    const [{ count }] = (await ctx.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(cabinetUsers)) as [{ count: number }];
    expect(count).toBe(1);
  });

  it('sets the password by the link under the password rules, once, and signs the user in', async () => {
    const token = inviteToken;
    const weak = await setPassword(token, 'password');
    expect(weak.statusCode).toBe(400);
    expect(errorsOf(weak).password).toEqual(expect.arrayContaining([PASSWORD_MESSAGES.composition]));
    const ok = await setPassword(token, 'Cabinet-2026!');
    expect(ok.statusCode).toBe(200);
    const me = await call('GET', '/api/pcc/me', bearer(ok.json().data.token));
    expect(me.json().data).toEqual({
      kind: 'client',
      counterpartyId: clientA,
      counterpartyName: 'Клиент А',
      user: { id: invited.id, email: 'anna@client-a.test', name: 'Анна' },
      roles: ['CABINET_ADMIN', 'CABINET_REQUESTS'],
    });
    const again = await setPassword(token, 'Cabinet-2027!');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(CABINET_MESSAGES.linkInvalid);
  });

  it('a link dies when it expires', async () => {
    const res = await call('POST', `/api/counterparties/${clientA}/cabinet-users`, editor.headers, {
      kind: 'client',
      email: 'late@client-a.test',
      name: 'Опоздавший',
      roles: [],
    });
    expect(res.statusCode).toBe(201);
    const token = await linkTokenOf('late@client-a.test');
    hours(73);
    const expired = await setPassword(token, 'Cabinet-2026!');
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(CABINET_MESSAGES.linkInvalid);
    // The staff session ended with the days gone by too.
    editor = await signIn(ctx, EDITOR);
  });

  it('signs in by e-mail and password; a wrong one is the one refusal, and the failures are throttled', async () => {
    const ok = await login('ANNA@client-a.test', 'Cabinet-2026!');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.token).toMatch(/^tmsp_/);
    // Failures count from the last success, a moment before them.
    hours(1 / 60);
    const unknown = await login('nobody@client-a.test', 'Cabinet-2026!');
    const wrong = await login('anna@client-a.test', 'Wrong-2026!');
    expect([unknown.statusCode, wrong.statusCode]).toEqual([401, 401]);
    expect(wrong.json().message).toBe(ERROR_MESSAGES.invalidCredentials);
    for (let i = 0; i < 5; i++) await login('anna@client-a.test', 'Wrong-2026!');
    const throttled = await login('anna@client-a.test', 'Cabinet-2026!');
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    hours(1 / 60);
    expect((await login('anna@client-a.test', 'Cabinet-2026!')).statusCode).toBe(200);
  });

  it('disabling ends his sessions and his sign-in; a reset ends them and mails a new link', async () => {
    const session = (await login('anna@client-a.test', 'Cabinet-2026!')).json().data.token as string;
    const [row] = await ctx.database.db.select().from(cabinetUsers).where(eq(cabinetUsers.id, invited.id));
    const off = await call(
      'PUT',
      `/api/counterparties/${clientA}/cabinet-users/${invited.id}`,
      editor.headers,
      {
        disabled: true,
        version: row!.version,
      },
    );
    expect(off.statusCode).toBe(200);
    expect((await call('GET', '/api/pcc/me', bearer(session))).statusCode).toBe(401);
    expect((await login('anna@client-a.test', 'Cabinet-2026!')).statusCode).toBe(401);
    const on = await call(
      'PUT',
      `/api/counterparties/${clientA}/cabinet-users/${invited.id}`,
      editor.headers,
      {
        disabled: false,
        version: off.json().data.version,
      },
    );
    expect(on.statusCode).toBe(200);
    const fresh = (await login('anna@client-a.test', 'Cabinet-2026!')).json().data.token as string;
    const reset = await call(
      'POST',
      `/api/counterparties/${clientA}/cabinet-users/${invited.id}/reset`,
      editor.headers,
    );
    expect(reset.statusCode).toBe(200);
    expect(reset.json().data.active).toBe(false);
    expect((await call('GET', '/api/pcc/me', bearer(fresh))).statusCode).toBe(401);
    expect((await login('anna@client-a.test', 'Cabinet-2026!')).statusCode).toBe(401);
    const token = await linkTokenOf('anna@client-a.test');
    expect((await setPassword(token, 'Cabinet-Reset-1')).statusCode).toBe(200);
  });

  it("answers 404 for another counterparty's user, whoever asks", async () => {
    const res = await call(
      'PUT',
      `/api/counterparties/${clientB}/cabinet-users/${invited.id}`,
      editor.headers,
      {
        name: 'Чужой',
        version: 1,
      },
    );
    expect(res.statusCode).toBe(404);
  });
});

describe("the cabinet's own administrator", () => {
  it('manages the colleagues of his counterparty only, and cannot lock himself out', async () => {
    const admin = await cabinetUser(ctx, clientB, ['CABINET_ADMIN']);
    const plain = await cabinetUser(ctx, clientB, ['CABINET_REQUESTS']);
    const foreign = await cabinetUser(ctx, clientA, ['CABINET_ADMIN']);
    const list = await call('GET', '/api/pcc/users', admin.headers);
    expect(list.statusCode).toBe(200);
    const ids = list.json().data.map((u: Json) => u.id);
    expect(ids).toEqual(expect.arrayContaining([admin.cabinetUserId, plain.cabinetUserId]));
    expect(ids).not.toContain(foreign.cabinetUserId);

    const invite = await call('POST', '/api/pcc/users', admin.headers, {
      email: 'colleague@client-b.test',
      name: 'Коллега',
      roles: ['CABINET_FINANCE'],
    });
    expect(invite.statusCode).toBe(201);
    expect(invite.json().data.counterpartyId).toBe(clientB);

    const foreignEdit = await call('PUT', `/api/pcc/users/${foreign.cabinetUserId}`, admin.headers, {
      disabled: true,
      version: 1,
    });
    expect(foreignEdit.statusCode).toBe(404);
    expect(
      (await call('POST', `/api/pcc/users/${foreign.cabinetUserId}/reset`, admin.headers)).statusCode,
    ).toBe(404);

    const self = await call('PUT', `/api/pcc/users/${admin.cabinetUserId}`, admin.headers, {
      roles: ['CABINET_REQUESTS'],
      version: 1,
    });
    expect(self.statusCode).toBe(400);
    expect(errorsOf(self)).toEqual({ '': [CABINET_MESSAGES.ownAdmin] });

    const demote = await call('PUT', `/api/pcc/users/${plain.cabinetUserId}`, admin.headers, {
      roles: ['CABINET_FINANCE'],
      version: 1,
    });
    expect(demote.statusCode).toBe(200);
    expect(demote.json().data.roles).toEqual(['CABINET_FINANCE']);
  });

  it('is the only one: a colleague without the role and the API key get 403; staff users never reach it', async () => {
    const plain = await cabinetUser(ctx, clientB, ['CABINET_REQUESTS']);
    const key = await cabinetKey(ctx, clientB);
    expect((await call('GET', '/api/pcc/users', plain.headers)).statusCode).toBe(403);
    expect((await call('GET', '/api/pcc/users', key.headers)).statusCode).toBe(403);
    expect((await call('GET', '/api/pcc/users', editor.headers)).statusCode).toBe(403);
    expect((await call('GET', '/api/pcc/me', key.headers)).json().data).toEqual({
      kind: 'client',
      counterpartyId: clientB,
      counterpartyName: 'Клиент Б',
      user: null,
      roles: ['CABINET_REQUESTS', 'CABINET_FINANCE'],
    });
  });
});

describe('the cabinets of a counterparty: client, contractor, carrier', () => {
  const contractorManager = () =>
    signIn(ctx, ['ROLE_COUNTERPARTY_VIEW_ALL', 'ROLE_CABINET_USERS_CONTRACTOR']);

  it("puts a user in the cabinet of his counterparty's type, with that cabinet's roles, under its own staff role", async () => {
    const manager = await contractorManager();
    const invite = (who: SignedIn, counterpartyId: number, body: Json) =>
      call('POST', `/api/counterparties/${counterpartyId}/cabinet-users`, who.headers, {
        name: 'Олег',
        roles: [],
        ...body,
      });
    const noKind = await invite(manager, contractorOnly, { email: 'o0@contractor.test' });
    expect(errorsOf(noKind)).toEqual({ kind: [CABINET_MESSAGES.kindRequired] });
    const notContractor = await invite(manager, clientOnly, { kind: 'contractor', email: 'o1@client.test' });
    expect(errorsOf(notContractor)).toEqual({ kind: [CABINET_MESSAGES.notContractor] });
    const clientRole = await invite(manager, contractorOnly, {
      kind: 'contractor',
      email: 'o2@contractor.test',
      roles: ['CABINET_REQUESTS'],
    });
    expect(errorsOf(clientRole)).toEqual({ roles: [CABINET_MESSAGES.roleOfOtherCabinet] });
    // The client cabinets' manager manages no contractor's users, and the contractors' no client's.
    expect(
      (await invite(editor, contractorOnly, { kind: 'contractor', email: 'o3@c.test' })).statusCode,
    ).toBe(403);
    expect((await invite(manager, clientA, { kind: 'client', email: 'o4@c.test' })).statusCode).toBe(403);
    const ok = await invite(manager, contractorOnly, {
      kind: 'contractor',
      email: 'oleg@contractor.test',
      roles: ['CABINET_ADMIN', 'CABINET_OFFERS'],
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data).toMatchObject({ kind: 'contractor', roles: ['CABINET_ADMIN', 'CABINET_OFFERS'] });
    // The link opens the contractor's portal.
    const [mail] = await ctx.database.db
      .select()
      .from(cabinetMails)
      .where(eq(cabinetMails.to, 'oleg@contractor.test'));
    expect(mail!.body).toContain('https://tms.example.test/ops/password?token=');

    const mixed = await world.counterparty({ name: 'Клиент и подрядчик' });
    await invite(editor, mixed, { kind: 'client', email: 'c@mixed.test' });
    await invite(manager, mixed, { kind: 'contractor', email: 'o@mixed.test' });
    const seen = async (who: SignedIn) =>
      (await call('GET', `/api/counterparties/${mixed}/cabinet-users`, who.headers))
        .json()
        .data.map((u: Json) => u.email);
    expect(await seen(editor)).toEqual(['c@mixed.test']);
    expect(await seen(manager)).toEqual(['o@mixed.test']);
    const [foreignKind] = await ctx.database.db
      .select()
      .from(cabinetUsers)
      .where(eq(cabinetUsers.email, 'o@mixed.test'));
    const put = await call(
      'PUT',
      `/api/counterparties/${mixed}/cabinet-users/${foreignKind!.id}`,
      editor.headers,
      { name: 'Чужой кабинет', version: 1 },
    );
    expect(put.statusCode).toBe(404);
  });

  it("signs a user in at his own cabinet only, and each cabinet refuses the others' principals", async () => {
    const token = await linkTokenOf('oleg@contractor.test');
    expect((await setPassword(token, 'Contractor-2026!')).statusCode).toBe(400);
    const set = await call('POST', '/api/ops/auth/password', {}, { token, password: 'Contractor-2026!' });
    expect(set.statusCode).toBe(200);
    const atPcc = await login('oleg@contractor.test', 'Contractor-2026!');
    expect(atPcc.statusCode).toBe(403);
    expect(atPcc.json().message).toBe(CABINET_MESSAGES.otherCabinet);
    const atOps = await call(
      'POST',
      '/api/ops/auth/login',
      {},
      { email: 'oleg@contractor.test', password: 'Contractor-2026!' },
    );
    expect(atOps.statusCode).toBe(200);
    const ops = bearer(atOps.json().data.token);
    expect((await call('GET', '/api/ops/me', ops)).json().data).toMatchObject({
      kind: 'contractor',
      counterpartyId: contractorOnly,
      roles: ['CABINET_ADMIN', 'CABINET_OFFERS'],
    });
    expect((await call('GET', '/api/pcc/me', ops)).statusCode).toBe(403);
    expect((await call('GET', '/api/pcc/orders', ops)).statusCode).toBe(403);
    expect((await call('GET', '/api/carrier/me', ops)).statusCode).toBe(403);
    const client = await cabinetUser(ctx, clientA);
    expect((await call('GET', '/api/ops/me', client.headers)).statusCode).toBe(403);
    // His administrator's invitations go into his own cabinet, with its roles.
    const colleague = await call('POST', '/api/ops/users', ops, {
      email: 'colleague@contractor.test',
      name: 'Коллега',
      roles: ['CABINET_FINANCE'],
    });
    expect(colleague.json().data).toMatchObject({ kind: 'contractor', counterpartyId: contractorOnly });
    const wrongRole = await call('POST', '/api/ops/users', ops, {
      email: 'colleague2@contractor.test',
      name: 'Коллега',
      roles: ['CABINET_TRIPS'],
    });
    expect(errorsOf(wrongRole)).toEqual({ roles: [CABINET_MESSAGES.roleOfOtherCabinet] });
    // A counterparty that stops being a contractor closes his portal at once.
    await ctx.database.db
      .update(counterparties)
      .set({ contractor: false })
      .where(eq(counterparties.id, contractorOnly));
    expect((await call('GET', '/api/ops/me', ops)).statusCode).toBe(401);
    await ctx.database.db
      .update(counterparties)
      .set({ contractor: true })
      .where(eq(counterparties.id, contractorOnly));
  });
});
