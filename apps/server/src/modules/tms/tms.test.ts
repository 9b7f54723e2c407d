import {
  customsPointResource,
  customsResponsibilityResource,
  flattenTree,
  jobTypeResource,
  loadingUnloadingMethodResource,
  MESSAGES,
  PRODUCT_IN_USE,
  productResource,
  SERVICE_IN_USE,
  serviceResource,
} from '@tms/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';
import { describeResource } from '../../test/resource-suite';
import { signIn } from '../../test/users';
import { countries } from '../settings';
import { jobTypes, products, services } from './tables';

let seq = 0;
const next = () => ++seq;

describeResource({
  descriptor: loadingUnloadingMethodResource,
  validCreate: () => {
    const n = next();
    return { code: `conveyor-${n}`, name: `Конвейером ${n}`, nameEn: `By conveyor ${n}` };
  },
  update: { name: 'Ленточным конвейером', nameEn: null },
  invalidCreate: {
    body: { code: '', name: '', nameEn: 'x'.repeat(256) },
    errorPaths: ['code', 'name', 'nameEn'],
  },
  unique: ['code'],
  search: 'конвейер',
});

describeResource({
  descriptor: serviceResource,
  validCreate: () => {
    const n = next();
    return {
      code: `ftl-${n}`,
      name: `Автоперевозка FTL ${n}`,
      nameEn: `FTL road freight ${n}`,
      transportType: 'auto',
    };
  },
  update: { transportType: null, nameEn: 'Full truck load' },
  invalidCreate: {
    body: { code: 'ftl x', name: 'FTL', transportType: 'ship' },
    errorPaths: ['code', 'transportType'],
  },
  unique: ['code'],
  inUse: async ({ database }, id) => {
    await database.db
      .insert(products)
      .values({ code: `uses-service-${id}`, name: 'Продукт', serviceIds: [id] });
  },
  inUseMessage: SERVICE_IN_USE,
  search: 'FTL road',
});

describeResource({
  descriptor: productResource,
  validCreate: async ({ database }) => {
    const n = next();
    const [service] = await database.db
      .insert(services)
      .values({ code: `svc-for-product-${n}`, name: `Услуга ${n}` })
      .returning({ id: services.id });
    return {
      code: `eu-ru-${n}`,
      name: `Европа — Россия FTL ${n}`,
      nameEn: `Europe – Russia FTL ${n}`,
      serviceIds: [service!.id],
      maxDispatchPoints: 3,
      maxDeliveryPoints: 2,
    };
  },
  update: { maxDispatchPoints: 5, serviceIds: [] },
  invalidCreate: {
    // Unknown services are refused by the product's hook, after the schema has passed.
    body: { code: 'p', name: 'P', serviceIds: [2_000_000_000, 2_000_000_001], maxDispatchPoints: 1 },
    errorPaths: ['serviceIds.0', 'serviceIds.1'],
  },
  unique: ['code'],
  inUse: async ({ database }, id) => {
    await database.db
      .insert(jobTypes)
      .values({ code: `uses-product-${id}`, name: 'Тип работ', productIds: [id] });
  },
  inUseMessage: PRODUCT_IN_USE,
  search: 'Европа — Россия',
});

describeResource({
  descriptor: jobTypeResource,
  validCreate: async ({ database }) => {
    const n = next();
    const [product] = await database.db
      .insert(products)
      .values({ code: `product-for-job-type-${n}`, name: `Продукт ${n}` })
      .returning({ id: products.id });
    return {
      code: `carriage-${n}`,
      name: `Перевозка ${n}`,
      nameEn: `Carriage ${n}`,
      productIds: [product!.id],
    };
  },
  update: { name: 'Международная перевозка', productIds: [] },
  invalidCreate: { body: { code: 'c', name: 'C', productIds: [1, -2] }, errorPaths: ['productIds.1'] },
  unique: ['code'],
  search: 'Carriage',
});

describeResource({
  descriptor: customsPointResource,
  validCreate: async ({ database }) => {
    const n = next();
    const [russia] = await database.db.select().from(countries).where(eq(countries.code, 'RU'));
    return {
      code: `107020${String(n).padStart(2, '0')}`,
      name: `Московский областной таможенный пост ${n}`,
      nameEn: `Moscow regional customs post ${n}`,
      countryId: russia!.id,
      address: 'Москва, Комсомольская пл., 1а',
    };
  },
  update: { address: 'Химки, Ленинградское ш., 1' },
  invalidCreate: { body: { code: '1', name: '', countryId: 0 }, errorPaths: ['code', 'name', 'countryId'] },
  unique: ['code'],
  search: 'областной таможенный',
});

describe('customs point references', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('refuses an unknown country under countryId and writes nothing', async () => {
    const { headers } = await signIn(ctx, customsPointResource.roles.edit as string[]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/tms/customs-points',
      payload: { code: '10702030', name: 'Пост', countryId: 2_000_000_000 },
      headers,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(flattenTree(res.json().errors)).toEqual({ countryId: [MESSAGES.invalid] });
    const list = await ctx.app.inject({ method: 'GET', url: '/api/tms/customs-points', headers });
    expect(list.json().data.total).toBe(0);
  });
});

describeResource({
  descriptor: customsResponsibilityResource,
  validCreate: () => {
    const n = next();
    return { name: `Клиент оформляет сам ${n}`, nameEn: `Client clears customs ${n}` };
  },
  update: { nameEn: 'Cleared by the client' },
  invalidCreate: { body: { name: '', nameEn: '' }, errorPaths: ['name'] },
  unique: ['name'],
  search: 'оформляет',
});
