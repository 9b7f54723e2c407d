import { flattenTree, COUNTERPARTY_MESSAGES as M } from '@tms/domain';
import { eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '../../platform/identity/tables';
import { defineModule } from '../../platform/modules';
import { createTestApp, type TestContext } from '../../test/harness';
import { type SignedIn, signIn } from '../../test/users';
import { countries, vehicleTypes } from '../reference-data';
import { counterparties, counterpartyBankAccounts } from './tables';

type Body = Record<string, unknown>;
type Record_ = Body & { id: number; version: number };

let ctx: TestContext;
let ru: number;
let merger: SignedIn;
let curator: SignedIn;
let seq = 0;

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, who: SignedIn, payload?: Body) =>
  ctx.app.inject({ method, url, headers: who.headers, payload });

async function create(who: SignedIn, body: Body): Promise<Record_> {
  const res = await call('POST', '/api/counterparties', who, {
    name: `Контрагент ${++seq}`,
    client: true,
    countryId: ru,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

async function part(path: string, body: Body): Promise<number> {
  const res = await call('POST', `/api/${path}`, merger, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

/** Merges seen by a merge hook of this test's own, contributed as any module's. */
const calls: [number, number][] = [];
const probeModule = defineModule({
  name: 'merge-probe',
  contributes: {
    counterpartyMergeHooks: {
      test: (_tx, from, to) => {
        calls.push([from, to]);
      },
    },
  },
});

beforeAll(async () => {
  ctx = await createTestApp({}, [probeModule]);
  ru = (await ctx.database.db.select().from(countries).where(eq(countries.code, 'RU')))[0]!.id;
  merger = await signIn(ctx, [
    'ROLE_COUNTERPARTY_VIEW_ALL',
    'ROLE_COUNTERPARTY_EDIT_ALL',
    'ROLE_COUNTERPARTY_MERGE',
  ]);
  curator = await signIn(ctx, [
    'ROLE_COUNTERPARTY_VIEW_OWN',
    'ROLE_COUNTERPARTY_EDIT_OWN',
    'ROLE_COUNTERPARTY_MERGE',
  ]);
});
afterAll(() => ctx?.close());

describe('merge', () => {
  it('moves every reference to the survivor in one transaction, keeps the merged record marked and logged', async () => {
    calls.length = 0;
    try {
      const source = await create(merger, {
        name: 'ООО «Сбер» (дубль)',
        contractor: true,
        inn: '7707083893',
        kpp: '773601001',
        phone: '+7 495 500-55-50',
      });
      const survivor = await create(merger, {
        name: 'ПАО Сбербанк',
        contractor: true,
        phone: '8 800 555-55-50',
      });
      const contact = await part('counterparty-contacts', { counterpartyId: source.id, name: 'Герман' });
      await part('counterparty-bank-accounts', {
        counterpartyId: survivor.id,
        iban: 'DE89370400440532013000',
      });
      const account = await part('counterparty-bank-accounts', {
        counterpartyId: source.id,
        bik: '044525225',
        account: '40702810238720001420',
      });
      const [type] = await ctx.database.db.select().from(vehicleTypes).limit(1);
      const vehicle = await part('counterparty-vehicles', {
        counterpartyId: source.id,
        vehicleTypeId: type!.id,
        plate: 'А001АА77',
      });
      const driver = await part('counterparty-drivers', { counterpartyId: source.id, name: 'Водитель' });

      const preview = await call(
        'GET',
        `/api/counterparties/${source.id}/merge?survivorId=${survivor.id}`,
        merger,
      );
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.json().data.differences).toEqual(
        expect.arrayContaining(['name', 'inn', 'kpp', 'phone']),
      );
      expect(preview.json().data.differences).not.toContain('countryId');

      const res = await call('POST', `/api/counterparties/${source.id}/merge`, merger, {
        survivorId: survivor.id,
        fields: { inn: 'source', kpp: 'source', phone: 'source', name: 'survivor' },
        survivorVersion: survivor.version,
        sourceVersion: source.version,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        id: survivor.id,
        name: 'ПАО Сбербанк',
        inn: '7707083893',
        kpp: '773601001',
        phone: '+7 495 500-55-50',
        merged: false,
      });
      expect(calls).toEqual([[source.id, survivor.id]]);

      const [moved] = await ctx.database.db.select().from(contacts).where(eq(contacts.id, contact));
      expect(moved!.counterpartyId).toBe(survivor.id);
      for (const [path, id] of [
        ['counterparty-vehicles', vehicle],
        ['counterparty-drivers', driver],
      ] as const) {
        expect((await call('GET', `/api/${path}/${id}`, merger)).json().data.counterpartyId).toBe(
          survivor.id,
        );
      }
      const accounts = await ctx.database.db
        .select()
        .from(counterpartyBankAccounts)
        .where(eq(counterpartyBankAccounts.counterpartyId, survivor.id));
      expect(accounts.map((a) => a.id)).toContain(account);
      expect(accounts.filter((a) => a.primary)).toHaveLength(1);

      const merged = (await call('GET', `/api/counterparties/${source.id}`, merger)).json().data;
      expect(merged).toMatchObject({ merged: true, mergedIntoId: survivor.id, mergedAt: expect.any(String) });
      const live = await call('GET', '/api/counterparties?itemsPerPage=1000', merger);
      expect(live.json().data.collection.map((r: Body) => r.id)).not.toContain(source.id);
      const mergedList = await call('GET', '/api/counterparties?merged=true', merger);
      expect(mergedList.json().data.collection.map((r: Body) => r.id)).toEqual([source.id]);

      const sourceHistory = (await call('GET', `/api/counterparties/${source.id}/history`, merger)).json()
        .data.collection;
      expect(sourceHistory[0]).toMatchObject({
        action: 'merge',
        changes: { mergedIntoId: { old: null, new: survivor.id }, merged: { old: false, new: true } },
      });
      const survivorHistory = (await call('GET', `/api/counterparties/${survivor.id}/history`, merger)).json()
        .data.collection;
      expect(survivorHistory[0]).toMatchObject({
        action: 'merge',
        changes: { mergedFromId: { old: null, new: source.id }, inn: { old: null, new: '7707083893' } },
      });

      // A merged record is final: no second merge, no edits, not a survivor.
      const again = await call('POST', `/api/counterparties/${source.id}/merge`, merger, {
        survivorId: survivor.id,
        fields: {},
        survivorVersion: res.json().data.version,
        sourceVersion: merged.version,
      });
      expect(again.statusCode).toBe(400);
      expect(flattenTree(again.json().errors)).toEqual({ '': [M.alreadyMerged] });
      const edit = await call('PATCH', `/api/counterparties/${source.id}`, merger, {
        phone: '1',
        version: merged.version,
      });
      expect(edit.statusCode).toBe(400);
      const other = await create(merger, {});
      const into = await call('POST', `/api/counterparties/${other.id}/merge`, merger, {
        survivorId: source.id,
        fields: {},
        survivorVersion: merged.version,
        sourceVersion: other.version,
      });
      expect(flattenTree(into.json().errors)).toEqual({ survivorId: [M.alreadyMerged] });
    } finally {
      calls.length = 0;
    }
  });

  it('refuses merging into itself, stale versions, and records outside the edit scope', async () => {
    const a = await create(merger, {});
    const b = await create(merger, {});
    const self = await call('POST', `/api/counterparties/${a.id}/merge`, merger, {
      survivorId: a.id,
      fields: {},
      survivorVersion: a.version,
      sourceVersion: a.version,
    });
    expect(flattenTree(self.json().errors)).toEqual({ survivorId: [M.mergeIntoItself] });
    const stale = await call('POST', `/api/counterparties/${a.id}/merge`, merger, {
      survivorId: b.id,
      fields: {},
      survivorVersion: b.version + 1,
      sourceVersion: a.version,
    });
    expect(stale.statusCode).toBe(409);
    const mine = await create(curator, {});
    const foreignSurvivor = await call('POST', `/api/counterparties/${mine.id}/merge`, curator, {
      survivorId: a.id,
      fields: {},
      survivorVersion: a.version,
      sourceVersion: mine.version,
    });
    expect(foreignSurvivor.statusCode).toBe(400);
    const foreignSource = await call(
      'GET',
      `/api/counterparties/${a.id}/merge?survivorId=${mine.id}`,
      curator,
    );
    expect(foreignSource.statusCode).toBe(404);
    // Nothing of that changed either record.
    const merged = await ctx.database.db
      .select({ id: counterparties.id })
      .from(counterparties)
      .where(isNotNull(counterparties.mergedIntoId));
    expect(merged).toHaveLength(1);
  });

  it('takes a value from the source only where the user may edit that field', async () => {
    const source = await create(merger, { name: 'ООО «Вектор» (дубль)' });
    const survivor = await create(merger, { name: 'ООО «Вектор»' });
    const res = await call('POST', `/api/counterparties/${source.id}/merge`, merger, {
      survivorId: survivor.id,
      fields: { name: 'source' },
      survivorVersion: survivor.version,
      sourceVersion: source.version,
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().message).toBe(M.fieldEditDenied);
    for (const record of [source, survivor]) {
      const [row] = await ctx.database.db
        .select()
        .from(counterparties)
        .where(eq(counterparties.id, record.id));
      expect(row).toMatchObject({ name: record.name, version: record.version, mergedIntoId: null });
    }
  });
  it('offers as survivors the live records the user may change, never the one being merged', async () => {
    const tag = 'Выбор-выжившего';
    const source = await create(merger, { name: `${tag} исходный` });
    const kept = await create(merger, { name: `${tag} основной` });
    const gone = await create(merger, { name: `${tag} слитый` });
    const away = await call('POST', `/api/counterparties/${gone.id}/merge`, merger, {
      survivorId: kept.id,
      fields: {},
      survivorVersion: kept.version,
      sourceVersion: gone.version,
    });
    expect(away.statusCode, away.body).toBe(200);
    const mine = await create(curator, { name: `${tag} свой` });
    const mineToo = await create(curator, { name: `${tag} свой второй` });
    const survivors = async (id: number, who: SignedIn, query = '') => {
      const res = await call(
        'GET',
        `/api/counterparties/${id}/merge/survivors?search=${encodeURIComponent(tag)}${query}`,
        who,
      );
      expect(res.statusCode, res.body).toBe(200);
      const { collection, total } = res.json().data as { collection: { id: number }[]; total: number };
      expect(total).toBe(collection.length);
      return collection.map((row) => row.id).sort((a, b) => a - b);
    };

    // The plain list offers the record itself; the survivors' lookup never does, nor a merged record.
    const listed = await call('GET', `/api/counterparties?search=${encodeURIComponent(tag)}`, merger);
    expect(listed.json().data.collection.map((row: { id: number }) => row.id)).toContain(source.id);
    expect(await survivors(source.id, merger)).toEqual([kept.id, mine.id, mineToo.id]);
    expect(await survivors(source.id, merger, '&merged=true')).toEqual([]);
    // Only what the user may change, from a source the user may change.
    expect(await survivors(mine.id, curator)).toEqual([mineToo.id]);
    const foreign = await call('GET', `/api/counterparties/${source.id}/merge/survivors`, curator);
    expect(foreign.statusCode).toBe(404);
  });
});

describe('similar search', () => {
  let searcher: SignedIn;
  let target: Record_;
  let hidden: Record_;

  beforeAll(async () => {
    searcher = await signIn(ctx, [
      'ROLE_COUNTERPARTY_VIEW_OWN',
      'ROLE_COUNTERPARTY_EDIT_OWN',
      'ROLE_COUNTERPARTY_SIMILAR_SEARCH',
    ]);
    target = await create(searcher, {
      name: 'ТрансЛогистик Плюс',
      inn: '7736207543',
      email: 'office@translog.ru',
      phone: '+7 (495) 123-45-67',
    });
    await part('counterparty-contacts', {
      counterpartyId: target.id,
      name: 'Ольга',
      email: 'olga@translog.ru',
      phone: '8 916 765-43-21',
    });
    await create(searcher, { name: 'Совсем другое имя' });
    hidden = await create(merger, { name: 'ТрансЛогистик Плюс 2', email: 'hidden@translog.ru' });
  });

  const similar = (query: string, who = searcher) => call('GET', `/api/counterparties/similar?${query}`, who);

  it('finds by trigram name similarity, INN, counterparty and contact emails and phones', async () => {
    const byName = await similar(`name=${encodeURIComponent('Транслогистек Плюс')}`);
    expect(byName.statusCode, byName.body).toBe(200);
    const [first] = byName.json().data.collection;
    expect(first).toMatchObject({
      counterparty: { id: target.id, name: 'ТрансЛогистик Плюс' },
      reasons: ['name'],
    });
    expect(first.score).toBeGreaterThan(0.5);
    expect(first.score).toBeLessThan(1);
    // The legal form, quotes and case are no part of a name's likeness.
    const formal = await similar(`name=${encodeURIComponent('ООО «ТРАНСЛОГИСТИК ПЛЮС»')}`);
    expect(formal.json().data.collection[0]).toMatchObject({ counterparty: { id: target.id }, score: 1 });

    const all = await similar(
      `inn=7736207543&email=OLGA@translog.ru&phone=${encodeURIComponent('+7 916 7654321')}`,
    );
    expect(all.json().data.collection).toEqual([
      expect.objectContaining({
        counterparty: expect.objectContaining({ id: target.id }),
        score: 1,
        reasons: ['inn', 'email', 'phone'],
      }),
    ]);
    const ownPhone = await similar('phone=84951234567');
    expect(ownPhone.json().data.collection.map((m: { counterparty: Body }) => m.counterparty.id)).toEqual([
      target.id,
    ]);
    const excluded = await similar(`inn=7736207543&excludeId=${target.id}`);
    expect(excluded.json().data.total).toBe(0);
  });

  it('stays inside the view scope and needs a criterion', async () => {
    const res = await similar(`name=${encodeURIComponent('ТрансЛогистик Плюс 2')}&email=hidden@translog.ru`);
    expect(res.json().data.collection.map((m: { counterparty: Body }) => m.counterparty.id)).not.toContain(
      hidden.id,
    );
    const byAll = await call(
      'GET',
      `/api/counterparties/similar?email=hidden@translog.ru`,
      await signIn(ctx, ['ROLE_COUNTERPARTY_VIEW_ALL', 'ROLE_COUNTERPARTY_SIMILAR_SEARCH']),
    );
    expect(byAll.json().data.collection.map((m: { counterparty: Body }) => m.counterparty.id)).toEqual([
      hidden.id,
    ]);
    const empty = await similar('name=');
    expect(empty.statusCode).toBe(400);
    expect(flattenTree(empty.json().errors)).toEqual({ '': [M.similarCriteria] });
  });
});
