import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { WORK_MESSAGES } from '@tms/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../platform/files/tables';
import { defineModule } from '../../platform/modules';
import { makeDocx, packDocx } from '../../test/docx';
import { createTestApp, type TestContext } from '../../test/harness';
import { loopCpu } from '../../test/loop-cpu';
import { multipart } from '../../test/multipart';
import { signIn } from '../../test/users';
import { TEMPLATE_ZIP_LIMITS } from './docx-template';
import { documentTemplates } from './tables';

/** One probe record to generate documents for. */
const probeModule = defineModule({
  name: 'heavy-generation-probe',
  contributes: {
    documentInitiators: {
      probe: {
        label: { ru: 'Проба', en: 'Probe' },
        fields: [{ tag: 'number', label: { ru: 'Номер', en: 'Number' } }],
        async load() {
          return { title: '000001', data: { number: '000001' } };
        },
      },
    },
  },
});

/**
 * Asks for `/api/health` every 100 ms from a thread of its own (a poller on the server's own thread would wait
 * with it), until told to stop.
 */
const POLLER = `
const { parentPort, workerData } = require('node:worker_threads');
let stop = false;
parentPort.on('message', () => { stop = true; });
(async () => {
  const answers = [];
  const start = Date.now();
  for (let i = 0; !stop; i++) {
    const wait = start + i * 100 - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const sentAt = Date.now();
    const response = await fetch(workerData.url).catch(() => null);
    if (response) await response.text();
    answers.push({ sentAt, status: response ? response.status : 0 });
    if (answers.length === 3) parentPort.postMessage('running');
  }
  parentPort.postMessage(answers);
})();
`;

interface Answer {
  sentAt: number;
  status: number;
}

/**
 * A .docx whose document.xml unpacks to the most a template's part may (`TEMPLATE_ZIP_LIMITS`, 5 MB: a larger
 * one is refused at once, apps/server/test/security/heavy-input.test.ts), tens of thousands of paragraphs,
 * built in Buffers outside the JavaScript heap: a string of megabytes and its garbage on this thread would
 * bring a long garbage collection of the server's own heap into the measure.
 */
function bombTemplate(): Buffer {
  const paragraph = Buffer.from(
    '<w:p><w:r><w:t xml:space="preserve">Строка {number} документа на пять мегабайт</w:t></w:r></w:p>',
  );
  const room = TEMPLATE_ZIP_LIMITS.maxEntryBytes! - 1024;
  const body = Buffer.alloc(Math.floor(room / paragraph.length) * paragraph.length, paragraph);
  return packDocx(
    Buffer.concat([
      Buffer.from(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>',
      ),
      body,
      Buffer.from('</w:body></w:document>'),
    ]),
  );
}

describe('heavy document work', () => {
  let ctx: TestContext;
  let base: string;
  let headers: { authorization: string };
  let templateId: number;
  let small: number;
  const generateSmall = () =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/document-generator/initiator/probe/generate/1',
      headers,
      payload: { templateId: small, format: 'pdf' },
    });

  beforeAll(async () => {
    // A limit short enough for a quick test, long enough for the small documents' first task on a busy machine
    // (it loads docxtemplater and pdfkit).
    ctx = await createTestApp({ workerTaskTimeoutMs: 8000 }, [probeModule]);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    const admin = await signIn(ctx, ['ROLE_SETTINGS_TEMPLATES']);
    headers = admin.headers;
    const body = multipart('big.docx', bombTemplate());
    const upload = await ctx.app.inject({
      method: 'POST',
      url: '/api/file-management/files/temporary',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const fileId = upload.json().data.id as number;
    // Stored as a saved template would be: the save's own check is the same work in the same pool.
    await ctx.database.db
      .update(files)
      .set({ temporary: false, ownerType: 'document_template' })
      .where(eq(files.id, fileId));
    const [template] = await ctx.database.db
      .insert(documentTemplates)
      .values({ name: 'Большой', initiatorType: 'probe', fileId, fileName: 'big.docx' })
      .returning();
    templateId = template!.id;
    small = await smallTemplate();
    // The pool's thread is up before the measure: what is measured is the heavy task alone.
    expect((await generateSmall()).statusCode).toBe(201);
  });
  afterAll(() => ctx.close());

  // Whether the loop stayed free is read from the loop's own CPU time (`loopCpu`), not from answer times.
  it('turns a template of the largest document.xml allowed into a PDF off the request loop: /api/health answers all along', async () => {
    const poller = new Worker(POLLER, { eval: true, workerData: { url: `${base}/api/health` } });
    const answers = new Promise<Answer[]>((resolve, reject) => {
      poller.on('message', (message) => {
        if (Array.isArray(message)) resolve(message);
      });
      poller.on('error', reject);
    });
    await new Promise((resolve) => poller.once('message', resolve));

    const startedAt = Date.now();
    const cpuBefore = loopCpu();
    const response = await fetch(`${base}/api/document-generator/initiator/probe/generate/1`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ templateId, format: 'pdf' }),
    });
    const answer = await response.json();
    const endedAt = Date.now();
    const cpu = loopCpu() - cpuBefore;
    poller.postMessage('stop');
    const health = await answers;
    await poller.terminate();

    // Made (a fast machine), or stopped within its limits (the 8 s of this test, or the thread's heap) with a
    // clear message.
    if (response.status !== 201) {
      expect([
        { code: 422, message: WORK_MESSAGES.tooLong },
        { code: 413, message: WORK_MESSAGES.tooLarge },
      ]).toContainEqual(answer);
    }
    const during = health.filter((a) => a.sentAt >= startedAt && a.sentAt <= endedAt);
    expect(during.length).toBeGreaterThanOrEqual(5);
    expect(during.filter((a) => a.status !== 200)).toEqual([]);
    // The server's loop was mostly idle while the task ran: on the loop it would have spent all its seconds.
    expect(cpu).toBeLessThan(1);

    // The pool goes on: the next document is made on a fresh thread.
    const next = await generateSmall();
    expect(next.statusCode, next.body).toBe(201);
  });

  async function smallTemplate(): Promise<number> {
    const body = multipart('small.docx', makeDocx(['Акт № {number}']));
    const upload = await ctx.app.inject({
      method: 'POST',
      url: '/api/file-management/files/temporary',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/document-generator/templates',
      headers,
      payload: { name: 'Малый', initiatorType: 'probe', fileId: upload.json().data.id },
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().data.id;
  }
});
