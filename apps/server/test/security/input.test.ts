import { rm } from 'node:fs/promises';
import path from 'node:path';
import { MESSAGES, REQUEST_MESSAGES, VALIDATION_FAILED } from '@tms/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../src/modules/operations/tables';
import { changeLog } from '../../src/platform/changelog/tables';
import { FILE_MESSAGES } from '../../src/platform/files/service';
import { files } from '../../src/platform/files/tables';
import { idempotencyKeysJob } from '../../src/platform/http/idempotency';
import { MAX_JSON_DEPTH } from '../../src/platform/http/json';
import { idempotencyKeys } from '../../src/platform/http/tables';
import { createTestApp, type TestContext } from '../../src/test/harness';
import {
  createOrder,
  EDIT_ALL,
  type Entity,
  type OperationsWorld,
  operationsWorld,
  route,
} from '../../src/test/operations-world';
import { type SignedIn, signIn } from '../../src/test/users';

/**
 * Input that cannot hurt: a body nested past any form, ids in other spellings than decimal digits, and a
 * version that disagrees with If-Match are refused with the contract's 400 tree before anything is written.
 */
describe('input that cannot hurt', () => {
  let ctx: TestContext;
  let world: OperationsWorld;
  let forwarder: SignedIn;
  let admin: SignedIn;
  let order: Entity;

  beforeAll(async () => {
    ctx = await createTestApp();
    world = await operationsWorld(ctx);
    forwarder = await signIn(ctx, EDIT_ALL, { serviceOfficeId: world.mow });
    admin = await signIn(ctx, ['ROLE_ADMIN']);
    order = await createOrder(ctx, world, forwarder, await world.counterparty());
  });
  afterAll(() => ctx.close());

  /** What a refused request must leave as it was: the orders and the change log. */
  async function snapshot() {
    const db = ctx.database.db;
    const [{ orderCount }] = (await db.select({ orderCount: sql<number>`count(*)::int` }).from(orders)) as [
      { orderCount: number },
    ];
    const [{ changes }] = (await db.select({ changes: sql<number>`count(*)::int` }).from(changeLog)) as [
      { changes: number },
    ];
    const [stored] = await db.select().from(orders).where(eq(orders.id, order.id));
    return { orderCount, changes, version: stored!.version };
  }

  const rootError = (message: string) => ({
    code: 400,
    message: VALIDATION_FAILED,
    errors: { errors: [message], children: {} },
  });
  const fieldError = (field: string, message: string) => ({
    code: 400,
    message: VALIDATION_FAILED,
    errors: { errors: [], children: { [field]: { errors: [message], children: {} } } },
  });

  describe('JSON nested deeper than the limit', () => {
    const nested = (depth: number) => `${'{"a":'.repeat(depth - 1)}{}${'}'.repeat(depth - 1)}`;

    it('refuses 5,000 levels of custom fields in an order create with a 400, and creates nothing', async () => {
      const before = await snapshot();
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/tms/orders',
        headers: { ...forwarder.headers, 'content-type': 'application/json' },
        payload: `{"clientId":1,"customFields":${nested(5000)}}`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(rootError(REQUEST_MESSAGES.tooDeep));
      expect(await snapshot()).toEqual(before);
    });

    it('refuses a deep body on a public route too (sign-in), and a deep array inside a string-free body', async () => {
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: `{"username":"admin","password":${nested(MAX_JSON_DEPTH + 1)}}`,
      });
      expect(login.json()).toEqual(rootError(REQUEST_MESSAGES.tooDeep));
      const arrays = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/tms/orders/${order.id}`,
        headers: { ...forwarder.headers, 'content-type': 'application/json' },
        payload: `{"version":${order.version},"cargo":${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}}`,
      });
      expect(arrays.json()).toEqual(rootError(REQUEST_MESSAGES.tooDeep));
    });

    it('reads brackets inside strings as text: a shallow body full of them is judged by its schema', async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ username: `${'{['.repeat(MAX_JSON_DEPTH)}\\"`, password: 'x' }),
      });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('ids are decimal digits only', () => {
    const spellings = (id: number) => [
      `0x${id.toString(16)}`,
      `${id}e0`,
      `%20${id}`,
      `+${id}`,
      `0${id}`,
      `${id}.0`,
    ];

    it('answers order N to its id and refuses every other spelling of it with a 400 on the id', async () => {
      const plain = await ctx.app.inject({
        method: 'GET',
        url: `/api/tms/orders/${order.id}`,
        headers: forwarder.headers,
      });
      expect(plain.json().data.id).toBe(order.id);
      for (const spelling of spellings(order.id)) {
        const res = await ctx.app.inject({
          method: 'GET',
          url: `/api/tms/orders/${spelling}`,
          headers: forwarder.headers,
        });
        expect(res.json(), spelling).toEqual(fieldError('id', MESSAGES.invalid));
      }
    });

    it('refuses them on every route with an id in its path, for every method, and changes nothing', async () => {
      const before = await snapshot();
      const routes = ctx.app.routeTable.filter((route) => route.idParams.length > 0 && !route.cabinet);
      expect(routes.length).toBeGreaterThan(100);
      // One spelling is enough here: the route's schema is what is under test, the spellings are above.
      const spelling = `0x${order.id.toString(16)}`;
      for (const route of routes) {
        for (const param of route.idParams) {
          const url = route.url.replace(/:(\w+)/g, (_, name: string) => (name === param ? spelling : '1'));
          const res = await ctx.app.inject({ method: route.method as 'GET', url, headers: admin.headers });
          expect(res.statusCode, `${route.method} ${url}`).toBe(400);
          expect(res.json().errors.children[param].errors, `${route.method} ${url}`).toEqual([
            MESSAGES.invalid,
          ]);
        }
      }
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('a body version and an If-Match that disagree', () => {
    const patch = (headers: Record<string, string>, body: Record<string, unknown>) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/tms/orders/${order.id}`,
        headers: { ...forwarder.headers, ...headers },
        payload: { cargo: { description: 'Подменённый груз' }, ...body },
      });

    it('refuses an update whose If-Match names another version than its body, and writes nothing', async () => {
      const before = await snapshot();
      const res = await patch({ 'if-match': `"${before.version + 1}"` }, { version: before.version });
      expect(res.json()).toEqual(fieldError('version', REQUEST_MESSAGES.versionMismatch));
      const stale = await patch({ 'if-match': `"${before.version}"` }, { version: before.version - 1 || 99 });
      expect(stale.json()).toEqual(fieldError('version', REQUEST_MESSAGES.versionMismatch));
      expect(await snapshot()).toEqual(before);
    });

    it('refuses an If-Match that names no version rather than digging a number out of it', async () => {
      const before = await snapshot();
      for (const header of [`abc${before.version}`, `"${before.version}`, '*', `${before.version}, 7`]) {
        const res = await patch({ 'if-match': header }, {});
        expect(res.json(), header).toEqual(fieldError('version', REQUEST_MESSAGES.ifMatchInvalid));
      }
      expect(await snapshot()).toEqual(before);
    });

    it('takes an update whose If-Match and body agree (the control case)', async () => {
      const before = await snapshot();
      const res = await patch({ 'if-match': `W/"${before.version}"` }, { version: before.version });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.version).toBe(before.version + 1);
    });
  });

  describe('uploads', () => {
    const upload = (
      name: string,
      content: Buffer | string,
      declared: string,
      key?: string,
      boundary = '----tms-attack',
    ) => {
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${declared}\r\n\r\n`,
        ),
        Buffer.isBuffer(content) ? content : Buffer.from(content),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return ctx.app.inject({
        method: 'POST',
        url: '/api/file-management/files/temporary',
        headers: {
          ...forwarder.headers,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          ...(key ? { 'idempotency-key': key } : {}),
        },
        payload,
      });
    };
    const fileCount = async () =>
      (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(files))[0]!.n;
    const PNG = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000100e221bc330000000049454e44ae426082',
      'hex',
    );

    it('stores the type the content has, not the one declared: HTML declared as a PDF is a byte stream', async () => {
      const html = await upload(
        'invoice.pdf',
        '<html><script>alert(document.cookie)</script></html>',
        'application/pdf',
      );
      expect(html.statusCode, html.body).toBe(201);
      expect(html.json().data.mimeType).toBe('application/octet-stream');
      const download = await ctx.app.inject({
        method: 'GET',
        url: html.json().data.downloadLink,
        headers: forwarder.headers,
      });
      expect(download.headers['content-type']).toBe('application/octet-stream');
      expect(download.headers['x-content-type-options']).toBe('nosniff');

      const image = await upload('scan.txt', PNG, 'text/html');
      expect(image.json().data.mimeType).toBe('image/png');
      const text = await upload(
        'rates.csv',
        'Маршрут;Ставка\r\nMOW-BER;1200\r\n',
        'application/x-msdownload',
      );
      expect(text.json().data.mimeType).toBe('text/csv');
      const binaryCsv = await upload('rates.csv', Buffer.from([0x13, 0x37, 0x00, 0x01, 0x02]), 'text/csv');
      expect(binaryCsv.json().data.mimeType).toBe('application/octet-stream');
    });

    it('refuses a declared type with control characters or of absurd length, and stores nothing', async () => {
      const before = await fileCount();
      for (const declared of ['text/plain\u0001', `application/${'x'.repeat(300)}`]) {
        const res = await upload('a.txt', 'hello', declared);
        expect(res.json()).toEqual(fieldError('file', FILE_MESSAGES.typeInvalid));
      }
      expect(await fileCount()).toBe(before);
    });

    it('answers a download whose content is gone with a 410 and a message, not a 500', async () => {
      const { data } = (await upload('cmr.txt', 'CMR', 'text/plain')).json();
      const [row] = await ctx.database.db.select().from(files).where(eq(files.id, data.id));
      await rm(path.join(ctx.config.dataDir, 'files', row!.storageKey));
      const res = await ctx.app.inject({ method: 'GET', url: data.downloadLink, headers: forwarder.headers });
      expect(res.statusCode).toBe(410);
      expect(res.json()).toEqual({ code: 410, message: FILE_MESSAGES.contentGone });
    });

    it('serves a stored type no header could carry, and a name with a lone surrogate, without a 500', async () => {
      const { data } = (await upload('cmr.txt', 'CMR', 'text/plain')).json();
      await ctx.database.db
        .update(files)
        .set({ mimeType: 'text/plain\r\nSet-Cookie: a=b', description: 'CMR \ud800.txt' })
        .where(eq(files.id, data.id));
      const res = await ctx.app.inject({ method: 'GET', url: data.downloadLink, headers: forwarder.headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/octet-stream');
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.headers['content-disposition']).toContain("filename*=UTF-8''CMR%20%EF%BF%BD.txt");
    });

    it('stores a repeated upload with its Idempotency-Key once, and refuses the key with another file', async () => {
      const first = await upload('cmr.txt', 'CMR 1', 'text/plain', 'upload-1');
      expect(first.statusCode, first.body).toBe(201);
      const before = await fileCount();
      // A retry: another boundary, the same file.
      const repeat = await upload('cmr.txt', 'CMR 1', 'text/plain', 'upload-1', '----tms-retry');
      expect(repeat.statusCode).toBe(201);
      expect(repeat.json()).toEqual(first.json());
      const other = await upload('cmr.txt', 'CMR 2', 'text/plain', 'upload-1');
      expect(other.statusCode).toBe(422);
      expect(other.json()).toEqual({ code: 422, message: REQUEST_MESSAGES.idempotencyKeyReused });
      expect(await fileCount()).toBe(before);
    });
  });

  describe('Idempotency-Key on creates', () => {
    let clientId = 0;
    beforeAll(async () => {
      clientId = await world.counterparty();
    });
    const orderBody = (description: string) => ({
      clientId,
      productId: world.productId,
      route: route(world),
      cargo: { description },
    });
    const create = (key: string, body: object, who: SignedIn = forwarder) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/tms/orders',
        headers: { ...who.headers, 'idempotency-key': key },
        payload: body,
      });

    it('answers a repeat with the first response and creates nothing more', async () => {
      const before = await snapshot();
      const first = await create('order-1', orderBody('Станки'));
      expect(first.statusCode, first.body).toBe(201);
      const repeat = await create('order-1', orderBody('Станки'));
      expect(repeat.statusCode).toBe(201);
      expect(repeat.json()).toEqual(first.json());
      expect((await snapshot()).orderCount).toBe(before.orderCount + 1);
    });

    it('refuses the same key with another body (422), and creates nothing', async () => {
      await create('order-2', orderBody('Станки'));
      const before = await snapshot();
      const res = await create('order-2', orderBody('Другой груз'));
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ code: 422, message: REQUEST_MESSAGES.idempotencyKeyReused });
      expect(await snapshot()).toEqual(before);
    });

    it('creates once for two parallel requests with one key', async () => {
      const before = await snapshot();
      const answers = await Promise.all([
        create('order-3', orderBody('Станки')),
        create('order-3', orderBody('Станки')),
      ]);
      expect(answers.map((res) => res.statusCode)).toContain(201);
      for (const res of answers) expect([201, 409]).toContain(res.statusCode);
      expect((await snapshot()).orderCount).toBe(before.orderCount + 1);
    });

    it("keeps one user's key apart from another's", async () => {
      const other = await signIn(ctx, EDIT_ALL, { serviceOfficeId: world.mow });
      const before = await snapshot();
      const mine = await create('shared-key', orderBody('Станки'));
      const theirs = await create('shared-key', orderBody('Станки'), other);
      expect(theirs.statusCode).toBe(201);
      expect(theirs.json().data.id).not.toBe(mine.json().data.id);
      expect((await snapshot()).orderCount).toBe(before.orderCount + 2);
    });

    it('refuses a key with control characters or of absurd length, and creates nothing', async () => {
      const before = await snapshot();
      for (const key of ['a\u0001b', 'k'.repeat(256)]) {
        const res = await create(key, orderBody('Станки'));
        expect(res.json()).toEqual(rootError(REQUEST_MESSAGES.idempotencyKeyInvalid));
      }
      expect(await snapshot()).toEqual(before);
    });

    it('forgets a key after a day: the clean-up job drops it and the key creates again', async () => {
      const first = await create('order-4', orderBody('Станки'));
      await ctx.database.db
        .update(idempotencyKeys)
        .set({ createdAt: sql`now() - interval '25 hours'` })
        .where(eq(idempotencyKeys.key, 'order-4'));
      expect((await ctx.app.queue.runNow(idempotencyKeysJob.name, null)).ran).toBe(true);
      const kept = await ctx.database.db
        .select()
        .from(idempotencyKeys)
        .where(eq(idempotencyKeys.key, 'order-4'));
      expect(kept).toEqual([]);
      const again = await create('order-4', orderBody('Станки'));
      expect(again.statusCode).toBe(201);
      expect(again.json().data.id).not.toBe(first.json().data.id);
    });
  });
});
