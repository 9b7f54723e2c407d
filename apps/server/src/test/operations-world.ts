import { flattenTree } from '@tms/domain';
import { eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Config } from '../config';
import { rowsOf } from '../db/connection';
import { counterparties } from '../modules/counterparties';
import { operationCustomFieldGroups } from '../modules/custom-fields';
import { today } from '../modules/operations/stages';
import { jobTypes, products, services, stageTypes } from '../modules/operations/tables';
import { countries } from '../modules/reference-data';
import type { Clock } from '../platform/clock';
import { serviceOffices } from '../platform/identity/tables';
import type { ScheduledJob } from '../platform/jobs/scheduler';
import type { ModuleDefinition } from '../platform/modules';
import { createTestApp, type TestContext } from './harness';
import { currencyId, insertBank, insertLegalEntity } from './reference-rows';
import { type SignedIn, signIn } from './users';

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
  /** A custom field group of orders and jobs; `definitions` hold what a test needs of each field. */
  customFieldGroup: (name: string, definitions: Body[]) => Promise<number>;
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
    async customFieldGroup(name, definitions) {
      const [row] = await db
        .insert(operationCustomFieldGroups)
        .values({ name, definitions: definitions as never })
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
export type Caller = ReturnType<typeof caller>;

/** The ids (number column) of a list's XLSX export as `who` gets it. */
export async function exportedIds(call: Caller, path: string, who: SignedIn, query = ''): Promise<number[]> {
  const res = await call('GET', `${path}/export?${query}&columns=number`, who);
  expect(res.statusCode).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const ids: number[] = [];
  book.worksheets[0]!.eachRow((row, index) => {
    if (index > 1) ids.push(Number(row.getCell(1).value));
  });
  return ids;
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

/** Viewing and editing every order and job, and seeing every client: the usual user of these tests. */
export const EDIT_ALL = [
  'ROLE_ORDER_VIEW_ALL',
  'ROLE_ORDER_EDIT_ALL',
  'ROLE_JOB_VIEW_ALL',
  'ROLE_JOB_EDIT_ALL',
  'ROLE_COUNTERPARTY_VIEW_ALL',
];

/** The server's date `days` after today (before it when negative). */
export function daysFromToday(days: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return today(d);
}

/** A test file's app with the shared reference data, and the calls its tests make. */
export interface Operations {
  readonly ctx: TestContext;
  /** The database of `ctx`. */
  readonly db: TestContext['database']['db'];
  readonly world: OperationsWorld;
  call: Caller;
  /** Creates an order through the API (201 expected). */
  createOrder(who: SignedIn, clientId: number, body?: Body): Promise<Entity>;
  /** Creates a job of `orderIds` through the API (201 expected). */
  createJob(who: SignedIn, orderIds: number[], body?: Body): Promise<Entity>;
  /** Adds a stage of a new stage type with `behaviours` to the operation at `path` (201 expected). */
  addStage(
    who: SignedIn,
    path: string,
    behaviours?: string[],
    body?: Body,
    sortOrder?: number,
  ): Promise<Entity>;
  /** Asks to close `stage` of the operation at `path`; answers the response, whatever it is. */
  closeStage(who: SignedIn, path: string, stage: Entity, actualDate?: string): ReturnType<Caller>;
  /** The rows of `table`. */
  count(table: PgTable): Promise<number>;
  /**
   * A bill of 100 RUB of `direction` for `counterpartyId` linked to those orders and jobs, entered through
   * the bills' API by an accountant: what finance control's "bills complete" reads.
   */
  bill(
    direction: 'INCOME' | 'EXPENSE',
    counterpartyId: number,
    links: { orderIds?: number[]; jobIds?: number[] },
  ): Promise<number>;
  /** Runs a scheduled job once, as an occurrence of the queue. */
  runJob(job: ScheduledJob): Promise<void>;
}

/**
 * Starts the app on a fresh database with the reference data before the file's tests and closes it after
 * them. Call it at the top of the file: its `beforeAll` then runs before the file's own.
 */
/** A test app with the operations world; `modules`: what the tests contribute (e.g. a credit probe). */
export function setUpOperations(
  modules: readonly ModuleDefinition[] = [],
  options: { config?: Partial<Config>; clock?: Clock } = {},
): Operations {
  let ctx: TestContext;
  let world: OperationsWorld;
  let form: Promise<{ company: number; form: number; rub: number; accountant: SignedIn }> | undefined;
  beforeAll(async () => {
    ctx = await createTestApp(options.config ?? {}, modules, options.clock);
    world = await operationsWorld(ctx);
  });
  afterAll(() => ctx?.close());
  const call: Caller = (...args) => caller(ctx)(...args);
  return {
    get ctx() {
      return ctx;
    },
    get db() {
      return ctx.database.db;
    },
    get world() {
      return world;
    },
    call,
    createOrder: (who, clientId, body) => createOrder(ctx, world, who, clientId, body),
    createJob: (who, orderIds, body) => createJob(ctx, world, who, orderIds, body),
    async addStage(who, path, behaviours = [], body = {}, sortOrder = 0) {
      const stageTypeId = await world.stageType(behaviours[0] ?? 'PLAIN', behaviours, sortOrder);
      const res = await call('POST', `${path}/stages`, who, { stageTypeId, ...body });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data;
    },
    closeStage: (who, path, stage, actualDate) =>
      call('POST', `${path}/stages/${stage.id}/close`, who, { version: stage.version, actualDate }),
    async count(table) {
      return (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
    },
    async bill(direction, counterpartyId, links) {
      form ??= (async () => {
        const company = await insertLegalEntity(ctx.database);
        const bank = await insertBank(ctx.database, 'RU');
        const rub = await currencyId(ctx.database, 'RUB');
        const [row] = await rowsOf<{ id: number }>(
          ctx.database.db,
          sql`INSERT INTO payment_forms (name, legal_entity_id, bank_id, account_number, currency_id)
            VALUES ('Безнал', ${company.id}, ${bank.id}, '40702810938000009999', ${rub}) RETURNING id`,
        );
        const accountant = await signIn(ctx, [
          'ROLE_COUNTERPARTY_VIEW_ALL',
          'ROLE_ORDER_VIEW_ALL',
          'ROLE_JOB_VIEW_ALL',
          'ROLE_BILL_CREATE',
          'ROLE_BILL_VIEW_ALL',
          'ROLE_COUNTERPARTY_CREDIT_LIMIT_EXCEED',
        ]);
        return { company: company.id, form: row!.id, rub, accountant };
      })();
      const { company, form: formId, rub, accountant } = await form;
      const res = await call('POST', '/api/finances/bills', accountant, {
        number: `С-${++seq}`,
        direction,
        counterpartyId,
        legalEntityId: company,
        paymentFormId: formId,
        currencyId: rub,
        amount: '100.00',
        date: today(),
        recognitionDate: today(),
        orderIds: links.orderIds ?? [],
        jobIds: links.jobIds ?? [],
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.id;
    },
    runJob: async (job) => {
      expect((await ctx.app.queue.runNow(job.name, null)).ran).toBe(true);
    },
  };
}
