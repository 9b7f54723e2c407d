import { flattenTree } from '@tms/domain';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestContext } from '../../test/harness';
import type { SignedIn } from '../../test/users';
import { counterparties } from '../counterparties/tables';
import { countries, serviceOffices } from '../settings/tables';
import { jobTypes, products, services, stageTypes } from '../tms/tables';

type Body = Record<string, unknown>;
export type Entity = Body & { id: number; version: number };

/** Reference data the operations tests share: offices, a product with its service, job and stage types. */
export interface OperationsWorld {
  ru: number;
  de: number;
  mow: number;
  msq: number;
  serviceId: number;
  productId: number;
  /** A product allowing one dispatch and one delivery point. */
  narrowProductId: number;
  jobTypeId: number;
  /** A job type for another product only. */
  otherJobTypeId: number;
  stageType: (code: string, behaviours?: string[], sortOrder?: number) => Promise<number>;
  counterparty: (values?: Partial<typeof counterparties.$inferInsert>) => Promise<number>;
}

let seq = 0;

export async function operationsWorld(ctx: TestContext): Promise<OperationsWorld> {
  const db = ctx.database.db;
  const country = async (code: string) =>
    (await db.select().from(countries).where(eq(countries.code, code)))[0]!.id;
  const [mow, msq] = await db
    .insert(serviceOffices)
    .values([
      { name: 'Москва', code: 'MOW' },
      { name: 'Минск', code: 'MSQ' },
    ])
    .returning();
  const [service] = await db
    .insert(services)
    .values({ code: 'FTL', name: 'Перевозка FTL', transportType: 'auto' })
    .returning();
  const [product, narrow, other] = await db
    .insert(products)
    .values([
      {
        code: 'ROAD',
        name: 'Автоперевозка',
        serviceIds: [service!.id],
        maxDispatchPoints: 3,
        maxDeliveryPoints: 3,
      },
      { code: 'DIRECT', name: 'Прямая', maxDispatchPoints: 1, maxDeliveryPoints: 1 },
      { code: 'AIR', name: 'Авиа' },
    ])
    .returning();
  const [jobType, otherJobType] = await db
    .insert(jobTypes)
    .values([
      { code: 'TRUCK', name: 'Автоплечо', productIds: [product!.id, narrow!.id] },
      { code: 'FLIGHT', name: 'Авиаперелёт', productIds: [other!.id] },
    ])
    .returning();
  return {
    ru: await country('RU'),
    de: await country('DE'),
    mow: mow!.id,
    msq: msq!.id,
    serviceId: service!.id,
    productId: product!.id,
    narrowProductId: narrow!.id,
    jobTypeId: jobType!.id,
    otherJobTypeId: otherJobType!.id,
    async stageType(code, behaviours = [], sortOrder = 0) {
      const [row] = await db
        .insert(stageTypes)
        .values({ code: `${code}_${++seq}`, name: `Этап ${code}`, behaviours, sortOrder })
        .returning();
      return row!.id;
    },
    async counterparty(values = {}) {
      const [row] = await db
        .insert(counterparties)
        .values({
          name: `Контрагент ${++seq}`,
          client: true,
          contractor: true,
          countryId: await country('RU'),
          applicationRequired: false,
          ...values,
        })
        .returning();
      return row!.id;
    },
  };
}

/** A valid route: Moscow → Berlin. */
export function route(world: OperationsWorld, dates: { from?: string; to?: string } = {}) {
  return [
    { kind: 'dispatch', address: 'Москва, Тверская 1', countryId: world.ru, dateFrom: dates.from ?? null },
    {
      kind: 'delivery',
      address: 'Berlin, Unter den Linden 1',
      countryId: world.de,
      dateFrom: dates.to ?? null,
    },
  ];
}

export function caller(ctx: TestContext) {
  return (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, who: SignedIn, payload?: Body) =>
    ctx.app.inject({ method, url, headers: who.headers, payload });
}

export const errorsOf = (res: { json(): { errors: Parameters<typeof flattenTree>[0] } }) =>
  flattenTree(res.json().errors);

/** Creates an order through the API (201 expected). */
export async function createOrder(
  ctx: TestContext,
  world: OperationsWorld,
  who: SignedIn,
  clientId: number,
  body: Body = {},
): Promise<Entity> {
  const res = await caller(ctx)('POST', '/api/tms/orders', who, {
    clientId,
    productId: world.productId,
    route: route(world),
    cargo: { description: 'Станки' },
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

/** Creates a job of `orderIds` through the API (201 expected). */
export async function createJob(
  ctx: TestContext,
  world: OperationsWorld,
  who: SignedIn,
  orderIds: number[],
  body: Body = {},
): Promise<Entity> {
  const res = await caller(ctx)('POST', '/api/tms/jobs', who, {
    jobTypeId: world.jobTypeId,
    orderIds,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
