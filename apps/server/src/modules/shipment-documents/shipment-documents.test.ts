import type { AddressInfo } from 'node:net';
import { APPLICATION_FILE_TAG, SHIPMENT_DOCUMENT_MESSAGES as M } from '@tms/domain';
import { and, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, fileTags, fileTagTypes } from '../../platform/files/tables';
import { docxText, makeDocx } from '../../test/docx';
import { EDIT_ALL, errorsOf, setUpOperations } from '../../test/operations-world';
import { type SignedIn, signIn } from '../../test/users';
import { bills } from '../finance';
import { shipmentDocuments } from './tables';

/** An in-process SMTP server: the mails it took (their raw text). */
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
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

const ops = setUpOperations([], {
  config: {
    smtp: {
      host: '127.0.0.1',
      port: (smtp.server.address() as AddressInfo).port,
      secure: false,
      from: 'TMS <tms@example.test>',
    },
  },
});
/** Every message of a refusal, whatever field it is under. */
const messagesOf = (res: Parameters<typeof errorsOf>[0]) => Object.values(errorsOf(res)).flat();

let forwarder: SignedIn;
let designer: SignedIn;
let reader: SignedIn;
let client: number;
let carrier: number;

beforeAll(async () => {
  forwarder = await signIn(ops.ctx, [...EDIT_ALL, 'ROLE_STAGE_MANAGE_ALL']);
  designer = await signIn(ops.ctx, ['ROLE_TRANSPORT_ORDER_TEMPLATES', 'ROLE_SETTINGS_TEMPLATES']);
  reader = await signIn(ops.ctx, ['ROLE_JOB_VIEW_ALL', 'ROLE_ORDER_VIEW_ALL']);
  client = await ops.world.counterparty({ name: 'ООО «Вектор»' });
  carrier = await ops.world.counterparty({
    name: 'ООО «Быстрый Грузовик»',
    client: false,
    email: 'go@truck.test',
  });
});

async function upload(content: Buffer, who = designer) {
  const boundary = '----tms-shipment-docx';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="template.docx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await ops.ctx.app.inject({
    method: 'POST',
    url: '/api/file-management/files/temporary',
    headers: { ...who.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

const TRANSPORT_ORDER_LINES = [
  'Заявка № {number} от {date}, {companyName}',
  'Перевозчик: {contractorName}',
  'Работа {jobNumber}, заказы {orderNumbers}',
  '{#route}{kind}: {address}{/route}',
  'Машина {vehicle}, водитель {driverName}, тел. {driverPhone}',
  'Ставка {rate} {currency}. {terms}',
];

async function template(path: string, lines: string[], legalEntityId: number, extra = {}) {
  const fileId = await upload(makeDocx(lines));
  const res = await ops.call('POST', `/api${path}`, designer, {
    name: 'Заявка',
    legalEntityId,
    fileId,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number };
}

/** A job with a contractor, an expense bill and a stage: what a transport order needs. Answers its company. */
async function readyJob() {
  const order = await ops.createOrder(forwarder, client);
  const job = await ops.createJob(forwarder, [order.id], { contractorId: carrier });
  const bill = await ops.bill('EXPENSE', carrier, { jobIds: [job.id] });
  const [row] = await ops.db
    .select({ legalEntityId: bills.legalEntityId })
    .from(bills)
    .where(eq(bills.id, bill));
  await ops.addStage(forwarder, `/api/tms/jobs/${job.id}`);
  return { order, job, company: row!.legalEntityId };
}

describe('shipment templates', () => {
  it('names an unknown tag of a template with its place before it is saved, and saves it', async () => {
    const { company } = await readyJob();
    const fileId = await upload(
      makeDocx(['Заявка {number}', 'Заказ {orderNumbr}', '{#route}{adress}{/route}']),
    );
    const check = await ops.call('POST', '/api/shipment-templates/check', designer, {
      kind: 'transport-order',
      fileId,
    });
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json().data.warnings).toEqual([
      { tag: 'orderNumbr', loop: null, part: 'body', paragraph: 2 },
      { tag: 'adress', loop: 'route', part: 'body', paragraph: 3 },
    ]);
    const saved = await ops.call('POST', '/api/transport-orders/templates', designer, {
      name: 'С опечаткой',
      legalEntityId: company,
      fileId,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    // Its own list: a forwarding receipt's templates do not show it.
    const receipts = await ops.call('GET', '/api/forwarding-receipt-templates', designer);
    expect(receipts.json().data.collection.map((t: { id: number }) => t.id)).not.toContain(
      saved.json().data.id,
    );
    await ops.call('DELETE', `/api/transport-orders/templates/${saved.json().data.id}`, designer);
  });

  it('refuses a file that is not a template, and someone without the templates role', async () => {
    const notDocx = await upload(Buffer.from('not a zip'));
    const check = await ops.call('POST', '/api/shipment-templates/check', designer, {
      kind: 'customer-application',
      fileId: notDocx,
    });
    expect(check.statusCode).toBe(400);
    const fileId = await upload(makeDocx(['{number}']), forwarder);
    expect(
      (
        await ops.call('POST', '/api/shipment-templates/check', forwarder, {
          kind: 'transport-order',
          fileId,
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('transport orders', () => {
  it('refuses a job without a contractor, expense bills or stages (spec §5), writing nothing', async () => {
    const order = await ops.createOrder(forwarder, client);
    const bare = await ops.createJob(forwarder, [order.id]);
    const before = await ops.count(shipmentDocuments);
    for (const step of ['contractor', 'bill', 'stage'] as const) {
      const res = await ops.call('POST', `/api/tms/jobs/${bare.id}/transport-orders`, forwarder, {});
      expect(res.statusCode, res.body).toBe(400);
      expect(messagesOf(res)).toContain(M.transportOrderNeeds);
      if (step === 'contractor') {
        const fresh = (await ops.call('GET', `/api/tms/jobs/${bare.id}`, forwarder)).json().data;
        const res2 = await ops.call('PUT', `/api/tms/jobs/${bare.id}`, forwarder, {
          contractorId: carrier,
          version: fresh.version,
        });
        expect(res2.statusCode, res2.body).toBe(200);
      } else if (step === 'bill') await ops.bill('EXPENSE', carrier, { jobIds: [bare.id] });
    }
    expect(await ops.count(shipmentDocuments)).toBe(before);
  });

  it('fills the legal entity template with the job and the carrier details into the job files, and reports empty tags', async () => {
    const { job, company } = await readyJob();
    const none = await ops.call('POST', `/api/tms/jobs/${job.id}/transport-orders`, forwarder, {});
    expect(none.statusCode).toBe(400);
    expect(messagesOf(none)).toContain(M.noTransportOrderTemplate);
    await template('/transport-orders/templates', TRANSPORT_ORDER_LINES, company);
    const res = await ops.call('POST', `/api/tms/jobs/${job.id}/transport-orders`, forwarder, {
      details: { vehicle: 'А123ВС 77', driverName: 'Петров П. П.', rate: '85000', terms: 'Оплата 10 дней.' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json().data;
    expect(made).toMatchObject({
      kind: 'transport-order',
      operationId: job.id,
      sentAt: null,
      acceptedAt: null,
    });
    expect(made.emptyTags).toEqual(['driverPhone']);
    expect(made.contractorEmail).toBe('go@truck.test');
    const [docx] = await ops.db.select().from(files).where(eq(files.id, made.file.id));
    expect(docx).toMatchObject({ ownerType: 'job', ownerId: job.id, temporary: false });
    const download = await ops.ctx.app.inject({
      method: 'GET',
      url: made.file.downloadLink,
      headers: forwarder.headers,
    });
    const text = docxText(download.rawPayload);
    expect(text).toContain('Перевозчик: ООО «Быстрый Грузовик»');
    expect(text).toContain('Машина А123ВС 77, водитель Петров П. П., тел.');
    expect(text).toContain('Ставка 85000 RUB. Оплата 10 дней.');
    expect(made.pdf.description).toMatch(/\.pdf$/);
    const list = await ops.call('GET', `/api/tms/jobs/${job.id}/transport-orders`, reader);
    expect(list.json().data.collection.map((one: { id: number }) => one.id)).toEqual([made.id]);
    // Someone who only reads jobs sees it but cannot make one.
    expect((await ops.call('GET', `/api/transport-orders/${made.id}`, reader)).statusCode).toBe(200);
    expect((await ops.call('POST', `/api/tms/jobs/${job.id}/transport-orders`, reader, {})).statusCode).toBe(
      403,
    );
  });

  it('mails the PDF to the contractor by the queue, records when it was sent, then its acceptance', async () => {
    const { job, company } = await readyJob();
    await template('/transport-orders/templates', TRANSPORT_ORDER_LINES, company);
    const made = (await ops.call('POST', `/api/tms/jobs/${job.id}/transport-orders`, forwarder, {})).json()
      .data;
    const early = await ops.call('POST', `/api/transport-orders/${made.id}/accept`, forwarder, {
      version: made.version,
    });
    expect(messagesOf(early)).toContain(M.notSent);
    const bad = await ops.call('POST', `/api/transport-orders/${made.id}/send`, forwarder, {
      to: 'nobody',
      version: made.version,
    });
    expect(bad.statusCode).toBe(400);
    const asked = await ops.call('POST', `/api/transport-orders/${made.id}/send`, forwarder, {
      to: 'dispatch@truck.test',
      version: made.version,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().data).toMatchObject({ sentTo: 'dispatch@truck.test', sentAt: null });
    expect(asked.json().data.sendRequestedAt).not.toBeNull();
    const before = received.length;
    expect(await ops.ctx.app.queue.drain()).toBe(1);
    expect(received.length).toBe(before + 1);
    const mail = received.at(-1)!;
    expect(mail.to).toEqual(['dispatch@truck.test']);
    expect(mail.body).toContain('application/pdf');
    const sent = (await ops.call('GET', `/api/transport-orders/${made.id}`, forwarder)).json().data;
    expect(sent.sentAt).not.toBeNull();
    const accepted = await ops.call('POST', `/api/transport-orders/${made.id}/accept`, forwarder, {
      version: sent.version,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data.acceptedAt).not.toBeNull();
  });
});

describe('forwarding receipts and customer applications', () => {
  it('says the legal entity has no application template, then makes one; the signed upload marks the application loaded', async () => {
    const order = await ops.createOrder(forwarder, client);
    const noEntity = await ops.call('POST', `/api/tms/orders/${order.id}/shipment-documents`, forwarder, {
      kind: 'customer-application',
    });
    expect(messagesOf(noEntity)).toContain(M.legalEntityRequired);
    const bill = await ops.bill('INCOME', client, { orderIds: [order.id] });
    const [row] = await ops.db
      .select({ legalEntityId: bills.legalEntityId })
      .from(bills)
      .where(eq(bills.id, bill));
    const missing = await ops.call('POST', `/api/tms/orders/${order.id}/shipment-documents`, forwarder, {
      kind: 'customer-application',
    });
    expect(missing.statusCode).toBe(400);
    expect(messagesOf(missing)).toContain('Legal entity has no application template.');
    await template(
      '/customer-application-templates',
      ['Договор-заявка {number}, клиент {clientName}, заказ {orderNumber}'],
      row!.legalEntityId,
    );
    const made = await ops.call('POST', `/api/tms/orders/${order.id}/shipment-documents`, forwarder, {
      kind: 'customer-application',
    });
    expect(made.statusCode, made.body).toBe(201);
    const application = made.json().data;
    // Issued by the legal entity of the order's income bill, as the order page's form starts from.
    expect(application.legalEntityId).toBe(row!.legalEntityId);
    expect(application.signedAt).toBeNull();
    const download = await ops.ctx.app.inject({
      method: 'GET',
      url: application.file.downloadLink,
      headers: forwarder.headers,
    });
    expect(docxText(download.rawPayload)).toContain('клиент ООО «Вектор»');
    const signed = await upload(makeDocx(['подписано']), forwarder);
    const res = await ops.call('POST', `/api/customer-applications/${application.id}/signed`, forwarder, {
      fileId: signed,
      version: application.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.signedAt).not.toBeNull();
    const tagged = await ops.db
      .select({ id: files.id })
      .from(files)
      .innerJoin(fileTags, eq(fileTags.fileId, files.id))
      .innerJoin(fileTagTypes, eq(fileTagTypes.id, fileTags.tagTypeId))
      .where(
        and(
          eq(files.ownerType, 'order'),
          eq(files.ownerId, order.id),
          eq(fileTagTypes.code, APPLICATION_FILE_TAG),
        ),
      );
    expect(tagged.map((one) => one.id)).toEqual([signed]);
    // A receipt is made from its own template list: none yet.
    const receipt = await ops.call('POST', `/api/tms/orders/${order.id}/shipment-documents`, forwarder, {
      kind: 'forwarding-receipt',
    });
    expect(messagesOf(receipt)).toContain(M.noReceiptTemplate);
  });

  it("starts a new document from the legal entity of the order's income bill, for the order's readers", async () => {
    const order = await ops.createOrder(forwarder, client);
    const url = `/api/tms/orders/${order.id}/shipment-documents/defaults`;
    const before = await ops.call('GET', url, reader);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().data).toEqual({ legalEntityId: null });
    const bill = await ops.bill('INCOME', client, { orderIds: [order.id] });
    const [row] = await ops.db
      .select({ legalEntityId: bills.legalEntityId })
      .from(bills)
      .where(eq(bills.id, bill));
    const after = await ops.call('GET', url, reader);
    expect(after.json().data).toEqual({ legalEntityId: row!.legalEntityId });
    const jobsOnly = await signIn(ops.ctx, ['ROLE_JOB_VIEW_ALL']);
    expect((await ops.call('GET', url, jobsOnly)).statusCode).toBe(403);
    const missing = await ops.call('GET', '/api/tms/orders/99999999/shipment-documents/defaults', reader);
    expect(missing.statusCode).toBe(404);
  });
});
