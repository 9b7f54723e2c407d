import {
  DECLARATION_MESSAGES,
  DECLARATION_MOVE_REFUSALS,
  DECLARATION_MOVES,
  DECLARATION_NUMBER_MESSAGES,
  DECLARATION_STATUSES,
  type DeclarationMove,
  type DeclarationStatus,
  flattenTree,
  TNVED_FORMAT_MESSAGE,
} from '@tms/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceOffices } from '../../../platform/identity/tables';
import { notifications } from '../../../platform/notifications/tables';
import { createTestApp, deliverEvents, type TestContext } from '../../../test/harness';
import { type SignedIn, signIn } from '../../../test/users';
import { counterparties } from '../../counterparties';
import { products } from '../../operations';
import { countries } from '../../reference-data';
import { customsDeclarations, customsPoints } from '../tables';

type Body = Record<string, unknown>;
type Entity = Body & { id: number; version: number; status: string };

/** The path of each move's route. */
const ROUTE: Record<DeclarationMove, string> = {
  submit: 'submit',
  register: 'register',
  startControl: 'start-control',
  requestDocuments: 'request-documents',
  release: 'release',
  releaseConditionally: 'release-conditionally',
  refuse: 'refuse',
  withdraw: 'withdraw',
  notFiled: 'not-filed',
};
/** What each move needs beyond its version to be accepted. */
const EXTRA: Partial<Record<DeclarationMove, Body>> = {
  register: { number: '10702030/070219/0023698' },
  startControl: { controlKind: 'CHECK' },
};

let ctx: TestContext;
let forwarder: SignedIn;
let manager: SignedIn;
let customs: SignedIn;
let viewer: SignedIn;
let settings: SignedIn;
let client: number;
let ru: number;
let de: number;
let point: number;
let productId: number;
let serial = 0;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: SignedIn, payload?: Body) =>
  ctx.app.inject({ method, url, headers: who.headers, payload });
const errorsOf = (res: { json(): { errors: Parameters<typeof flattenTree>[0] } }) =>
  flattenTree(res.json().errors);
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000).toISOString();
const nextNumber = () => `10702030/070219/${String(++serial).padStart(7, '0')}`;
const unread = async (who: SignedIn) =>
  (await call('GET', '/api/notifications/internal/unread', who)).json().data.collection as Array<{
    type: string;
    links: Record<string, { link: string }>;
  }>;

async function createOrder(body: Body = {}): Promise<Entity> {
  const res = await call('POST', '/api/tms/orders', forwarder, {
    clientId: client,
    productId,
    forwarderId: forwarder.user.id,
    route: [
      { kind: 'dispatch', address: 'Hamburg', countryId: de },
      { kind: 'delivery', address: 'Москва', countryId: ru },
    ],
    cargo: { description: 'Станки' },
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

async function createDeclaration(orderId: number, body: Body = {}): Promise<Entity> {
  const res = await call('POST', '/api/tms/customs', customs, {
    orderId,
    direction: 'IM',
    procedureCode: '40',
    customsPointId: point,
    bondedTerminal: 'СВХ «Восточный»',
    declarantId: customs.user.id,
    items: [
      { tnvedCode: '8517 13 000 0', description: 'Смартфоны', grossWeight: 120.5, customsValue: '15000.00' },
    ],
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

const move = (dt: Entity, name: DeclarationMove, body: Body = {}, who: SignedIn = customs) =>
  call('POST', `/api/tms/customs/${dt.id}/${ROUTE[name]}`, who, {
    version: dt.version,
    ...EXTRA[name],
    ...body,
  });

/** Moves the declaration along `names`, each accepted; answers it as it ends. */
async function walk(dt: Entity, names: DeclarationMove[]): Promise<Entity> {
  let current = dt;
  for (const name of names) {
    const res = await move(current, name, name === 'register' ? { number: nextNumber() } : {});
    expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
    current = res.json().data;
  }
  return current;
}

async function stored(id: number) {
  const [row] = await ctx.database.db
    .select()
    .from(customsDeclarations)
    .where(eq(customsDeclarations.id, id));
  return row!;
}

async function stageType(behaviours: string[]): Promise<number> {
  const res = await call('POST', '/api/settings/stage-types', settings, {
    name: `Выпуск ${++serial}`,
    code: `RELEASE_${serial}`,
    behaviours,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

async function addStage(orderId: number, behaviours: string[]): Promise<Entity> {
  const res = await call('POST', `/api/tms/orders/${orderId}/stages`, forwarder, {
    stageTypeId: await stageType(behaviours),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

async function stagesOf(
  orderId: number,
): Promise<Array<{ id: number; closed: boolean; actualDate: string | null }>> {
  const res = await call('GET', `/api/tms/orders/${orderId}/stages`, forwarder);
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data;
  return Array.isArray(data) ? data : data.collection;
}

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  const country = async (code: string) =>
    (await db.select().from(countries).where(eq(countries.code, code)))[0]!.id;
  ru = await country('RU');
  de = await country('DE');
  const [product] = await db.insert(products).values({ code: 'ROAD', name: 'Автоперевозка' }).returning();
  productId = product!.id;
  const [row] = await db
    .insert(customsPoints)
    .values({ code: '10702030', name: 'т/п Морской порт Владивосток', countryId: ru })
    .returning();
  point = row!.id;
  forwarder = await signIn(ctx, [
    'ROLE_ORDER_VIEW_ALL',
    'ROLE_ORDER_EDIT_ALL',
    'ROLE_STAGE_MANAGE_ALL',
    'ROLE_COUNTERPARTY_VIEW_ALL',
    'ROLE_COMPANY_CHAPTERS',
  ]);
  manager = await signIn(ctx, ['ROLE_ORDER_VIEW_ALL', 'ROLE_COMPANY_CHAPTERS']);
  customs = await signIn(ctx, [
    'ROLE_ORDER_VIEW_ALL',
    'ROLE_COUNTERPARTY_VIEW_ALL',
    'ROLE_CUSTOMS_DECLARATION_EDIT',
    'ROLE_CUSTOMS_DECLARATION_STATUS',
    'ROLE_ORDER_DECLARANT_ACCEPTANCE',
    'ROLE_ORDER_CUSTOMS_SPECIALIST_ACCEPTANCE',
  ]);
  viewer = await signIn(ctx, ['ROLE_ORDER_VIEW_ALL', 'ROLE_CUSTOMS_DECLARATION_VIEW_ALL']);
  settings = await signIn(ctx, ['ROLE_SETTINGS_STAGE_TYPES']);
  const [counterparty] = await db
    .insert(counterparties)
    .values({
      name: 'ООО «Импорт-Трейд»',
      client: true,
      countryId: ru,
      applicationRequired: false,
      managerIds: [manager.user.id],
    })
    .returning();
  client = counterparty!.id;
});

afterAll(() => ctx?.close());

describe('customs declarations', () => {
  it('creates a draft keeping the order’s client, its items’ TNVED codes as 10 digits', async () => {
    const order = await createOrder();
    const dt = await createDeclaration(order.id);
    expect(dt).toMatchObject({
      status: 'DRAFT',
      number: null,
      orderId: order.id,
      clientId: client,
      clientName: 'ООО «Импорт-Трейд»',
      inspectionMode: 'none',
    });
    const read = await call('GET', `/api/tms/customs/${dt.id}`, viewer);
    expect(read.json().data.items).toEqual([
      { tnvedCode: '8517130000', description: 'Смартфоны', grossWeight: 120.5, customsValue: '15000.00' },
    ]);
  });

  it('refuses an item code that is not 10 digits and a request that is not a customs request', async () => {
    const order = await createOrder();
    const res = await call('POST', '/api/tms/customs', customs, {
      orderId: order.id,
      direction: 'IM',
      procedureCode: '4',
      customsPointId: point,
      items: [{ tnvedCode: '85171300', description: 'Смартфоны' }],
    });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual({
      procedureCode: ['This value is not valid.'],
      'items.0.tnvedCode': [TNVED_FORMAT_MESSAGE],
    });
    expect(await ctx.database.db.$count(customsDeclarations, eq(customsDeclarations.orderId, order.id))).toBe(
      0,
    );
  });

  it('lists with the filters of the screen: status, point, declarant, client and registration period', async () => {
    const order = await createOrder();
    const registered = await walk(await createDeclaration(order.id), ['submit', 'register']);
    const draft = await createDeclaration(order.id);
    const ids = async (query: string) =>
      ((await call('GET', `/api/tms/customs?${query}`, viewer)).json().data.collection as Entity[]).map(
        (row) => row.id,
      );
    expect(await ids(`status=REGISTERED&orderId=${order.id}`)).toEqual([registered.id]);
    expect(await ids(`status=DRAFT&orderId=${order.id}&customsPointId=${point}`)).toEqual([draft.id]);
    expect(
      await ids(`orderId=${order.id}&registrationDateFrom=2019-02-07&registrationDateTo=2019-02-07`),
    ).toEqual([registered.id]);
    expect(await ids(`orderId=${order.id}&declarantId=${customs.user.id}&clientId=${client}`)).toHaveLength(
      2,
    );
    expect(await ids(`orderId=${order.id}&inspectionMode=examination`)).toEqual([]);
  });

  it('walks every move the authority sends, keeping its moments, decision codes and the release time', async () => {
    const order = await createOrder();
    const draft = await createDeclaration(order.id);
    const submittedAt = hoursAgo(4);
    const dt = (await move(draft, 'submit', { at: submittedAt })).json().data;
    expect(new Date(dt.submittedAt).toISOString()).toBe(submittedAt);
    const registeredAt = hoursAgo(3);
    const number = nextNumber();
    const registered = (await move(dt, 'register', { number, at: registeredAt })).json().data;
    expect(registered).toMatchObject({ status: 'REGISTERED', number, registrationDate: '2019-02-07' });
    const examined = (
      await move(registered, 'startControl', { controlKind: 'EXAMINATION', at: hoursAgo(2.5) })
    ).json().data;
    expect(examined).toMatchObject({
      status: 'UNDER_CONTROL',
      controlKind: 'EXAMINATION',
      inspectionMode: 'examination',
    });
    const waiting = (await move(examined, 'requestDocuments', { at: hoursAgo(2) })).json().data;
    expect(waiting).toMatchObject({ status: 'UNDER_CONTROL', controlKind: 'DOCUMENTS_REQUESTED' });
    const released = await move(waiting, 'release', { at: hoursAgo(1), decisionCode: '11' });
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json().data).toMatchObject({
      status: 'RELEASED',
      decisionCode: '11',
      controlKind: null,
      releaseMinutes: 120,
    });

    const conditional = await walk(await createDeclaration(order.id), ['submit', 'register']);
    expect(
      (await move(conditional, 'releaseConditionally', { decisionCode: '21' })).json().data,
    ).toMatchObject({
      status: 'RELEASED_CONDITIONALLY',
      decisionCode: '21',
    });
    const refused = await walk(await createDeclaration(order.id), ['submit', 'register', 'startControl']);
    expect((await move(refused, 'refuse')).json().data).toMatchObject({
      status: 'REFUSED',
      decisionCode: '90',
    });
    const withdrawn = await walk(await createDeclaration(order.id), ['submit']);
    expect((await move(withdrawn, 'withdraw')).json().data).toMatchObject({
      status: 'WITHDRAWN',
      decisionCode: '81',
      releaseMinutes: null,
    });
    const notFiled = await walk(await createDeclaration(order.id), ['submit', 'register']);
    expect((await move(notFiled, 'notFiled')).json().data).toMatchObject({
      status: 'NOT_FILED',
      decisionCode: '82',
    });

    const history = await call('GET', `/api/tms/customs/${released.json().data.id}/history`, viewer);
    expect(history.statusCode, history.body).toBe(200);
  });

  it('refuses, naming the status, every move the authority would not send from each status, and writes nothing', async () => {
    const order = await createOrder();
    const [base] = await ctx.database.db
      .insert(customsDeclarations)
      .values({ orderId: order.id, direction: 'IM', procedureCode: '40', customsPointId: point })
      .returning();
    let refusals = 0;
    for (const status of DECLARATION_STATUSES) {
      await ctx.database.db
        .update(customsDeclarations)
        .set({ status, statusChangedAt: null })
        .where(eq(customsDeclarations.id, base!.id));
      const dt = { id: base!.id, version: base!.version, status } as Entity;
      for (const [name, rule] of Object.entries(DECLARATION_MOVES) as [
        DeclarationMove,
        { from: readonly string[] },
      ][]) {
        if (rule.from.includes(status)) continue;
        const res = await move(dt, name, name === 'register' ? { number: nextNumber() } : {});
        expect(res.statusCode, `${name} from ${status}`).toBe(400);
        expect(errorsOf(res)).toEqual({ status: [DECLARATION_MOVE_REFUSALS[status as DeclarationStatus]] });
        refusals++;
      }
      expect((await stored(base!.id)).version).toBe(base!.version);
    }
    // Every pair but the 17 the authority sends.
    expect(refusals).toBe(9 * 9 - 17);
    expect(DECLARATION_MOVE_REFUSALS.REGISTERED).toContain('Registered');
  });

  it('checks the number: format, a real registration date, the point’s customs code, given once', async () => {
    const order = await createOrder();
    const dt = await walk(await createDeclaration(order.id), ['submit']);
    const refused = async (number: string, message: string) => {
      const res = await move(dt, 'register', { number });
      expect(res.statusCode, number).toBe(400);
      expect(errorsOf(res)).toEqual({ number: [message] });
    };
    await refused('10702030/07021/0023698', DECLARATION_NUMBER_MESSAGES.format);
    await refused('1070203/070219/0023698', DECLARATION_NUMBER_MESSAGES.format);
    await refused('10702030/070219/023698', DECLARATION_NUMBER_MESSAGES.format);
    await refused('10702030/310219/0023698', DECLARATION_NUMBER_MESSAGES.date);
    await refused('10702030/001319/0023698', DECLARATION_NUMBER_MESSAGES.date);
    await refused('10803040/070219/0023698', DECLARATION_MESSAGES.numberPoint);
    const other = await walk(await createDeclaration(order.id), ['submit', 'register']);
    await refused(other.number as string, DECLARATION_MESSAGES.numberTaken);
    expect(await stored(dt.id)).toMatchObject({ status: 'SUBMITTED', number: null, version: dt.version });
    // 29 February exists in 2024.
    expect((await move(dt, 'register', { number: '10702030/290224/0000001' })).statusCode).toBe(200);
  });

  it('refuses a wrong decision code, a moment in the future, a stale version and a user without the role', async () => {
    const order = await createOrder();
    const dt = await walk(await createDeclaration(order.id), ['submit', 'register']);
    const wrongCode = await move(dt, 'release', { decisionCode: '90' });
    expect(wrongCode.statusCode).toBe(400);
    expect(errorsOf(wrongCode)).toEqual({ decisionCode: [DECLARATION_MESSAGES.decisionCode] });
    const future = await move(dt, 'release', { at: new Date(Date.now() + 86_400_000).toISOString() });
    expect(errorsOf(future)).toEqual({ at: [DECLARATION_MESSAGES.atInFuture] });
    const early = await move(dt, 'release', { at: '2019-01-01T00:00:00Z' });
    expect(errorsOf(early)).toEqual({ at: [DECLARATION_MESSAGES.atBeforePrevious] });
    expect((await move({ ...dt, version: dt.version - 1 }, 'release')).statusCode).toBe(409);
    expect((await move(dt, 'release', {}, viewer)).statusCode).toBe(403);
    expect((await move(dt, 'release', {}, forwarder)).statusCode).toBe(403);
    expect(await stored(dt.id)).toMatchObject({ status: 'REGISTERED', version: dt.version });
  });

  it('submits only with items and a declarant; once filed only the people and the comment change', async () => {
    const order = await createOrder();
    const empty = await createDeclaration(order.id, { items: [], declarantId: null });
    const res = await move(empty, 'submit');
    expect(errorsOf(res)).toEqual({
      items: [DECLARATION_MESSAGES.itemsRequired],
      declarantId: [DECLARATION_MESSAGES.peopleRequired],
    });
    const filed = await walk(await createDeclaration(order.id), ['submit']);
    const locked = await call('PUT', `/api/tms/customs/${filed.id}`, customs, {
      version: filed.version,
      procedureCode: '10',
    });
    expect(locked.statusCode).toBe(400);
    expect(errorsOf(locked)).toEqual({ '': [DECLARATION_MESSAGES.locked] });
    const comment = await call('PUT', `/api/tms/customs/${filed.id}`, customs, {
      version: filed.version,
      comment: 'Ждём инвойс',
    });
    expect(comment.statusCode, comment.body).toBe(200);
    const deleted = await call('DELETE', `/api/tms/customs/${filed.id}`, customs);
    expect(deleted.statusCode).toBe(400);
    expect((await call('DELETE', `/api/tms/customs/${empty.id}`, customs)).statusCode).toBe(200);
  });

  it('lets the named declarant accept, and a handed-over specialist accept anew', async () => {
    const order = await createOrder();
    const specialist = await signIn(ctx, [
      'ROLE_CUSTOMS_DECLARATION_VIEW_ALL',
      'ROLE_ORDER_CUSTOMS_SPECIALIST_ACCEPTANCE',
    ]);
    const chief = await signIn(ctx, [
      'ROLE_ORDER_VIEW_ALL',
      'ROLE_CUSTOMS_DECLARATION_EDIT',
      'ROLE_ORDER_CUSTOMS_SPECIALIST_CHANGE',
    ]);
    const dt = await createDeclaration(order.id, { customsSpecialistId: customs.user.id });
    const accept = (who: SignedIn, as: string, version: number) =>
      call('POST', `/api/tms/customs/${dt.id}/accept`, who, { as, version });
    const declarant = await accept(customs, 'declarant', dt.version);
    expect(declarant.statusCode, declarant.body).toBe(200);
    expect(declarant.json().data.declarantAcceptedAt).not.toBeNull();
    const notNamed = await accept(specialist, 'specialist', declarant.json().data.version);
    expect(errorsOf(notNamed)).toEqual({ customsSpecialistId: [DECLARATION_MESSAGES.notYours] });
    // Handing over needs the change role; the acceptance then starts again.
    const byEditor = await call('PUT', `/api/tms/customs/${dt.id}`, customs, {
      version: declarant.json().data.version,
      customsSpecialistId: specialist.user.id,
    });
    expect(byEditor.statusCode).toBe(403);
    const handed = await call('PUT', `/api/tms/customs/${dt.id}`, chief, {
      version: declarant.json().data.version,
      customsSpecialistId: specialist.user.id,
    });
    expect(handed.statusCode, handed.body).toBe(200);
    expect(handed.json().data.customsSpecialistAcceptedAt).toBeNull();
    const accepted = await accept(specialist, 'specialist', handed.json().data.version);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data.customsSpecialistAcceptedAt).not.toBeNull();
    expect((await accept(specialist, 'declarant', accepted.json().data.version)).statusCode).toBe(403);
  });
});

describe('customs stages of the order', () => {
  it('closes the order’s CUSTOMS_<product> stage on release, leaving CUSTOMS_OTHER and others open', async () => {
    const order = await createOrder();
    const product = await addStage(order.id, ['CUSTOMS_ROAD']);
    const other = await addStage(order.id, ['CUSTOMS_OTHER']);
    const plain = await addStage(order.id, []);
    const dt = await walk(await createDeclaration(order.id), ['submit', 'register']);
    await deliverEvents(ctx.app);
    expect((await stagesOf(order.id)).every((stage) => !stage.closed)).toBe(true);
    await walk(dt, ['release']);
    await deliverEvents(ctx.app);
    const stages = new Map((await stagesOf(order.id)).map((stage) => [stage.id, stage]));
    expect(stages.get(product.id)!.closed).toBe(true);
    expect(stages.get(product.id)!.actualDate).not.toBeNull();
    expect(stages.get(other.id)!.closed).toBe(false);
    expect(stages.get(plain.id)!.closed).toBe(false);
  });

  it('closes CUSTOMS_OTHER when no stage names the product, once no other declaration is with customs', async () => {
    const order = await createOrder();
    const other = await addStage(order.id, ['CUSTOMS_OTHER']);
    const first = await walk(await createDeclaration(order.id), ['submit', 'register']);
    const second = await walk(await createDeclaration(order.id), ['submit', 'register']);
    await walk(first, ['releaseConditionally']);
    await deliverEvents(ctx.app);
    expect((await stagesOf(order.id)).find((stage) => stage.id === other.id)!.closed).toBe(false);
    await walk(second, ['refuse']);
    await deliverEvents(ctx.app);
    // A refusal releases nothing.
    expect((await stagesOf(order.id)).find((stage) => stage.id === other.id)!.closed).toBe(false);
    const third = await walk(await createDeclaration(order.id), ['submit', 'register', 'release']);
    expect(third.status).toBe('RELEASED');
    await deliverEvents(ctx.app);
    expect((await stagesOf(order.id)).find((stage) => stage.id === other.id)!.closed).toBe(true);
  });
});

describe('declaration notifications', () => {
  it('tells the order’s forwarder and the client’s manager of registration, documents requested, release and refusal', async () => {
    const order = await createOrder();
    const dt = await walk(await createDeclaration(order.id), [
      'submit',
      'register',
      'startControl',
      'requestDocuments',
    ]);
    await walk(dt, ['release']);
    const refused = await walk(await createDeclaration(order.id), ['submit']);
    const refusedMoves = await walk(refused, ['register', 'refuse']);
    expect(refusedMoves.status).toBe('REFUSED');
    for (const who of [forwarder, manager] as const) {
      const news = (await unread(who)).filter((n) => n.links.order?.link === `/tms/orders/${order.id}`);
      const types = news.map((n) => n.type);
      expect(types.sort()).toEqual(
        [
          'declarationDocumentsRequested',
          'declarationRefused',
          'declarationRegistered',
          'declarationRegistered',
          'declarationReleased',
        ].sort(),
      );
      expect(news.find((n) => n.type === 'declarationReleased')!.links.declaration!.link).toBe(
        `/tms/customs/${dt.id}`,
      );
    }
  });
});

describe('the customs specialist of a new declaration', () => {
  it('comes from the customs auto-assignment rules, the rule kept; with none matching the office is told', async () => {
    const db = ctx.database.db;
    const [office] = await db.insert(serviceOffices).values({ name: 'Брест', code: 'BRS' }).returning();
    const [other] = await db
      .insert(customsPoints)
      .values({ code: '10803040', name: 'т/п Брестский', countryId: ru })
      .returning();
    const chief = await signIn(ctx, ['ROLE_CTO_AUTO_ASSIGNMENT']);
    const rule = await call('POST', '/api/cto-auto-assignment/rules', chief, {
      name: 'Экспорт через Брест',
      customsPointIds: [other!.id],
      procedures: ['EK'],
      strategy: 'user',
      userId: customs.user.id,
    });
    expect(rule.statusCode, rule.body).toBe(201);
    const group = await signIn(ctx, ['ROLE_REQUEST_CUSTOMS_SPECIALIST'], { serviceOfficeId: office!.id });
    const order = await createOrder({ serviceOfficeId: office!.id });

    const matched = await createDeclaration(order.id, {
      direction: 'EK',
      procedureCode: '10',
      customsPointId: other!.id,
    });
    expect(matched).toMatchObject({
      customsSpecialistId: customs.user.id,
      assignmentRuleId: rule.json().data.id,
      assignmentRuleName: 'Экспорт через Брест',
    });
    // The rule asks for export: an import declaration at the same point gets nobody, and the group hears.
    const unmatched = await createDeclaration(order.id, { customsPointId: other!.id });
    expect(unmatched).toMatchObject({ customsSpecialistId: null, assignmentRuleId: null });
    const told = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, group.user.id), eq(notifications.type, 'customsUnassigned')));
    expect(told).toHaveLength(1);
    expect(JSON.stringify(told[0])).toContain(`/tms/customs/${unmatched.id}`);
    // A specialist sent with the declaration is kept, whatever the rules say.
    const named = await createDeclaration(order.id, {
      direction: 'EK',
      procedureCode: '10',
      customsPointId: other!.id,
      customsSpecialistId: group.user.id,
    });
    expect(named).toMatchObject({ customsSpecialistId: group.user.id, assignmentRuleId: null });
    expect(
      (await call('DELETE', `/api/cto-auto-assignment/rules/${rule.json().data.id}`, chief)).statusCode,
    ).toBe(200);
  });
});

describe('the declarant of a new declaration', () => {
  it('comes from the customs rules giving declarants, apart from the specialist, the rule shown; with none the declarants hear', async () => {
    const db = ctx.database.db;
    const [office] = await db.insert(serviceOffices).values({ name: 'Гродно', code: 'GRD' }).returning();
    const [grodno] = await db
      .insert(customsPoints)
      .values({ code: '11203010', name: 'т/п Гродненский', countryId: ru })
      .returning();
    const chief = await signIn(ctx, ['ROLE_CTO_AUTO_ASSIGNMENT']);
    const declarants = [
      await signIn(ctx, ['ROLE_ORDER_DECLARANT_ACCEPTANCE'], { serviceOfficeId: office!.id }),
      await signIn(ctx, ['ROLE_ORDER_DECLARANT_ACCEPTANCE'], { serviceOfficeId: office!.id }),
    ];
    const rules = '/api/cto-auto-assignment/rules';
    const refused = await call('POST', rules, chief, {
      name: 'Брокер',
      assigns: 'broker',
      strategy: 'user',
      userId: customs.user.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(errorsOf(refused))).toEqual(['assigns']);
    const byTurn = await call('POST', rules, chief, {
      name: 'Декларанты Гродно',
      assigns: 'declarant',
      customsPointIds: [grodno!.id],
      strategy: 'roundRobin',
      userIds: declarants.map((d) => d.user.id),
    });
    expect(byTurn.statusCode, byTurn.body).toBe(201);
    const declarantRule = byTurn.json().data as Entity;
    expect(declarantRule).toMatchObject({ assigns: 'declarant' });
    const specialists = await call('POST', rules, chief, {
      name: 'Специалист Гродно',
      customsPointIds: [grodno!.id],
      strategy: 'user',
      userId: customs.user.id,
    });
    expect(specialists.json().data).toMatchObject({ assigns: 'specialist' });
    const specialistRule = specialists.json().data as Entity;
    const filtered = await call('GET', `${rules}?assigns=declarant`, chief);
    expect(filtered.json().data.collection.map((r: Entity) => r.id)).toEqual([declarantRule.id]);

    // Who would get it: each person of the rules giving that person.
    const preview = async (assigns?: string) =>
      (
        await call('POST', `${rules}/preview`, chief, {
          customsPointId: grodno!.id,
          ...(assigns ? { assigns } : {}),
        })
      ).json().data;
    expect(await preview('declarant')).toMatchObject({
      ruleId: declarantRule.id,
      userId: declarants[0]!.user.id,
    });
    expect(await preview()).toMatchObject({ ruleId: specialistRule.id, userId: customs.user.id });

    const order = await createOrder({ serviceOfficeId: office!.id });
    const first = await createDeclaration(order.id, { customsPointId: grodno!.id, declarantId: null });
    expect(first).toMatchObject({
      declarantId: declarants[0]!.user.id,
      declarantRuleId: declarantRule.id,
      declarantRuleName: 'Декларанты Гродно',
      customsSpecialistId: customs.user.id,
      assignmentRuleId: specialistRule.id,
      assignmentRuleName: 'Специалист Гродно',
    });
    // The page reads the rule with the declaration.
    const page = await call('GET', `/api/tms/customs/${first.id}`, viewer);
    expect(page.json().data).toMatchObject({ declarantRuleName: 'Декларанты Гродно' });
    // The group's next in turn; a specialist sent with it is kept while the declarant comes from the rules.
    const second = await createDeclaration(order.id, {
      customsPointId: grodno!.id,
      declarantId: null,
      customsSpecialistId: declarants[0]!.user.id,
    });
    expect(second).toMatchObject({
      declarantId: declarants[1]!.user.id,
      declarantRuleId: declarantRule.id,
      customsSpecialistId: declarants[0]!.user.id,
      assignmentRuleId: null,
    });
    // A declarant sent with it is kept, whatever the rules say.
    const named = await createDeclaration(order.id, { customsPointId: grodno!.id });
    expect(named).toMatchObject({ declarantId: customs.user.id, declarantRuleId: null });

    // Another point: no rule gives a declarant; it stays unassigned and the office's declarants hear.
    const before = await db.select().from(notifications).where(eq(notifications.type, 'declarantUnassigned'));
    const unmatched = await createDeclaration(order.id, { declarantId: null });
    expect(unmatched).toMatchObject({ declarantId: null, declarantRuleId: null, declarantRuleName: null });
    for (const declarant of declarants) {
      const told = await db
        .select()
        .from(notifications)
        .where(
          and(eq(notifications.userId, declarant.user.id), eq(notifications.type, 'declarantUnassigned')),
        );
      expect(told).toHaveLength(1);
      expect(JSON.stringify(told[0])).toContain(`/tms/customs/${unmatched.id}`);
    }
    const after = await db.select().from(notifications).where(eq(notifications.type, 'declarantUnassigned'));
    expect(after.length - before.length).toBe(2);
    for (const id of [declarantRule.id, specialistRule.id]) {
      expect((await call('DELETE', `${rules}/${id}`, chief)).statusCode).toBe(200);
    }
  });
});

describe('least-loaded declarants', () => {
  it('gives a new declaration to the declarant with the fewest declarations not yet final', async () => {
    const chief = await signIn(ctx, ['ROLE_CTO_AUTO_ASSIGNMENT']);
    const [a, b] = [await signIn(ctx, []), await signIn(ctx, [])];
    const order = await createOrder();
    // a declares one open declaration; b's only one was withdrawn (final: not counted).
    await createDeclaration(order.id, { declarantId: a.user.id });
    await walk(await createDeclaration(order.id, { declarantId: b.user.id }), ['submit', 'withdraw']);
    const rule = await call('POST', '/api/cto-auto-assignment/rules', chief, {
      name: 'Декларант с наименьшей загрузкой',
      assigns: 'declarant',
      strategy: 'leastLoaded',
      userIds: [a.user.id, b.user.id],
    });
    expect(rule.statusCode, rule.body).toBe(201);
    const first = await createDeclaration(order.id, { declarantId: null });
    expect(first).toMatchObject({ declarantId: b.user.id, declarantRuleId: rule.json().data.id });
    // One open each now: the tie goes to the first listed.
    expect((await createDeclaration(order.id, { declarantId: null })).declarantId).toBe(a.user.id);
    expect(
      (await call('DELETE', `/api/cto-auto-assignment/rules/${rule.json().data.id}`, chief)).statusCode,
    ).toBe(200);
  });
});

describe('declaration documents', () => {
  it('fills templates from a declaration and loops over its items, for readers of declarations only', async () => {
    const order = await createOrder();
    const dt = await walk(await createDeclaration(order.id), ['submit', 'register']);
    const preview = await call(
      'GET',
      `/api/document-generator/initiator/customsDeclaration/preview/${dt.id}`,
      viewer,
    );
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data.title).toBe(dt.number);
    expect(preview.json().data.data).toMatchObject({
      number: dt.number,
      status: 'Зарегистрирована',
      procedureCode: '40',
      customsPointCode: '10702030',
      clientName: 'ООО «Импорт-Трейд»',
      items: [{ position: '1', tnvedCode: '8517130000', description: 'Смартфоны', grossWeight: '120,5' }],
    });
    const outsider = await signIn(ctx, ['ROLE_ORDER_VIEW_ALL']);
    const refused = await call(
      'GET',
      `/api/document-generator/initiator/customsDeclaration/preview/${dt.id}`,
      outsider,
    );
    expect(refused.statusCode).toBe(403);
  });
});
