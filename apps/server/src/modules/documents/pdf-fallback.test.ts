import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Database } from '../../db/connection';
import { loggerOptions } from '../../platform/http/logging';
import type { App } from '../../platform/http/types';
import { defineModule } from '../../platform/modules';
import { makeDocx } from '../../test/docx';
import { createTestDatabase, testConfig, testWorkerEntry } from '../../test/harness';
import { signIn } from '../../test/users';

/**
 * A PDF LibreOffice failed to make is still made, by the built-in converter, and the server says so in its
 * log (a warning naming the template and why), since that PDF lacks the pictures, headers and footers the
 * template has. LibreOffice here is `/bin/false`, which exits with 1 at once.
 */

const probeModule = defineModule({
  name: 'pdf-fallback-probe',
  contributes: {
    documentInitiators: {
      probe: {
        label: { ru: 'Проба', en: 'Probe' },
        fields: [{ tag: 'number', label: { ru: 'Номер', en: 'Number' } }],
        async load(_ctx, id) {
          return { title: `00000${id}`, data: { number: `00000${id}` } };
        },
      },
    },
  },
});

function multipart(content: Buffer) {
  const boundary = '----tms-pdf-fallback';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="akt.docx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('a PDF LibreOffice failed to make', () => {
  const saved = { converter: process.env.PDF_CONVERTER, soffice: process.env.SOFFICE_PATH };
  const lines: Record<string, unknown>[] = [];
  let app: App;
  let database: Database;
  const config = testConfig();

  beforeAll(async () => {
    // The app's worker threads start with its first task and read these then.
    delete process.env.PDF_CONVERTER;
    process.env.SOFFICE_PATH = '/bin/false';
    database = await createTestDatabase();
    app = await buildApp({
      config,
      database,
      extraModules: [probeModule],
      workerEntry: testWorkerEntry(),
      logger: {
        ...loggerOptions('warn'),
        stream: { write: (line: string) => lines.push(JSON.parse(line)) },
      },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    for (const [name, value] of [
      ['PDF_CONVERTER', saved.converter],
      ['SOFFICE_PATH', saved.soffice],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  it('is made by the built-in converter, and a warning says which template and why', async () => {
    const { headers } = await signIn({ app, database, config }, ['ROLE_SETTINGS_TEMPLATES']);
    const body = multipart(makeDocx(['Акт № {number}']));
    const upload = await app.inject({
      method: 'POST',
      url: '/api/file-management/files/temporary',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const template = await app.inject({
      method: 'POST',
      url: '/api/document-generator/templates',
      headers,
      payload: { name: 'Акт сдачи', initiatorType: 'probe', fileId: upload.json().data.id },
    });
    expect(template.statusCode, template.body).toBe(201);
    const generate = (format: 'docx' | 'pdf') =>
      app.inject({
        method: 'POST',
        url: '/api/document-generator/initiator/probe/generate/1',
        headers,
        payload: { templateId: template.json().data.id, format },
      });
    const docx = await generate('docx');
    expect(docx.statusCode, docx.body).toBe(201);
    // A .docx is no conversion: nothing to warn of.
    expect(lines.filter((line) => line.level === 40)).toEqual([]);
    const pdf = await generate('pdf');
    expect(pdf.statusCode, pdf.body).toBe(201);
    expect(pdf.json().data).toMatchObject({ converter: 'builtin' });
    expect(lines.filter((line) => line.level === 40)).toEqual([
      expect.objectContaining({
        msg: 'LibreOffice made no PDF; the built-in converter made it without pictures, headers and footers',
        template: 'Акт сдачи',
        initiatorType: 'probe',
        initiatorId: 1,
        reason: expect.stringMatching(/^LibreOffice exited with 1/),
      }),
    ]);
  });
});
