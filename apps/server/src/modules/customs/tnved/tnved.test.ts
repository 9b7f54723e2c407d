import { TNVED_MESSAGES as M, OPERATION_MESSAGES } from '@tms/domain';
import { count } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/multipart';
import { errorsOf, route, setUpOperations } from '../../../test/operations-world';
import {
  cp866,
  tnvedEdition2021 as edition2021,
  tnvedFixture as fixture,
  cp866Text as textOf,
  tnvedZipOf as zipOf,
} from '../../../test/tnved-editions';
import { type SignedIn, signIn } from '../../../test/users';
import { tnvedEntries } from './tables';

const ops = setUpOperations();
let customs: SignedIn;
let forwarder: SignedIn;
let specialist: SignedIn;
let client: number;

beforeAll(async () => {
  customs = await signIn(ops.ctx, ['ROLE_CUSTOMS_SETTINGS']);
  const edit = ['ROLE_ORDER_VIEW_ALL', 'ROLE_ORDER_EDIT_ALL', 'ROLE_COUNTERPARTY_VIEW_ALL'];
  forwarder = await signIn(ops.ctx, edit);
  specialist = await signIn(ops.ctx, [...edit, 'ROLE_ORDER_CUSTOMS_SPECIALIST_ACCEPTANCE']);
  client = await ops.world.counterparty({ name: 'ООО Таможенный клиент' });
});

const load = (zip: Buffer, who: SignedIn = customs) => {
  const body = multipart('TNVED.ZIP', zip);
  return ops.ctx.app.inject({
    method: 'POST',
    url: '/api/customs/tnved/import',
    payload: body.payload,
    headers: { ...who.headers, ...body.headers },
  });
};
const list = async (query: string, who: SignedIn = customs) => {
  const res = await ops.call('GET', `/api/customs/tnved?${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { collection: Record<string, unknown>[]; total: number };
};
const codesOf = (page: { collection: Record<string, unknown>[] }) => page.collection.map((e) => e.code);
const stored = async () => (await ops.db.select({ n: count() }).from(tnvedEntries))[0]!.n;

describe('TNVED library and control', () => {
  it('accepts any 10-digit code on an order while no classifier is loaded, and the order is ready', async () => {
    const order = await ops.createOrder(forwarder, client, { cargo: { tnvedCodes: ['9999 99 999 9'] } });
    expect(order.tnvedControlStatus).toBe('READY');
    const state = await ops.call('GET', '/api/customs/tnved/state', customs);
    expect(state.json().data).toMatchObject({ loaded: false, codes: 0 });
  });

  it('is loaded only by the customs settings role', async () => {
    expect((await load(zipOf(fixture), forwarder)).statusCode).toBe(403);
    expect(await stored()).toBe(0);
  });

  it('loads an edition, then a newer one keeping the history: a code that ended is shown as such', async () => {
    const first = await load(zipOf(edition2021()));
    expect(first.statusCode, first.body).toBe(200);
    let page = await list('search=7318%2029&validity=all');
    expect(page.collection.map((e) => [e.code, e.current])).toEqual([
      ['7318290001', true],
      ['7318290002', true],
      ['7318290009', true],
    ]);

    const newer = await load(zipOf(fixture));
    expect(newer.statusCode, newer.body).toBe(200);
    // 226 lines: the 2021 edition's versions are updated (closed), the 2022 ones are new.
    expect(newer.json().data).toMatchObject({ versions: 226 });
    expect(newer.json().data.updated).toBeGreaterThan(0);
    expect(newer.json().data.created).toBeGreaterThan(0);

    page = await list('search=7318%2029&validity=all');
    expect(page.collection).toEqual([
      expect.objectContaining({
        code: '7318290001',
        current: true,
        validFrom: '2022-01-01',
        validTo: null,
        versions: 2,
      }),
      expect.objectContaining({ code: '7318290002', current: true, versions: 2 }),
      expect.objectContaining({ code: '7318290008', current: true, versions: 1 }),
      // Superseded in 2022 by 7318290008: listed as no longer valid, with the day it ended.
      expect.objectContaining({ code: '7318290009', current: false, validTo: '2021-12-31', versions: 1 }),
    ]);
    expect(codesOf(await list('search=7318%2029'))).toEqual(['7318290001', '7318290002', '7318290008']);
    expect(codesOf(await list('search=7318&validity=expired'))).toEqual(['7318290009']);

    const history = await ops.call('GET', '/api/customs/tnved/code/7318290001/history', customs);
    expect(
      history.json().data.map((v: { validFrom: string; validTo: string | null }) => [v.validFrom, v.validTo]),
    ).toEqual([
      ['2022-01-01', null],
      ['2017-01-01', '2021-12-31'],
    ]);
  });

  it('reads the DOS 866 files with their headers, levels, names and no-break spaces', async () => {
    const state = (await ops.call('GET', '/api/customs/tnved/state', customs)).json().data;
    expect(state.files).toEqual([
      { file: 'TNVED1', version: '015', date: '2022-01-13' },
      { file: 'TNVED2', version: '036', date: '2022-08-11' },
      { file: 'TNVED3', version: '020', date: '2022-08-11' },
      { file: 'TNVED4', version: '124', date: '2023-09-15' },
    ]);
    expect(state).toMatchObject({ loaded: true, codes: 47 });
    const sections = await list('level=section&itemsPerPage=3');
    expect(sections.collection[0]).toMatchObject({
      code: '01',
      name: 'ЖИВЫЕ ЖИВОТНЫЕ; ПРОДУКТЫ ЖИВОТНОГО ПРОИСХОЖДЕНИЯ',
      parentCode: null,
    });
    // The 2018 World Cup pseudo-section is one of them, as the file lists it.
    expect(codesOf(await list('level=section'))).toEqual(['01', '02', '15', '16', '17', '22']);
    const [horses] = (await list('search=0101%2021')).collection;
    expect(horses).toMatchObject({
      level: 'code',
      parentCode: '0101',
      name: 'чистопородные племенные животные',
      depth: 2,
    });
    // The tree's order: section, its group, the group's heading, the heading's codes.
    expect(codesOf(await list('itemsPerPage=5'))).toEqual(['01', '01', '0101', '0101210000', '0101291000']);
  });

  it('searches by code prefix and by words in any form, paged on the server', async () => {
    const heading = await list('search=8517&itemsPerPage=2');
    expect(codesOf(heading)).toEqual(['8517', '8517110000']);
    expect(heading.total).toBe(5);
    expect(codesOf(await list('search=8517&itemsPerPage=2&page=3'))).toEqual(['8517180000']);
    for (const word of ['смартфон', 'смартфоны', 'Смартфонов']) {
      expect(codesOf(await list(`search=${encodeURIComponent(word)}`))).toEqual(['8517', '8517130000']);
    }
    expect(codesOf(await list(`search=${encodeURIComponent('кофе без кофеина')}&level=heading`))).toEqual([
      '0901',
    ]);
    expect((await list('search=zzzz')).total).toBe(0);
    const refused = await ops.call('GET', '/api/customs/tnved?level=chapter', customs);
    expect(refused.statusCode).toBe(400);
  });

  it('refuses a file cut short, in another encoding or with a malformed line, naming file and line, writing nothing', async () => {
    const before = await stored();
    const tnved4 = fixture.TNVED4;
    const cut = await load(zipOf({ ...fixture, TNVED4: tnved4.subarray(0, tnved4.length - 30) }));
    expect(cut.statusCode).toBe(400);
    const lines = textOf(tnved4).split('\r\n').length - 1;
    expect(errorsOf(cut)).toEqual({ [`files.TNVED4.lines.${lines}`]: [M.cut] });

    const utf8 = await load(zipOf({ ...fixture, TNVED2: Buffer.from(textOf(fixture.TNVED2), 'utf8') }));
    expect(errorsOf(utf8)).toEqual({ 'files.TNVED2.lines.2': [M.encoding] });
    const windows = Buffer.from(
      [...textOf(fixture.TNVED3)].map((c) => {
        const code = c.charCodeAt(0);
        // Cyrillic А..я sit at 0xC0..0xFF in Windows-1251.
        return code >= 0x410 && code <= 0x44f ? code - 0x410 + 0xc0 : code;
      }),
    );
    expect(errorsOf(await load(zipOf({ ...fixture, TNVED3: windows })))).toEqual({
      'files.TNVED3.lines.2': [M.encoding],
    });

    const text3 = textOf(fixture.TNVED3).split('\r\n');
    text3[4] = text3[4]!.replace(/\|\d{2}\.(\d{2}\.\d{4})\|/, '|32.$1|');
    text3[6] = text3[6]!.replace(/\|$/, '');
    const malformed = await load(zipOf({ ...fixture, TNVED3: cp866(text3.join('\r\n')) }));
    expect(errorsOf(malformed)).toEqual({
      'files.TNVED3.lines.5': [M.date],
      'files.TNVED3.lines.7': [M.fields],
    });
    const header = cp866(textOf(fixture.TNVED1).replace(/^015\|20220113/, 'TNVED|2022'));
    expect(errorsOf(await load(zipOf({ ...fixture, TNVED1: header })))).toEqual({
      'files.TNVED1.lines.1': [M.header],
    });
    expect(errorsOf(await load(Buffer.from('not a zip')))).toEqual({ file: [M.notZip] });
    expect(await stored()).toBe(before);
  });

  it('checks the codes of an order against the classifier on save, naming the line', async () => {
    const refused = await ops.call('POST', '/api/tms/orders', forwarder, {
      clientId: client,
      productId: ops.world.productId,
      route: route(ops.world),
      cargo: { description: 'Крепёж', tnvedCodes: ['8517130000', '7318 29 000 9', '9999999999'] },
    });
    expect(refused.statusCode).toBe(400);
    expect(errorsOf(refused)).toEqual({
      'cargo.tnvedCodes.1': [M.expiredCode],
      'cargo.tnvedCodes.2': [M.unknownCode],
    });
  });

  it('is READY with valid codes, VERIFIED by the customs specialist, and a code edited drops VERIFIED', async () => {
    const order = await ops.createOrder(forwarder, client, { cargo: { tnvedCodes: ['8517130000'] } });
    expect(order.tnvedControlStatus).toBe('READY');
    const put = (status: string, version: number, who: SignedIn) =>
      ops.call('PUT', `/api/tms/orders/${order.id}/statuses/tnvedControl`, who, { status, version });
    expect(errorsOf(await put('VERIFIED', order.version, forwarder))).toEqual({
      status: [OPERATION_MESSAGES.statusManual],
    });
    const verified = await put('VERIFIED', order.version, specialist);
    expect(verified.json().data.tnvedControlStatus).toBe('VERIFIED');
    let version = verified.json().data.version;

    // Another field leaves the verification.
    const weighed = await ops.call('PATCH', `/api/tms/orders/${order.id}`, forwarder, {
      version,
      cargo: { weight: '300' },
    });
    expect(weighed.json().data.tnvedControlStatus).toBe('VERIFIED');
    version = weighed.json().data.version;

    const recoded = await ops.call('PATCH', `/api/tms/orders/${order.id}`, forwarder, {
      version,
      cargo: { tnvedCodes: ['8517130000', '8517140000'] },
    });
    expect(recoded.json().data.tnvedControlStatus).toBe('READY');
    version = recoded.json().data.version;

    const uncoded = await ops.call('PATCH', `/api/tms/orders/${order.id}`, forwarder, {
      version,
      cargo: { tnvedCodes: [], description: 'Телефоны' },
    });
    expect(uncoded.json().data.tnvedControlStatus).toBe('NOT_READY');
    expect(errorsOf(await put('READY', uncoded.json().data.version, forwarder))).toEqual({
      status: [OPERATION_MESSAGES.tnvedCodesRequired],
    });
  });
});
