import {
  flattenTree,
  jobTypeResource,
  MESSAGES,
  PRODUCT_IN_USE,
  productResource,
  SERVICE_IN_USE,
  serviceResource,
} from '@tms/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, fileTestApp, type TestContext } from '../../test/harness';
import { describeResource } from '../../test/resource-suite';
import { signIn } from '../../test/users';
import { jobTypes, products, services } from './tables';

const app = fileTestApp();

let seq = 0;
const next = () => ++seq;

describeResource({
  app,
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
  app,
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
  app,
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

describe('the selects of an order and a job', () => {
  let ctx: TestContext;
  let headers: { authorization: string };
  beforeAll(async () => {
    ctx = await createTestApp();
    ({ headers } = await signIn(ctx, []));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const codes = async (url: string) => {
    const res = await ctx.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data.collection as { code: string }[]).map((r) => r.code).sort();
  };

  it("lists the services of a product only (an order's service), and refuses a malformed product", async () => {
    const [road, customs, air] = await ctx.database.db
      .insert(services)
      .values([
        { code: 'sel-road', name: 'Автоперевозка' },
        { code: 'sel-customs', name: 'Таможня' },
        { code: 'sel-air', name: 'Авиа' },
      ])
      .returning({ id: services.id });
    const [ftl, avia] = await ctx.database.db
      .insert(products)
      .values([
        { code: 'sel-ftl', name: 'FTL', serviceIds: [road!.id, customs!.id] },
        { code: 'sel-avia', name: 'Авиа', serviceIds: [air!.id] },
      ])
      .returning({ id: products.id });
    expect(await codes(`/api/tms/services?productId=${ftl!.id}`)).toEqual(['sel-customs', 'sel-road']);
    expect(await codes(`/api/tms/services?productId=${avia!.id}&search=Авиа`)).toEqual(['sel-air']);
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/tms/services?productId=x', headers });
    expect(bad.statusCode).toBe(400);
    expect(flattenTree(bad.json().errors)).toEqual({ productId: [MESSAGES.type] });
  });

  it("lists the job types compatible with every product of a job's orders", async () => {
    const [a, b] = await ctx.database.db
      .insert(products)
      .values([
        { code: 'jt-a', name: 'A' },
        { code: 'jt-b', name: 'B' },
      ])
      .returning({ id: products.id });
    await ctx.database.db.insert(jobTypes).values([
      { code: 'jt-only-a', name: 'A', productIds: [a!.id] },
      { code: 'jt-both', name: 'AB', productIds: [a!.id, b!.id] },
      { code: 'jt-none', name: 'None', productIds: [] },
    ]);
    expect(await codes(`/api/tms/job-types?compatibleWith=${a!.id}`)).toEqual(['jt-both', 'jt-only-a']);
    expect(await codes(`/api/tms/job-types?compatibleWith=${a!.id},${b!.id}`)).toEqual(['jt-both']);
  });
});
