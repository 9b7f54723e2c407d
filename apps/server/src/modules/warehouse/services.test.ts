import {
  flattenTree,
  MATERIAL_ASSET_MESSAGES,
  type ValidationTree,
  warehouseServiceResource,
} from '@tms/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';
import { describeResource } from '../../test/resource-suite';
import { type SignedIn, signIn } from '../../test/users';
import { currencies } from '../reference-data';

let seq = 0;

describeResource({
  descriptor: warehouseServiceResource,
  validCreate: async ({ database }) => {
    const n = ++seq;
    const [rub] = await database.db
      .select({ id: currencies.id })
      .from(currencies)
      .where(eq(currencies.code, 'RUB'));
    return {
      code: `storage-${n}`,
      name: `Хранение на паллетоместе ${n}`,
      nameEn: `Pallet storage ${n}`,
      unit: 'pallet',
      price: '350.00',
      currencyId: rub!.id,
      description: 'За сутки хранения',
    };
  },
  update: { unit: 'day', price: null, currencyId: null, description: null, nameEn: 'Pallet-day storage' },
  invalidCreate: {
    body: {
      code: 'storage x',
      name: '',
      unit: 'barrel',
      price: '-1',
      currencyId: 0,
      description: 'x'.repeat(2001),
    },
    errorPaths: ['code', 'name', 'unit', 'price', 'currencyId', 'description'],
  },
  unique: ['code'],
  search: 'pallet storage',
});

describe('warehouse services: a price needs its currency', () => {
  let ctx: TestContext;
  let editor: SignedIn;
  const api = '/api/warehouse/services';
  beforeAll(async () => {
    ctx = await createTestApp();
    editor = await signIn(ctx, ['ROLE_WAREHOUSE_ACCOUNTING_EDIT']);
  });
  afterAll(() => ctx?.close());
  const send = (method: 'POST' | 'PATCH', url: string, payload: Record<string, unknown>) =>
    ctx.app.inject({ method, url, payload, headers: editor.headers });
  const errorsOf = (res: { json(): { errors: ValidationTree } }) => flattenTree(res.json().errors);

  it('refuses a price without a currency, on create and when an update drops the currency', async () => {
    const body = { code: 'labelling', name: 'Маркировка', unit: 'piece', price: '15.00' };
    const refused = await send('POST', api, body);
    expect(refused.statusCode).toBe(400);
    expect(errorsOf(refused)).toEqual({ currencyId: [MATERIAL_ASSET_MESSAGES.currencyRequired] });
    const [rub] = await ctx.database.db
      .select({ id: currencies.id })
      .from(currencies)
      .where(eq(currencies.code, 'RUB'));
    const created = await send('POST', api, { ...body, currencyId: rub!.id });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json().data;
    const dropped = await send('PATCH', `${api}/${id}`, { currencyId: null, version: 1 });
    expect(errorsOf(dropped)).toEqual({ currencyId: [MATERIAL_ASSET_MESSAGES.currencyRequired] });
    const both = await send('PATCH', `${api}/${id}`, { currencyId: null, price: null, version: 1 });
    expect(both.statusCode, both.body).toBe(200);
  });
});
