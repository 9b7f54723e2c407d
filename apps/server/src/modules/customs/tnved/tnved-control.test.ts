import { TNVED_MESSAGES as M } from '@tms/domain';
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLog } from '../../../platform/changelog/tables';
import { multipart } from '../../../test/multipart';
import { type Entity, errorsOf, setUpOperations } from '../../../test/operations-world';
import { tnvedEdition2021, tnvedFixture, tnvedZipOf } from '../../../test/tnved-editions';
import { type SignedIn, signIn } from '../../../test/users';
import { customsPoints } from '../tables';

/**
 * TNVED control by the declaration date (docs/customs.md "TNVED control"): an order's codes are asked on
 * its registered declaration's date, today without one; a code not valid then keeps the order from READY
 * (and VERIFIED), naming the line; a declaration registered, withdrawn or deemed not filed asks again.
 *
 * The fixture's history: 7318290009 ended on 31.12.2021 and 7318290008 replaced it from 01.01.2022;
 * 8517110000 is valid throughout.
 */

const ops = setUpOperations();
let settings: SignedIn;
let forwarder: SignedIn;
let specialist: SignedIn;
let declarant: SignedIn;
let client: number;
let point: number;

const load = async (zip: Buffer) => {
  const body = multipart('TNVED.ZIP', zip);
  const res = await ops.ctx.app.inject({
    method: 'POST',
    url: '/api/customs/tnved/import',
    payload: body.payload,
    headers: { ...settings.headers, ...body.headers },
  });
  expect(res.statusCode, res.body).toBe(200);
};

const getOrder = async (id: number): Promise<Entity> =>
  (await ops.call('GET', `/api/tms/orders/${id}`, forwarder)).json().data;
const setStatus = (order: Entity, status: string, who: SignedIn) =>
  ops.call('PUT', `/api/tms/orders/${order.id}/statuses/tnvedControl`, who, {
    status,
    version: order.version,
  });
const recode = (order: Entity, tnvedCodes: string[]) =>
  ops.call('PATCH', `/api/tms/orders/${order.id}`, forwarder, {
    version: order.version,
    cargo: { tnvedCodes },
  });

/** A declaration of the order, filed and registered under `number` (its ДДММГГ is the declaration date). */
async function registeredDeclaration(orderId: number, number: string): Promise<Entity> {
  const created = await ops.call('POST', '/api/tms/customs', declarant, {
    orderId,
    direction: 'IM',
    procedureCode: '40',
    customsPointId: point,
    declarantId: declarant.user.id,
    items: [{ tnvedCode: '8517 11 000 0', description: 'Телефонные аппараты' }],
  });
  expect(created.statusCode, created.body).toBe(201);
  let dt = created.json().data as Entity;
  for (const [move, body] of [
    ['submit', {}],
    ['register', { number }],
  ] as const) {
    const res = await ops.call('POST', `/api/tms/customs/${dt.id}/${move}`, declarant, {
      version: dt.version,
      ...body,
    });
    expect(res.statusCode, res.body).toBe(200);
    dt = res.json().data;
  }
  return dt;
}

beforeAll(async () => {
  settings = await signIn(ops.ctx, ['ROLE_CUSTOMS_SETTINGS']);
  const edit = ['ROLE_ORDER_VIEW_ALL', 'ROLE_ORDER_EDIT_ALL', 'ROLE_COUNTERPARTY_VIEW_ALL'];
  forwarder = await signIn(ops.ctx, edit);
  specialist = await signIn(ops.ctx, [...edit, 'ROLE_ORDER_CUSTOMS_SPECIALIST_ACCEPTANCE']);
  declarant = await signIn(ops.ctx, [
    'ROLE_ORDER_VIEW_ALL',
    'ROLE_CUSTOMS_DECLARATION_EDIT',
    'ROLE_CUSTOMS_DECLARATION_STATUS',
  ]);
  client = await ops.world.counterparty({ name: 'ООО Контроль ТН ВЭД' });
  const [row] = await ops.db
    .insert(customsPoints)
    .values({ code: '10702030', name: 'т/п Морской порт Владивосток', countryId: ops.world.ru })
    .returning();
  point = row!.id;
  // The 2021 edition first: orders take 7318290009 while it is valid.
  await load(tnvedZipOf(tnvedEdition2021()));
});

describe('TNVED control on the declaration date', () => {
  let order: Entity;

  it('takes an order READY while its codes are valid, then a newer edition closes one of them', async () => {
    order = await ops.createOrder(forwarder, client, { cargo: { tnvedCodes: ['8517110000', '7318290009'] } });
    expect(order.tnvedControlStatus).toBe('READY');
    await load(tnvedZipOf(tnvedFixture));
    // A new edition alone moves no order.
    expect((await getOrder(order.id)).tnvedControlStatus).toBe('READY');
  });

  it('drops the order to NOT_READY when a declaration is registered on a day a line is not valid', async () => {
    await registeredDeclaration(order.id, '10702030/150222/0000001');
    order = await getOrder(order.id);
    expect(order.tnvedControlStatus).toBe('NOT_READY');
    const [entry] = await ops.db
      .select()
      .from(changeLog)
      .where(and(eq(changeLog.entityType, 'order'), eq(changeLog.entityId, order.id)))
      .orderBy(desc(changeLog.id))
      .limit(1);
    expect(entry).toMatchObject({ action: 'status', principal: 'system', reason: 'declaration date' });
    expect(entry!.changes).toMatchObject({ tnvedControlStatus: { old: 'READY', new: 'NOT_READY' } });
  });

  it('refuses READY and VERIFIED by hand naming the line superseded before the declaration date, writing nothing', async () => {
    const refused = await setStatus(order, 'READY', forwarder);
    expect(refused.statusCode).toBe(400);
    expect(errorsOf(refused)).toEqual({ 'cargo.tnvedCodes.1': [M.notValidOnDeclarationDate] });
    const after = await getOrder(order.id);
    expect(after).toMatchObject({ tnvedControlStatus: 'NOT_READY', version: order.version });
  });

  it('checks a recoding on the declaration date too: the successor code makes it READY, then VERIFIED', async () => {
    // 8517120000 ended on 31.12.2021 as well: refused on the declaration's 15.02.2022.
    const refused = await recode(order, ['8517120000', '7318290009']);
    expect(errorsOf(refused)).toEqual({
      'cargo.tnvedCodes.0': [M.notValidOnDeclarationDate],
      'cargo.tnvedCodes.1': [M.notValidOnDeclarationDate],
    });
    const recoded = await recode(order, ['8517110000', '7318290008']);
    expect(recoded.statusCode, recoded.body).toBe(200);
    order = recoded.json().data;
    expect(order.tnvedControlStatus).toBe('READY');
    const verified = await setStatus(order, 'VERIFIED', specialist);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().data.tnvedControlStatus).toBe('VERIFIED');
  });

  it('takes a code that ended since when it was valid on an earlier declaration date, and asks today again once the declaration is withdrawn', async () => {
    let early = await ops.createOrder(forwarder, client, { cargo: { tnvedCodes: ['8517110000'] } });
    const dt = await registeredDeclaration(early.id, '10702030/151121/0000002');
    early = await getOrder(early.id);
    expect(early.tnvedControlStatus).toBe('READY');

    // 7318290008 starts on 01.01.2022: not yet valid on 15.11.2021.
    const notYet = await recode(early, ['8517110000', '7318290008']);
    expect(errorsOf(notYet)).toEqual({ 'cargo.tnvedCodes.1': [M.notValidOnDeclarationDate] });
    // 7318290009 ended on 31.12.2021 (refused today) but was valid on 15.11.2021.
    const ended = await recode(early, ['8517110000', '7318290009']);
    expect(ended.statusCode, ended.body).toBe(200);
    early = ended.json().data;
    expect(early.tnvedControlStatus).toBe('READY');
    early = (await setStatus(early, 'VERIFIED', specialist)).json().data;
    expect(early.tnvedControlStatus).toBe('VERIFIED');

    const withdrawn = await ops.call('POST', `/api/tms/customs/${dt.id}/withdraw`, declarant, {
      version: dt.version,
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    early = await getOrder(early.id);
    expect(early.tnvedControlStatus).toBe('NOT_READY');
    expect(errorsOf(await setStatus(early, 'READY', forwarder))).toEqual({
      'cargo.tnvedCodes.1': [M.expiredCode],
    });
  });
});
