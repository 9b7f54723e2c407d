import { padId } from '@tms/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { docxText, makeDocx } from '../../test/docx';
import { EDIT_ALL, setUpOperations } from '../../test/operations-world';
import { type SignedIn, signIn } from '../../test/users';

/**
 * Orders and jobs as initiators of the document generator, and the DOCUMENT_GENERATION stage behaviour:
 * closing such a stage generates its stage type's templates into the operation's files.
 */
const ops = setUpOperations();
let manager: SignedIn;
let designer: SignedIn;
let client: number;

beforeAll(async () => {
  manager = await signIn(ops.ctx, [...EDIT_ALL, 'ROLE_STAGE_MANAGE_ALL']);
  designer = await signIn(ops.ctx, ['ROLE_SETTINGS_TEMPLATES']);
  client = await ops.world.counterparty({ name: 'ООО «Вектор»' });
});

async function template(lines: string[], initiatorType: string, stageTypeIds: number[] = []) {
  const boundary = '----tms-ops-docx';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="template.docx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    makeDocx(lines),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const uploaded = await ops.ctx.app.inject({
    method: 'POST',
    url: '/api/file-management/files/temporary',
    headers: { ...designer.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  const res = await ops.call('POST', '/api/document-generator/templates', designer, {
    name: 'Поручение',
    initiatorType,
    fileId: uploaded.json().data.id,
    stageTypeIds,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number };
}

const filesOf = async (path: string) =>
  (await ops.call('GET', `${path}/files`, manager)).json().data.collection as {
    id: number;
    description: string;
    downloadLink: string;
  }[];

describe('documents generated for orders and jobs', () => {
  it('fills an order template with the order, its route and its stages, into the order files', async () => {
    const order = await ops.createOrder(manager, client);
    const path = `/api/tms/orders/${order.id}`;
    const stage = await ops.addStage(manager, path, []);
    const tpl = await template(
      ['Заказ {number} для {clientName}', '{#stages}', 'Этап: {name}', '{/stages}'],
      'order',
    );
    const res = await ops.call(
      'POST',
      `/api/document-generator/initiator/order/generate/${order.id}`,
      manager,
      {
        templateId: tpl.id,
      },
    );
    expect(res.statusCode, res.body).toBe(201);
    const [file] = await filesOf(path);
    expect(file!.id).toBe(res.json().data.id);
    const download = await ops.ctx.app.inject({
      method: 'GET',
      url: file!.downloadLink,
      headers: manager.headers,
    });
    expect(docxText(download.rawPayload)).toBe(
      `Заказ ${padId(order.id)} для ООО «Вектор»\nЭтап: ${stage.name}`,
    );
    const outsider = await signIn(ops.ctx, ['ROLE_ORDER_VIEW_OWN']);
    const refused = await ops.call(
      'POST',
      `/api/document-generator/initiator/order/generate/${order.id}`,
      outsider,
      {
        templateId: tpl.id,
      },
    );
    expect(refused.statusCode).toBe(404);
  });

  it('generates the stage type templates when a DOCUMENT_GENERATION stage closes', async () => {
    const order = await ops.createOrder(manager, client);
    const path = `/api/tms/orders/${order.id}`;
    const stage = await ops.addStage(manager, path, ['DOCUMENT_GENERATION']);
    await template(['Закрыт этап заказа {number}'], 'order', [stage.stageTypeId as number]);
    await template(['Другой шаблон'], 'order');
    expect(await filesOf(path)).toEqual([]);
    expect((await ops.closeStage(manager, path, stage)).statusCode).toBe(200);
    // One job, the closer's, waits for a worker; it generates the template into the order's files.
    const [job] = (await ops.call('GET', '/api/background-jobs', manager)).json().data.collection;
    expect(job).toMatchObject({
      kind: 'document-generation',
      state: 'queued',
      label: `Поручение ${padId(order.id)}`,
    });
    expect(await ops.ctx.app.queue.drain()).toBe(1);
    const generated = await filesOf(path);
    expect(generated.map((f) => f.description)).toEqual([`Поручение ${padId(order.id)}.docx`]);
    const download = await ops.ctx.app.inject({
      method: 'GET',
      url: generated[0]!.downloadLink,
      headers: manager.headers,
    });
    expect(docxText(download.rawPayload)).toBe(`Закрыт этап заказа ${padId(order.id)}`);
    // The job's result is the generated document.
    const done = (await ops.call('GET', `/api/background-jobs/${job.id}`, manager)).json().data;
    expect(done).toMatchObject({ state: 'done', result: { id: generated[0]!.id } });
    // Nothing is generated twice.
    expect(await ops.ctx.app.queue.drain()).toBe(0);
    expect(await filesOf(path)).toHaveLength(1);
  });
});
