import { declareResource, f, flattenTree, MESSAGES, VALIDATION_FAILED } from '@tms/domain';
import { sql } from 'drizzle-orm';
import { boolean, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Database } from '../../db/connection';
import { declarationProblems } from '../../test/declarations';
import { createTestDatabase, testConfig } from '../../test/harness';
import { type SignedIn, signIn } from '../../test/users';
import { entityColumns } from '../columns';
import type { App } from '../http/types';
import { registerResource, resourceService } from './engine';
import { dictionaryColumns, resourceTable } from './indexes';

/**
 * The recipe of docs/development.md "Adding a resource", followed by a test alone: a declaration with the
 * field builders, its table, one registration line; the engine then serves list, create, validation and
 * update without any product code. (Its screens are the generic ones; the warehouse services row of
 * e2e/resources.spec.ts walks them.)
 */
const ROLE_EDIT = 'ROLE_WAREHOUSE_ACCOUNTING_EDIT';

const packagingResource = declareResource({
  name: 'test_packaging',
  path: '/test/packagings',
  title: 'test.packagings.title',
  itemTitle: 'test.packagings.item',
  keys: 'test.packagings',
  fields: {
    code: f.code(),
    name: f.name(),
    nameEn: f.nameEn(),
    material: f.enum(['wood', 'carton', 'plastic']).listed().filterable().sortable(),
    layers: f.integer({ min: 1, max: 10 }).defaulted().listed(),
    deposit: f.money().optional().listed(),
    enabled: f.enabled(),
    updatedAt: f.updatedAt(),
  },
  roles: { view: [], edit: [ROLE_EDIT] },
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  deletable: true,
});

const packagings = resourceTable(
  'test_packagings',
  {
    ...dictionaryColumns(),
    material: text('material').notNull(),
    layers: integer('layers').notNull().default(1),
    deposit: numeric('deposit', { precision: 18, scale: 2 }),
  },
  { unique: ['code'], sortable: ['name', 'nameEn', 'material'] },
);

// What `npm run db:generate` would write for the table above (a test table has no migration).
const CREATE_TABLE = sql.raw(`
  CREATE TABLE test_packagings (
    id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
    version integer DEFAULT 1 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    code text NOT NULL, name text NOT NULL, name_en text, enabled boolean DEFAULT true NOT NULL,
    search_text text GENERATED ALWAYS AS (lower(coalesce(code, '') || E'\\n' || coalesce(name, '') || E'\\n' || coalesce(name_en, ''))) STORED,
    material text NOT NULL, layers integer DEFAULT 1 NOT NULL, deposit numeric(18, 2)
  )
`);

describe('a resource added by the recipe alone', () => {
  let app: App;
  let database: Database;
  let editor: SignedIn;
  const api = '/api/test/packagings';
  const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
    app.inject({ method, url, payload, headers: editor.headers });

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.execute(CREATE_TABLE);
    await database.db.execute(
      sql.raw('CREATE UNIQUE INDEX test_packagings_code_uq ON test_packagings (code)'),
    );
    const config = testConfig();
    app = await buildApp({ config, database });
    // The one registration line, as a module would have it.
    await app.register(async (scope) => void registerResource(scope as App, packagingResource, packagings), {
      prefix: '/api',
    });
    await app.ready();
    editor = await signIn({ database, config }, [ROLE_EDIT]);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('creates, lists, refuses bad input with the contract tree, and updates', async () => {
    const created = await send('POST', api, {
      code: 'euro-pallet',
      name: 'Европаллета',
      material: 'wood',
      deposit: '450.00',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({
      code: 'euro-pallet',
      name: 'Европаллета',
      nameEn: null,
      material: 'wood',
      layers: 1,
      deposit: '450.00',
      enabled: true,
      version: 1,
    });
    const { id } = created.json().data;

    const list = await send('GET', `${api}?search=${encodeURIComponent('европал')}&material=wood`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toMatchObject({ total: 1, collection: [{ id, code: 'euro-pallet' }] });

    const bad = await send('POST', api, {
      code: 'euro pallet',
      name: '',
      material: 'steel',
      layers: 11,
      deposit: '-1',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(VALIDATION_FAILED);
    expect(Object.keys(flattenTree(bad.json().errors)).sort()).toEqual([
      'code',
      'deposit',
      'layers',
      'material',
      'name',
    ]);
    expect(flattenTree(bad.json().errors).deposit).toEqual([MESSAGES.tooSmall]);
    // A member the declaration does not have is refused, never dropped unsaid.
    const unknown = await send('POST', api, { code: 'crate', name: 'Ящик', material: 'wood', colour: 'red' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ errors: [MESSAGES.extraField], children: {} });
    expect((await send('GET', `${api}?itemsPerPage=1`)).json().data.total).toBe(1);

    const updated = await send('PUT', `${api}/${id}`, {
      layers: 2,
      nameEn: 'Euro pallet',
      deposit: null,
      version: 1,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({
      layers: 2,
      nameEn: 'Euro pallet',
      deposit: null,
      version: 2,
    });
    expect((await send('PUT', `${api}/${id}`, { layers: 3, version: 1 })).statusCode).toBe(409);
  });

  it('has its table checked against its declaration, drift included', () => {
    expect(declarationProblems(packagingResource, packagings)).toEqual([]);
    const drifted = pgTable('test_packagings', {
      ...entityColumns(),
      ...dictionaryColumns(),
      material: boolean('material').notNull(),
      layers: integer('layers'),
    });
    expect(declarationProblems(packagingResource, drifted)).toEqual([
      'test_packaging: the create member deposit has no column (nor is it declared virtual)',
      'test_packaging: the entity member deposit has no column (nor a toEntity hook computing it)',
      'test_packaging.material (entity): enum, column boolean',
      'test_packaging.layers (entity): column nullable, member not',
      'test_packaging.material (create): enum, column boolean',
    ]);
    // A member without a column stops the service at start-up, unless declared virtual (the hooks keep it).
    expect(() => resourceService(packagingResource, drifted)).toThrow(/deposit has no column/);
    expect(() => resourceService(packagingResource, drifted, { virtual: ['deposit'] })).not.toThrow();
  });

  it('is in the OpenAPI document with the derived schemas', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const body = doc.paths[api].post.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['code', 'name', 'material']);
    expect(Object.keys(body.properties)).toEqual(['code', 'name', 'nameEn', 'material', 'layers', 'deposit']);
  });
});
