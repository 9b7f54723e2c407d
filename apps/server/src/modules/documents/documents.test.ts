import { DOCUMENT_MESSAGES } from '@tms/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../platform/files/tables';
import { dangers, XSS_PAYLOADS } from '../../platform/rich-text/xss-corpus';
import { createTestApp, type TestContext } from '../../test/harness';
import { signIn } from '../../test/users';

const DAY = 24 * 60 * 60 * 1000;

function multipart(name: string, content: Buffer | string) {
  const boundary = '----tms-documents-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('documents and folders', () => {
  let ctx: TestContext;
  let editor: { authorization: string };
  let reader: { authorization: string };

  beforeAll(async () => {
    ctx = await createTestApp();
    editor = (await signIn(ctx, ['ROLE_DOCUMENT_EDIT', 'ROLE_COMPANY_CHAPTERS'])).headers;
    reader = (await signIn(ctx, ['ROLE_DOCUMENT_VIEW', 'ROLE_COMPANY_CHAPTERS'])).headers;
  });
  afterAll(() => ctx.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers = editor, payload?: object) =>
    ctx.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });

  async function folder(name: string, parentId?: number) {
    const res = await call('POST', '/document-folders', editor, { name, ...(parentId ? { parentId } : {}) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number; version: number };
  }
  async function document(folderId: number, name: string, text = '<p>текст</p>', fileIds?: number[]) {
    const res = await call('POST', '/document-folders/text-documents', editor, {
      folderId,
      name,
      text,
      ...(fileIds ? { fileIds } : {}),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number; version: number; text: string; processed: boolean };
  }
  async function upload(name: string, headers = editor) {
    const body = multipart(name, `content of ${name}`);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/file-management/files/temporary',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(201);
    return res.json().data.id as number;
  }

  it('nests folders and lists a folder with its path, subfolders and documents', async () => {
    const top = await folder('Договоры');
    const sub = await folder('2026', top.id);
    const doc = await document(sub.id, 'Договор с перевозчиком');
    const contents = (await call('GET', `/document-folders/${sub.id}/contents`, reader)).json().data;
    expect(contents.path).toEqual([
      { id: top.id, name: 'Договоры' },
      { id: sub.id, name: '2026' },
    ]);
    expect(contents.documents.map((d: { id: number }) => d.id)).toEqual([doc.id]);
    const rootNames = (await call('GET', '/document-folders/contents', reader)).json().data.folders;
    expect(rootNames.map((f: { id: number }) => f.id)).toContain(top.id);
    expect(rootNames.map((f: { id: number }) => f.id)).not.toContain(sub.id);
    const roots = (await call('GET', '/document-folders?parentId=root', reader)).json().data.collection;
    expect(roots.map((f: { id: number }) => f.id)).toContain(top.id);
    expect(roots.map((f: { id: number }) => f.id)).not.toContain(sub.id);
  });

  it('refuses a folder under a missing folder, and a move into its own subfolder', async () => {
    const missing = await call('POST', '/document-folders', editor, { name: 'x', parentId: 999999 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.children.parentId.errors).toEqual([DOCUMENT_MESSAGES.folderNotFound]);
    const top = await folder('Верх');
    const sub = await folder('Низ', top.id);
    const res = await call('PUT', `/document-folders/${top.id}`, editor, {
      name: 'Верх',
      parentId: sub.id,
      version: top.version,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.children.parentId.errors).toEqual([DOCUMENT_MESSAGES.folderCycle]);
  });

  it('does not delete a folder with subfolders or documents', async () => {
    const top = await folder('С подпапкой');
    const sub = await folder('Подпапка', top.id);
    expect((await call('DELETE', `/document-folders/${top.id}`)).json()).toMatchObject({
      code: 409,
      message: DOCUMENT_MESSAGES.folderInUse,
    });
    const doc = await document(sub.id, 'Внутри');
    expect((await call('DELETE', `/document-folders/${sub.id}`)).json().message).toBe(
      DOCUMENT_MESSAGES.folderInUse,
    );
    expect((await call('DELETE', `/document-folders/text-documents/${doc.id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/document-folders/${sub.id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/document-folders/${top.id}`)).statusCode).toBe(200);
  });

  it('stores a document text sanitized', async () => {
    const top = await folder('Санитизация');
    const doc = await document(
      top.id,
      'Опасный',
      '<p onclick="alert(1)">Привет <strong>мир</strong><script>alert(1)</script><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)></p>',
    );
    expect(doc.text).toBe(
      '<p>Привет <strong>мир</strong><a target="_blank" rel="noopener noreferrer nofollow">x</a></p>',
    );
    const updated = await call('PUT', `/document-folders/text-documents/${doc.id}`, editor, {
      text: '<h2 style="text-align:center;color:red">Итог</h2><iframe src="https://evil"></iframe>',
      version: doc.version,
    });
    // The editor sets no styles: none is kept.
    expect(updated.json().data.text).toBe('<h2>Итог</h2>');
  });

  it('does not delete a document with files; removing its files allows it', async () => {
    const top = await folder('С файлами');
    const fileId = await upload('scan.pdf');
    const doc = await document(top.id, 'Акт', '<p>акт</p>', [fileId]);
    const details = (await call('GET', `/document-folders/text-documents/${doc.id}/details`, reader)).json()
      .data;
    expect(details.files.map((f: { id: number }) => f.id)).toEqual([fileId]);
    expect((await call('GET', `/file-management/files/${fileId}/download`, reader)).body).toBe(
      'content of scan.pdf',
    );
    expect((await call('DELETE', `/document-folders/text-documents/${doc.id}`)).json()).toMatchObject({
      code: 409,
      message: DOCUMENT_MESSAGES.documentWithFiles,
    });
    expect(
      (await call('DELETE', `/document-folders/text-documents/${doc.id}/files/${fileId}`)).json().data,
    ).toEqual([]);
    expect((await call('DELETE', `/document-folders/text-documents/${doc.id}`)).statusCode).toBe(200);
  });

  it('tells those who wrote a document that it was processed, unless they turned the type off', async () => {
    const roles = ['ROLE_DOCUMENT_VIEW', 'ROLE_DOCUMENT_EDIT', 'ROLE_COMPANY_CHAPTERS'];
    const author = await signIn(ctx, roles);
    const coauthor = await signIn(ctx, roles);
    const processor = await signIn(ctx, roles);
    const off = await call('PUT', '/user-settings/notification-settings', coauthor.headers, {
      settings: [{ type: 'documentProcessed', scope: 'off' }],
    });
    expect(off.statusCode, off.body).toBe(200);
    const created = await call('POST', '/document-folders/text-documents', author.headers, {
      folderId: (await folder('Акты')).id,
      name: 'Акт сверки',
      text: '<p>Акт</p>',
    });
    const doc = created.json().data;
    const edited = await call('PUT', `/document-folders/text-documents/${doc.id}`, coauthor.headers, {
      text: '<p>Акт, исправлено</p>',
      version: doc.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const processed = await call(
      'PUT',
      `/document-folders/text-documents/${doc.id}/processed`,
      processor.headers,
      {
        processed: true,
        version: edited.json().data.version,
      },
    );
    expect(processed.statusCode, processed.body).toBe(200);
    const unread = async (headers: { authorization: string }) =>
      (await call('GET', '/notifications/internal/unread', headers)).json().data.collection as Array<{
        type: string;
        links: Record<string, { link: string }>;
      }>;
    expect(await unread(author.headers)).toMatchObject([
      {
        type: 'documentProcessed',
        links: { document: { link: `/document-folders/${doc.folderId}/text-documents/${doc.id}` } },
      },
    ]);
    expect(await unread(coauthor.headers)).toEqual([]);
    expect(await unread(processor.headers)).toEqual([]);
  });

  it('locks a processed document against changes, file removal and deletion until unprocessed', async () => {
    const top = await folder('Обработанные');
    const fileId = await upload('act.pdf');
    const doc = await document(top.id, 'Обработанный', '<p>x</p>', [fileId]);
    const processed = await call('PUT', `/document-folders/text-documents/${doc.id}/processed`, editor, {
      processed: true,
      version: doc.version,
    });
    expect(processed.json().data.processed).toBe(true);
    const version = processed.json().data.version;
    const refused = [
      await call('PUT', `/document-folders/text-documents/${doc.id}`, editor, { name: 'Новое', version }),
      await call('DELETE', `/document-folders/text-documents/${doc.id}/files/${fileId}`),
      await call('DELETE', `/document-folders/text-documents/${doc.id}`),
    ];
    for (const res of refused)
      expect(res.json()).toMatchObject({ code: 409, message: DOCUMENT_MESSAGES.processed });
    expect((await call('GET', `/document-folders/text-documents/${doc.id}`)).json().data.name).toBe(
      'Обработанный',
    );
    const history = (await call('GET', `/document-folders/text-documents/${doc.id}/history`)).json().data;
    expect(history.collection.map((e: { action: string }) => e.action)).toContain('process');
    const back = await call('PUT', `/document-folders/text-documents/${doc.id}/processed`, editor, {
      processed: false,
      version,
    });
    expect(back.json().data.processed).toBe(false);
    const renamed = await call('PUT', `/document-folders/text-documents/${doc.id}`, editor, {
      name: 'Новое',
      version: back.json().data.version,
    });
    expect(renamed.json().data.name).toBe('Новое');
  });

  it('searches documents by the words of their names and texts, in any grammatical form', async () => {
    const top = await folder('Поиск');
    const a = await document(top.id, 'Заявка перевозчику', '<p>Погрузка <b>паллет</b> в Казани</p>');
    const b = await document(top.id, 'Memo', '<p>Shipments of pallets to Hamburg</p>');
    const ids = async (query: string) =>
      (
        await call(
          'GET',
          `/document-folders/text-documents?folderId=${top.id}&query=${encodeURIComponent(query)}`,
          reader,
        )
      )
        .json()
        .data.collection.map((d: { id: number }) => d.id);
    expect(await ids('заявки')).toEqual([a.id]);
    expect(await ids('казань погрузка')).toEqual([a.id]);
    expect(await ids('shipment pallet')).toEqual([b.id]);
    // Markup is no text: a tag name finds nothing.
    expect(await ids('b')).toEqual([]);
    expect(await ids('Гамбург москва')).toEqual([]);
  });

  it('lists recent documents with their current file; fresh ones are under five days old', async () => {
    const top = await folder('Недавние');
    const oldFile = await upload('old.pdf');
    const old = await document(top.id, 'Старый', '<p>x</p>', [oldFile]);
    const newest = await upload('new.pdf');
    const fresh = await document(top.id, 'Свежий', '<p>x</p>', [newest]);
    const attachedAt = async (id: number, at: Date) =>
      ctx.database.db.update(files).set({ createdAt: at }).where(eq(files.id, id));
    const now = Date.now();
    await attachedAt(oldFile, new Date(now - 5 * DAY - 60_000));
    await attachedAt(newest, new Date(now - 5 * DAY + 60_000));
    const res = await call('GET', '/home?objects=["recentDocuments"]', reader);
    expect(res.statusCode, res.body).toBe(200);
    const recent = res.json().data.recentDocuments as { id: number }[];
    // Newest file first: the fresh document before the old one.
    expect(recent.map((d) => d.id).filter((id) => id === old.id || id === fresh.id)).toEqual([
      fresh.id,
      old.id,
    ]);
    expect(recent.find((d) => d.id === fresh.id)).toMatchObject({
      fresh: true,
      folderName: 'Недавние',
      currentFile: { id: newest, description: 'new.pdf' },
    });
    expect(recent.find((d) => d.id === old.id)).toMatchObject({ fresh: false, currentFile: { id: oldFile } });
    const outsider = await signIn(ctx, ['ROLE_COMPANY_CHAPTERS']);
    const none = await call('GET', '/home?objects=["recentDocuments"]', outsider.headers);
    expect(none.json().data.recentDocuments).toEqual([]);
  });

  it('lets readers read and only editors write', async () => {
    const top = await folder('Права');
    expect((await call('POST', '/document-folders', reader, { name: 'x' })).statusCode).toBe(403);
    expect(
      (await call('POST', '/document-folders/text-documents', reader, { folderId: top.id, name: 'x' }))
        .statusCode,
    ).toBe(403);
    const nobody = await signIn(ctx, ['ROLE_COMPANY_CHAPTERS']);
    expect((await call('GET', `/document-folders/${top.id}/contents`, nobody.headers)).statusCode).toBe(403);
  });

  // Last: a hundred new documents would crowd the recent documents of the tests above.
  it(`keeps nothing that could run of ${XSS_PAYLOADS.length} payloads in a document's text`, async () => {
    const top = await folder('XSS');
    const stored: string[] = [];
    for (const [index, payload] of XSS_PAYLOADS.entries()) {
      const res = await call('POST', '/document-folders/text-documents', editor, {
        folderId: top.id,
        name: `XSS ${index}`,
        text: `<p>x</p>${payload}`,
      });
      // A NUL character is refused before anything is read (the input guard of platform/errors).
      if (payload.includes('\u0000')) {
        expect(res.statusCode).toBe(400);
        continue;
      }
      expect(res.statusCode, payload).toBe(201);
      stored.push(res.json().data.text);
    }
    expect(stored.length).toBeGreaterThanOrEqual(100);
    expect(stored.flatMap((text) => dangers(text))).toEqual([]);
  });
});
