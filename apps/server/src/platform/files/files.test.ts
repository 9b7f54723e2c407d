import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';
import { signIn, type UserRow } from '../../test/users';
import { type AuthContext, actingUserId } from '../auth/context';
import { defineModule } from '../modules';
import { MAX_UPLOAD_BYTES } from './routes';
import { attachFiles } from './service';

function multipart(name: string, content: Buffer | string, type = 'text/plain') {
  const boundary = '----tms-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function authOf(user: UserRow): AuthContext {
  return {
    userId: user.id,
    username: user.username,
    contactId: user.contactId,
    serviceOfficeId: user.serviceOfficeId,
    roles: new Set(user.roles),
    kind: 'user',
    sessionId: null,
    impersonatorId: null,
    passwordChangeRequired: false,
  };
}

describe('files', () => {
  let ctx: TestContext;
  let readerId = 0;
  beforeAll(async () => {
    // A module's file owner rule, declared for this app: files of `test-record` 1 are the reader's.
    const probeModule = defineModule({
      name: 'files-probe',
      fileOwners: {
        'test-record': async (auth, ownerId) => ownerId === 1 && actingUserId(auth) === readerId,
      },
    });
    ctx = await createTestApp({}, [probeModule]);
  });
  afterAll(() => ctx.close());

  async function upload(headers: Record<string, string>, name = 'CMR накладная.pdf', content = 'hello') {
    const body = multipart(name, content, 'application/pdf');
    return ctx.app.inject({
      method: 'POST',
      url: '/api/file-management/files/temporary',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  }

  it('stores an upload as a temporary file and gives back its id and description', async () => {
    const { headers } = await signIn(ctx, []);
    const res = await upload(headers);
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    // The type comes from the content: "hello" is no PDF, whatever its name and declared type say.
    expect(data).toMatchObject({
      description: 'CMR накладная.pdf',
      mimeType: 'application/octet-stream',
      size: 5,
    });

    const meta = await ctx.app.inject({
      method: 'GET',
      url: `/api/file-management/files/${data.id}`,
      headers,
    });
    expect(meta.json().data.id).toBe(data.id);

    const download = await ctx.app.inject({ method: 'GET', url: data.downloadLink, headers });
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('hello');
    expect(download.headers['content-disposition']).toContain("filename*=UTF-8''CMR%20");
  });

  it('opens a download as a signed link, without a header', async () => {
    const { headers } = await signIn(ctx, []);
    const { data } = (await upload(headers)).json();
    const link = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/download-link',
      headers,
      payload: { url: data.downloadLink },
    });
    const res = await ctx.app.inject({ method: 'GET', url: link.json().data.url });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('hello');
  });

  it('refuses a request without a file, anonymous uploads, and files over the limit', async () => {
    const { headers } = await signIn(ctx, []);
    const none = await ctx.app.inject({
      method: 'POST',
      url: '/api/file-management/files/temporary',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors.children.file.errors).toEqual(['No file selected.']);

    const body = multipart('a.txt', 'x');
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/file-management/files/temporary',
      headers: body.headers,
      payload: body.payload,
    });
    expect(anonymous.statusCode).toBe(401);

    const big = await upload(headers, 'big.bin', 'x'.repeat(MAX_UPLOAD_BYTES + 1));
    expect(big.statusCode).toBe(413);
  });

  it("hides another user's temporary file and lets owners' readers see attached ones", async () => {
    const owner = await signIn(ctx, []);
    const other = await signIn(ctx, []);
    readerId = other.user.id;
    const { data } = (await upload(owner.headers)).json();
    const hidden = await ctx.app.inject({
      method: 'GET',
      url: `/api/file-management/files/${data.id}`,
      headers: other.headers,
    });
    expect(hidden.statusCode).toBe(404);

    // Another user cannot attach someone else's upload to their record.
    await expect(
      attachFiles(ctx.database.db, authOf(other.user), [data.id], { type: 'test-record', id: 1 }, ['files']),
    ).rejects.toMatchObject({ statusCode: 400 });

    await attachFiles(ctx.database.db, authOf(owner.user), [data.id], { type: 'test-record', id: 1 }, [
      'files',
    ]);
    const visible = await ctx.app.inject({
      method: 'GET',
      url: `/api/file-management/files/${data.id}`,
      headers: other.headers,
    });
    expect(visible.statusCode).toBe(200);
  });
});
