import { DOCX_MIME_TYPE, TEMPLATE_MESSAGES } from '@tms/domain';
import { eq } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forbidden, notFound } from '../../platform/errors';
import { files } from '../../platform/files/tables';
import { ZIP_MESSAGES } from '../../platform/files/zip-guard';
import { defineModule } from '../../platform/modules';
import { notifications } from '../../platform/notifications/tables';
import { docxText, makeDocx } from '../../test/docx';
import { createTestApp, type TestContext } from '../../test/harness';
import { signIn } from '../../test/users';
import { makeZip } from '../../test/zips';
import { docxBlocks } from './docx-pdf';
import { renderDocx } from './docx-template';

function multipart(name: string, content: Buffer) {
  const boundary = '----tms-generator-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Whom a probe record concerns (its `audience`), set once the users exist. */
let probePeople: number[] = [];

/** A probe record kind: shipments 1 and 2; the reader of `probe` may read 1 only; files under `probe`. */
const probeModule = defineModule({
  name: 'generator-probe',
  fileOwners: { probe: async () => true },
  contributes: {
    documentInitiators: {
      probe: {
        label: { ru: 'Проба', en: 'Probe' },
        fields: [
          { tag: 'number', label: { ru: 'Номер', en: 'Number' } },
          {
            tag: 'lines',
            label: { ru: 'Строки', en: 'Lines' },
            items: [{ tag: 'name', label: { ru: 'Имя', en: 'Name' } }],
          },
        ],
        fileOwnerType: 'probe',
        async audience(_ctx, id) {
          return { direct: probePeople, links: { operation: { link: `/probe/${id}`, text: `00000${id}` } } };
        },
        async load(ctx, id) {
          if (id > 2) throw notFound();
          if (id === 2 && ctx.auth && !ctx.auth.roles.has('ROLE_ADMIN')) throw forbidden();
          return {
            title: `00000${id}`,
            data: { number: `00000${id}`, lines: [{ name: 'Паллеты' }, { name: 'Коробки' }] },
          };
        },
      },
    },
  },
});

describe('document generator', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  let user: { authorization: string };

  beforeAll(async () => {
    ctx = await createTestApp({}, [probeModule]);
    admin = (await signIn(ctx, ['ROLE_SETTINGS_TEMPLATES'])).headers;
    user = (await signIn(ctx, [])).headers;
    const roles = ['ROLE_ORDER_VIEW_OWN', 'ROLE_COMPANY_CHAPTERS'];
    const subscriber = await signIn(ctx, roles);
    const unsubscribed = await signIn(ctx, roles);
    probePeople = [subscriber.user.id, unsubscribed.user.id];
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user-settings/notification-settings',
      headers: subscriber.headers,
      payload: { settings: [{ type: 'documentGenerated', scope: 'direct' }] },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(() => ctx.close());

  async function upload(name: string, content: Buffer, headers = admin) {
    const body = multipart(name, content);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/file-management/files/temporary',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(201);
    return res.json().data.id as number;
  }
  const createTemplate = async (fileId: number, name = 'Акт', initiatorType = 'probe') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/document-generator/templates',
      headers: admin,
      payload: { name, initiatorType, fileId },
    });
  const refusal = (res: { json(): { errors: { children: { fileId?: { errors: string[] } } } } }) =>
    res.json().errors.children.fileId?.errors;

  it('lists the registered initiators with their fields for the field picker', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/document-generator/initiators',
      headers: admin,
    });
    const probe = res.json().data.find((one: { type: string }) => one.type === 'probe');
    expect(probe.fields[1]).toEqual({
      tag: 'lines',
      label: { ru: 'Строки', en: 'Lines' },
      items: [{ tag: 'name', label: { ru: 'Имя', en: 'Name' } }],
    });
  });

  it('accepts only .docx files', async () => {
    const pdf = await upload('act.pdf', makeDocx(['{number}']));
    expect(refusal(await createTemplate(pdf))).toEqual([TEMPLATE_MESSAGES.onlyDocx]);
    const notZip = await upload('act.docx', Buffer.from('just text, no archive at all, and long enough'));
    expect(refusal(await createTemplate(notZip))).toEqual([ZIP_MESSAGES.invalid]);
    const noDocument = await upload(
      'act.docx',
      makeZip([{ name: 'xl/workbook.xml', content: Buffer.from('<x/>') }]),
    );
    expect(refusal(await createTemplate(noDocument))).toEqual([TEMPLATE_MESSAGES.onlyDocx]);
  });

  it('refuses a zip bomb and a zip-slip archive before unpacking them', async () => {
    const bomb = await upload(
      'bomb.docx',
      makeZip([{ name: 'word/document.xml', content: Buffer.alloc(32 * 1024 * 1024), declaredSize: 100 }]),
    );
    expect(refusal(await createTemplate(bomb))).toEqual([ZIP_MESSAGES.tooLarge]);
    const slip = await upload(
      'slip.docx',
      makeZip([
        { name: 'word/document.xml', content: Buffer.from('<w:document/>') },
        { name: '../../../tmp/evil.sh', content: Buffer.from('rm -rf /') },
      ]),
    );
    expect(refusal(await createTemplate(slip))).toEqual([ZIP_MESSAGES.unsafePath]);
  });

  it('refuses a template that is not UTF-8 or whose tags do not compile', async () => {
    const latin1 = Buffer.from(
      '<w:document><w:body><w:p><w:r><w:t>Caf\u00e9 {number}</w:t></w:r></w:p></w:body></w:document>',
      'latin1',
    );
    const notUtf8 = await upload('latin1.docx', makeDocx([], latin1));
    expect(refusal(await createTemplate(notUtf8))).toEqual([TEMPLATE_MESSAGES.utf8]);
    const broken = await upload('broken.docx', makeDocx(['{#lines}{name}']));
    expect(refusal(await createTemplate(broken))).toEqual([TEMPLATE_MESSAGES.invalidTemplate]);
    const unknown = await upload('ok.docx', makeDocx(['{number}']));
    const res = await createTemplate(unknown, 'Акт', 'weather');
    expect(res.json().errors.children.initiatorType.errors).toEqual([TEMPLATE_MESSAGES.unknownInitiator]);
  });

  it('generates a template for a record with its loops and attaches it to the record', async () => {
    const fileId = await upload(
      'Акт.docx',
      makeDocx(['Акт № {number}', '{#lines}', '— {name}', '{/lines}', 'Итог']),
    );
    const created = await createTemplate(fileId, 'Акт приёмки');
    expect(created.statusCode, created.body).toBe(201);
    const template = created.json().data;
    expect(template).toMatchObject({ fileName: 'Акт.docx', initiatorType: 'probe' });

    const preview = await ctx.app.inject({
      method: 'GET',
      url: '/api/document-generator/initiator/probe/preview/1',
      headers: user,
    });
    expect(preview.json().data).toMatchObject({
      title: '000001',
      data: { number: '000001' },
      templates: [{ id: template.id, name: 'Акт приёмки' }],
    });

    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/document-generator/initiator/probe/generate/1',
      headers: user,
      payload: { templateId: template.id },
    });
    expect(res.statusCode, res.body).toBe(201);
    const generated = res.json().data;
    expect(generated).toMatchObject({ description: 'Акт приёмки 000001.docx', attached: true });
    const [row] = await ctx.database.db.select().from(files).where(eq(files.id, generated.id));
    expect(row).toMatchObject({ ownerType: 'probe', ownerId: 1, temporary: false, mimeType: DOCX_MIME_TYPE });
    const download = await ctx.app.inject({ method: 'GET', url: generated.downloadLink, headers: user });
    expect(docxText(download.rawPayload)).toBe('Акт № 000001\n— Паллеты\n— Коробки\nИтог');
    // Told (off by default) to those the record concerns who asked for it.
    expect(await ctx.database.db.select().from(notifications)).toEqual([
      expect.objectContaining({
        userId: probePeople[0],
        type: 'documentGenerated',
        params: { template: 'Акт приёмки' },
        links: { operation: { link: '/probe/1', text: '000001' } },
      }),
    ]);
  });

  it('converts a generated document to PDF where asked, keeping paragraphs, bold and italic runs and tables', async () => {
    const run = (text: string, props = '') =>
      `<w:r>${props ? `<w:rPr>${props}</w:rPr>` : ''}<w:t xml:space="preserve">${text}</w:t></w:r>`;
    const cell = (content: string) => `<w:tc><w:p>${content}</w:p></w:tc>`;
    const xml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>
<w:p><w:pPr><w:jc w:val="center"/></w:pPr>${run('Акт № ')}${run('{number}', '<w:b/>')}</w:p>
<w:p>${run('Курсив', '<w:i/>')}${run(' и ')}${run('не жирный', '<w:b w:val="0"/>')}</w:p>
<w:tbl><w:tblGrid><w:gridCol w:w="3000"/><w:gridCol w:w="6000"/></w:tblGrid>
<w:tr>${cell(run('№'))}${cell(run('Груз', '<w:b/>'))}</w:tr>
<w:tr>${cell(run('{#lines}•'))}${cell(run('{name}{/lines}'))}</w:tr>
</w:tbl>
<w:p>${run('Итог')}</w:p>
</w:body></w:document>`;
    const template = (
      await createTemplate(await upload('Акт.docx', makeDocx([], Buffer.from(xml))), 'Акт в PDF')
    ).json().data;
    const blocks = docxBlocks(
      await renderDocx(makeDocx([], Buffer.from(xml)), {
        number: '000001',
        lines: [{ name: 'Паллеты' }, { name: 'Коробки' }],
      }).then((filled) => filled.docx),
    );
    expect(blocks).toEqual([
      {
        kind: 'paragraph',
        align: 'center',
        heading: 0,
        runs: [
          { text: 'Акт № ', bold: false, italic: false },
          { text: '000001', bold: true, italic: false },
        ],
      },
      {
        kind: 'paragraph',
        align: 'left',
        heading: 0,
        runs: [
          { text: 'Курсив', bold: false, italic: true },
          { text: ' и ', bold: false, italic: false },
          { text: 'не жирный', bold: false, italic: false },
        ],
      },
      {
        kind: 'table',
        columns: [3000, 6000],
        rows: [
          ['№', 'Груз'],
          ['•', 'Паллеты'],
          ['•', 'Коробки'],
        ].map((row) =>
          row.map((text) => ({
            span: 1,
            paragraphs: [expect.objectContaining({ runs: [expect.objectContaining({ text })] })],
          })),
        ),
      },
      expect.objectContaining({ runs: [{ text: 'Итог', bold: false, italic: false }] }),
    ]);

    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/document-generator/initiator/probe/generate/1',
      headers: user,
      payload: { templateId: template.id, format: 'pdf' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.description).toBe('Акт в PDF 000001.pdf');
    const [row] = await ctx.database.db.select().from(files).where(eq(files.id, res.json().data.id));
    expect(row!.mimeType).toBe('application/pdf');
    const pdf = (await ctx.app.inject({ method: 'GET', url: res.json().data.downloadLink, headers: user }))
      .rawPayload;
    const text = (await extractText(new Uint8Array(pdf), { mergePages: true })).text.replace(/\s+/g, ' ');
    expect(text).toMatch(/Акт №\s?000001/);
    // Between runs of one left-aligned line the spaces stay.
    expect(text).toContain('Курсив и не жирный');
    expect(text).toMatch(/№ Груз • Паллеты • Коробки Итог/);
    // The bold and the italic runs are set in their own faces.
    const raw = pdf.toString('latin1');
    expect(raw).toContain('DejaVuSans-Bold');
    expect(raw).toContain('DejaVuSans-Oblique');
  });

  it("copies a template's Word file as the start of a new template, for holders of the templates role", async () => {
    const original = (
      await createTemplate(await upload('Письмо.docx', makeDocx(['Письмо {number}'])), 'Письмо')
    ).json().data;
    const copy = (headers: { authorization: string }) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/document-generator/templates/${original.id}/file-copy`,
        headers,
      });
    expect((await copy(user)).statusCode).toBe(403);
    const copied = await copy(admin);
    expect(copied.statusCode, copied.body).toBe(201);
    expect(copied.json().data).toMatchObject({ description: 'Письмо.docx' });
    expect(copied.json().data.id).not.toBe(original.fileId);
    const again = await createTemplate(copied.json().data.id, 'Письмо (копия)');
    expect(again.statusCode, again.body).toBe(201);
    const download = await ctx.app.inject({
      method: 'GET',
      url: copied.json().data.downloadLink,
      headers: admin,
    });
    expect(docxText(download.rawPayload)).toBe('Письмо {number}');
  });

  it('generates nothing for a record the user may not read, an unknown kind or a template of another kind', async () => {
    const fileId = await upload('x.docx', makeDocx(['{number}']));
    const template = (await createTemplate(fileId, 'Проба')).json().data;
    const generate = (url: string, templateId = template.id) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/document-generator/initiator/${url}`,
        headers: user,
        payload: { templateId },
      });
    const before = (await ctx.database.db.select().from(files)).length;
    expect((await generate('probe/generate/2')).statusCode).toBe(403);
    expect((await generate('probe/generate/9')).statusCode).toBe(404);
    const unknown = await generate('weather/generate/1');
    expect(unknown.json().message, unknown.body).toBe(TEMPLATE_MESSAGES.unknownInitiator);
    const other = await generate('probe/generate/1', 999999);
    expect(other.json().errors.children.templateId.errors).toEqual([
      'The value you selected is not a valid choice.',
    ]);
    expect((await ctx.database.db.select().from(files)).length).toBe(before);
  });

  it('keeps the template screens to holders of the templates role', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/document-generator/templates',
      headers: user,
    });
    expect(res.statusCode).toBe(403);
  });
});
