import { padId, ROUTE_POINT_KIND_LABELS, TRANSPORT_TYPE_LABELS } from '@tms/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docxText, makeDocx } from '../../test/docx';
import { createTestApp, type TestContext } from '../../test/harness';
import { type SignedIn, signIn } from '../../test/users';
import { counterparties } from '../counterparties';
import { requestsWorld } from './test-fixtures';

/** Customer requests as initiators of the document generator: a template filled from a request. */
let ctx: TestContext;
let worker: SignedIn;
let designer: SignedIn;
let request: number;

beforeAll(async () => {
  ctx = await createTestApp();
  const { ru, de } = await requestsWorld(ctx);
  const [client] = await ctx.database.db
    .insert(counterparties)
    .values({ name: 'ООО «Ромашка»', client: true, countryId: ru, applicationRequired: false })
    .returning();
  worker = await signIn(ctx, ['ROLE_REQUEST_VIEW_ALL', 'ROLE_REQUEST_CREATE', 'ROLE_COUNTERPARTY_VIEW_ALL']);
  designer = await signIn(ctx, ['ROLE_SETTINGS_TEMPLATES']);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/requests',
    headers: worker.headers,
    payload: {
      clientId: client!.id,
      route: [
        { kind: 'dispatch', address: 'Москва, Тверская 1', countryId: ru, dateFrom: '2026-12-01' },
        { kind: 'delivery', address: 'Berlin, Unter den Linden 1', countryId: de, dateFrom: '2026-12-08' },
      ],
      cargo: { description: 'Станки', weight: '1200' },
      transportTypes: ['auto'],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  request = res.json().data.id;
});
afterAll(() => ctx?.close());

describe('a customer request as an initiator', () => {
  it('fills a template with the request, its cargo and its route', async () => {
    const boundary = '----tms-request-docx';
    const upload = await ctx.app.inject({
      method: 'POST',
      url: '/api/file-management/files/temporary',
      headers: { ...designer.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="quote.docx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        makeDocx([
          'Запрос {number}: {clientName}, {cargoDescription}, {cargoWeight} кг, {transportTypes}',
          '{#route}',
          '{kind}: {address} {dateFrom}',
          '{/route}',
        ]),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    const template = await ctx.app.inject({
      method: 'POST',
      url: '/api/document-generator/templates',
      headers: designer.headers,
      payload: { name: 'Предложение', initiatorType: 'request', fileId: upload.json().data.id },
    });
    expect(template.statusCode, template.body).toBe(201);
    const generated = await ctx.app.inject({
      method: 'POST',
      url: `/api/document-generator/initiator/request/generate/${request}`,
      headers: worker.headers,
      payload: { templateId: template.json().data.id },
    });
    expect(generated.statusCode, generated.body).toBe(201);
    // Requests keep no files: the document is the user's to download.
    expect(generated.json().data.attached).toBe(false);
    const download = await ctx.app.inject({
      method: 'GET',
      url: generated.json().data.downloadLink,
      headers: worker.headers,
    });
    expect(docxText(download.rawPayload)).toBe(
      `Запрос ${padId(request)}: ООО «Ромашка», Станки, 1200 кг, ${TRANSPORT_TYPE_LABELS.auto.ru}\n${ROUTE_POINT_KIND_LABELS.dispatch.ru}: Москва, Тверская 1 01.12.2026\n${ROUTE_POINT_KIND_LABELS.delivery.ru}: Berlin, Unter den Linden 1 08.12.2026`,
    );
    const outsider = await signIn(ctx, ['ROLE_REQUEST_VIEW_OWN']);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/document-generator/initiator/request/generate/${request}`,
      headers: outsider.headers,
      payload: { templateId: template.json().data.id },
    });
    expect(refused.statusCode).toBe(404);
  });
});
