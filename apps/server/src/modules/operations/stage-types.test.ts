import {
  customsBehaviourOf,
  flattenTree,
  productResource,
  STAGE_BEHAVIOUR_MESSAGES,
  stageTypeResource,
} from '@tms/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';
import { describeResource } from '../../test/resource-suite';
import { signIn } from '../../test/users';
import { products, stageTypes } from './tables';

let seq = 0;
const next = () => ++seq;

describeResource({
  descriptor: stageTypeResource,
  validCreate: () => {
    const n = next();
    return {
      code: `border-${n}`,
      name: `Пересечение границы ${n}`,
      pccName: 'Груз на границе',
      pccVisible: true,
      opsName: 'Граница',
      opsVisible: true,
      behaviours: ['CUSTOMS_OTHER', 'EXPENSES_FILED'],
      sortOrder: 20,
    };
  },
  update: { pccVisible: false, behaviours: ['WAREHOUSE_IN', 'WMS_AA'], sortOrder: 30 },
  invalidCreate: {
    body: { code: '', name: 'Этап', behaviours: ['WAREHOUSE_IN', 'TELEPORT'], sortOrder: -1 },
    errorPaths: ['code', 'behaviours.1', 'sortOrder'],
  },
  unique: ['code'],
  search: 'Пересечение границы',
});

describe('stage type behaviours', () => {
  let ctx: TestContext;
  let headers: { authorization: string };
  beforeAll(async () => {
    ctx = await createTestApp();
    ({ headers } = await signIn(ctx, [...stageTypeResource.roles.edit]));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const create = (behaviours: string[], code = `stage-${next()}`) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/settings/stage-types',
      payload: { code, name: 'Склад', behaviours },
      headers,
    });

  it('refuses a code that is no known behaviour, under its index, and writes nothing', async () => {
    const res = await create(['MARK_ORDER_READY', 'Отметить заказ готовым']);
    expect(res.statusCode, res.body).toBe(400);
    expect(flattenTree(res.json().errors)).toEqual({ 'behaviours.1': [STAGE_BEHAVIOUR_MESSAGES.unknown] });
    expect(await ctx.database.db.select().from(stageTypes)).toHaveLength(0);
  });

  it('refuses warehouse in and out together, saying why, and writes nothing', async () => {
    const res = await create(['WAREHOUSE_IN', 'WAREHOUSE_OUT']);
    expect(res.statusCode, res.body).toBe(400);
    expect(flattenTree(res.json().errors)).toEqual({
      behaviours: [STAGE_BEHAVIOUR_MESSAGES.warehouseInAndOut],
    });
    expect(await ctx.database.db.select().from(stageTypes)).toHaveLength(0);
  });

  it('accepts CUSTOMS_<product> for an existing product only; keeps each behaviour once', async () => {
    await ctx.database.db.insert(products).values({ code: 'LTL-CN-RU', name: 'LTL Китай — Россия' });
    const unknown = await create(['MARK_ORDER_READY', customsBehaviourOf('NO-SUCH')]);
    expect(flattenTree(unknown.json().errors)).toEqual({
      'behaviours.1': [STAGE_BEHAVIOUR_MESSAGES.unknownProduct],
    });
    const ok = await create([customsBehaviourOf('LTL-CN-RU'), 'CUSTOMS_OTHER', 'FAILURE', 'FAILURE']);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data.behaviours).toEqual(['CUSTOMS_LTL-CN-RU', 'CUSTOMS_OTHER', 'FAILURE']);
    // An update is checked too.
    const bad = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/settings/stage-types/${ok.json().data.id}`,
      payload: { behaviours: ['WAREHOUSE_OUT', 'CUSTOMS_'], version: 1 },
      headers,
    });
    expect(flattenTree(bad.json().errors)).toEqual({ 'behaviours.1': [STAGE_BEHAVIOUR_MESSAGES.unknown] });
  });

  it('keeps a product named by a customs behaviour: no delete, no code change', async () => {
    const { headers: productEditor } = await signIn(ctx, [...productResource.roles.edit]);
    const [product] = await ctx.database.db
      .insert(products)
      .values({ code: 'AIR-SHA-MOW', name: 'Авиа Шанхай — Москва' })
      .returning();
    expect((await create([customsBehaviourOf('AIR-SHA-MOW')])).statusCode).toBe(201);
    const url = `/api/tms/products/${product!.id}`;
    const removed = await ctx.app.inject({ method: 'DELETE', url, headers: productEditor });
    expect(removed.statusCode, removed.body).toBe(409);
    expect(removed.json().message).toBe(STAGE_BEHAVIOUR_MESSAGES.productInUse);
    const renamed = await ctx.app.inject({
      method: 'PATCH',
      url,
      payload: { code: 'AIR-PVG-SVO', version: 1 },
      headers: productEditor,
    });
    expect(flattenTree(renamed.json().errors)).toEqual({ code: [STAGE_BEHAVIOUR_MESSAGES.productCodeInUse] });
    const other = await ctx.app.inject({
      method: 'PATCH',
      url,
      payload: { name: 'Авиа PVG — SVO', version: 1 },
      headers: productEditor,
    });
    expect(other.statusCode, other.body).toBe(200);
  });
});
