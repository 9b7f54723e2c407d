import {
  ACCESS_MESSAGES,
  CARGO_FIELD_ROLES,
  COUNTERPARTY_FIELD_ROLES,
  COUNTERPARTY_MESSAGES,
  counterpartyFieldRole,
  JOB_FIELD_ROLES,
  jobFieldRole,
  MESSAGES,
  OPERATION_MESSAGES,
  OPERATION_STATUSES,
  type OperationStatusKind,
  ORDER_FIELD_ROLES,
  operationFileSchema,
  operationFileUpdateSchema,
  orderFieldRole,
  type ResourceDescriptor,
  stageCloseSchema,
  stageCreateSchema,
  stageReopenSchema,
  stageSchema,
  statusChangeSchemaOf,
  USER_MESSAGES,
  userSchema,
  VALIDATION_FAILED,
} from '@tms/domain';
import { type Column, eq, getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { customsPoints } from '../../src/modules/customs/tables';
import { currencyRates } from '../../src/modules/finance/tables';
import { stages } from '../../src/modules/operations/tables';
import { priceCollections, pricingRegions } from '../../src/modules/pricing/tables';
import { countries, currencies } from '../../src/modules/reference-data/tables';
import { profileUpdateSchema } from '../../src/modules/users/schemas';
import { files } from '../../src/platform/files/tables';
import { users } from '../../src/platform/identity/tables';
import type { ResourceTable } from '../../src/platform/resources/engine';
import type { RegisteredResource } from '../../src/platform/resources/registry';
import { makeDocx } from '../../src/test/docx';
import { createTestApp, type TestContext } from '../../src/test/harness';
import {
  caller as callerOf,
  createJob,
  createOrder,
  type Entity,
  type OperationsWorld,
  operationsWorld,
} from '../../src/test/operations-world';
import { type SignedIn, signIn } from '../../src/test/users';

/**
 * Mass assignment: read-only fields sent in a write are never stored. For every resource
 * registered with the engine, each server-managed field (an entity member or table column the create body
 * does not take: id, version, dates, statuses, derived lists, search text, hashes ...) sent with a forged value
 * in a create or update is refused with the contract's 400 tree and changes nothing; the same for the stage,
 * status, archive, file and profile routes. Fields a user may write only with a field role are refused
 * without it. The resources are those the engine registers, so a resource added later is covered.
 */

type Body = Record<string, unknown>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Every resource of the app, by descriptor name: the descriptor and its table (after the app is built). */
const registrations = new Map<string, RegisteredResource>();

/** The answer to a member the body does not take. */
const EXTRA_FIELD = {
  code: 400,
  message: VALIDATION_FAILED,
  errors: { errors: [MESSAGES.extraField], children: {} },
};
const FIELD_EDIT_DENIED = { code: 403, message: COUNTERPARTY_MESSAGES.fieldEditDenied };
const validationFailed = (path: string, message: string) => ({
  code: 400,
  message: VALIDATION_FAILED,
  errors: { errors: [], children: { [path]: { errors: [message], children: {} } } },
});

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The values of an enum schema (through nullable/optional/array wrappers), else none. */
function enumValues(schema: unknown): unknown[] {
  let s = schema as { unwrap?: () => unknown; options?: unknown } | undefined;
  while (s && !Array.isArray(s.options) && typeof s.unwrap === 'function') s = s.unwrap() as typeof s;
  const options = Array.isArray(s?.options) ? s.options : [];
  return options.filter((o) => typeof o === 'string' || typeof o === 'number');
}

/** A value of the same kind as `current` that differs from it. */
function likeCurrent(current: unknown): unknown {
  if (typeof current === 'boolean') return !current;
  if (typeof current === 'number') return current + 987654;
  if (current instanceof Date) return '2000-01-01T00:00:00.000Z';
  if (typeof current === 'string') {
    if (/^\d{4}-\d{2}-\d{2}T/.test(current)) return '2000-01-01T00:00:00.000Z';
    if (/^\d{4}-\d{2}-\d{2}$/.test(current)) return '2000-01-01';
    return `${current} (forged)`;
  }
  if (Array.isArray(current)) return [...current, typeof current[0] === 'string' ? 'FORGED' : 987654];
  if (current && typeof current === 'object') return { ...current, forged: true };
  return undefined;
}

/** A value of a column's kind, for a column the entity does not answer. */
function ofColumnKind(column: Column | undefined): unknown {
  switch (column?.dataType) {
    case 'number':
    case 'bigint':
      return 987654;
    case 'boolean':
      return true;
    case 'date':
      return '2000-01-01T00:00:00.000Z';
    case 'array':
      return [987654];
    case 'json':
      return { forged: true };
    default:
      return 'Forged';
  }
}

/**
 * A value for a member that `schema` (when known) accepts and that differs from `current`: of the same kind
 * as the current value (or the column) when possible, so that it would be stored if the member were taken.
 */
function changedValue(schema: z.ZodType | undefined, current: unknown, column?: Column): unknown {
  const candidates = [
    ...enumValues(schema),
    likeCurrent(current),
    ...(schema ? [] : [ofColumnKind(column)]),
    true,
    987654,
    7,
    '2000-01-01T00:00:00.000Z',
    '2000-01-01',
    'Forged',
    [987654],
    ['Forged'],
    { forged: true },
  ].filter((c) => c !== undefined && !same(c, current));
  return candidates.find((c) => !schema || schema.safeParse(c).success) ?? candidates[0];
}

/** The members a write must refuse: every entity member and table column outside `accepted`. */
function serverManaged(entity: z.ZodObject, accepted: readonly string[], table?: PgTable): string[] {
  const members = new Set([
    ...Object.keys(entity.shape),
    ...(table ? Object.keys(getTableColumns(table)) : []),
  ]);
  return [...members].filter((key) => !accepted.includes(key)).sort();
}
const keysOf = (schema: z.ZodObject) => Object.keys(schema.shape);

/** A forged value of an entity member or table column `field`, different from `current`. */
function forged(entity: z.ZodObject, table: PgTable | undefined, field: string, current: unknown): unknown {
  const column = table ? (getTableColumns(table) as Record<string, Column>)[field] : undefined;
  return changedValue(entity.shape[field] as z.ZodType | undefined, current, column);
}

let seq = 0;
/** Three capital letters, different for each `n` below 17576. */
const letters = (n: number) =>
  [2, 1, 0].map((p) => String.fromCharCode(65 + (Math.floor(n / 26 ** p) % 26))).join('');

describe('mass assignment', () => {
  let ctx: TestContext;
  let world: OperationsWorld;
  let admin: SignedIn;
  let call: ReturnType<typeof callerOf>;
  let client: number;
  let contractor: number;
  let stageTypeId: number;
  /** Records created by the control requests, by descriptor name (the updates are tried on them). */
  const records = new Map<string, Entity>();

  const writable = () =>
    [...registrations.values()].filter(({ descriptor }) => !descriptor.readOnly).map((r) => r.descriptor);
  const api = (descriptor: ResourceDescriptor) => `/api${descriptor.path}`;
  const tableOf = (descriptor: ResourceDescriptor) => registrations.get(descriptor.name)!.table;

  async function row(table: PgTable, id: number): Promise<Body | undefined> {
    const idColumn = (table as ResourceTable).id;
    const [found] = await ctx.database.db.select().from(table).where(eq(idColumn, id));
    return found;
  }
  async function count(table: PgTable): Promise<number> {
    const [counted] = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(table);
    return counted!.n;
  }
  /** The record as the API answers it and as its table holds it. */
  async function snapshot(descriptor: ResourceDescriptor, id: number) {
    const read = await call('GET', `${api(descriptor)}/${id}`, admin);
    expect(read.statusCode, read.body).toBe(200);
    return { entity: read.json().data, row: await row(tableOf(descriptor), id) };
  }

  /** The id of a record at a reference path: the first listed, or a new one of the resource there. */
  async function referenceId(path: string): Promise<number> {
    const list = await call('GET', `/api${path}?itemsPerPage=1`, admin);
    const first = list.json().data?.collection?.[0] as Entity | undefined;
    if (first) return first.id;
    const target = [...registrations.values()].find((r) => r.descriptor.path === path);
    if (!target) throw new Error(`no resource at the reference path ${path}`);
    return (await created(target.descriptor)).id;
  }

  /**
   * Create bodies the generic derivation below cannot make (a required member the schema alone does not
   * describe well enough). Keyed by descriptor name.
   */
  const BODIES: Record<string, () => Promise<Body> | Body> = {
    // Codes no currency has yet (the seeded ISO ones included).
    currency: async () => {
      const taken = await ctx.database.db.select().from(currencies);
      const codes = Array.from({ length: 676 }, (_, i) => `Q${letters(i).slice(1)}`);
      const numbers = Array.from({ length: 1000 }, (_, i) => String(999 - i).padStart(3, '0'));
      return {
        code: codes.find((c) => !taken.some((t) => t.code === c)),
        numericCode: numbers.find((c) => !taken.some((t) => t.numericCode === c)),
        minorUnits: 2,
        name: `Валюта ${++seq}`,
      };
    },
    // A day of its own in a foreign currency (the base currency has no rate).
    currency_rate: async () => {
      const [usd] = await ctx.database.db.select().from(currencies).where(eq(currencies.code, 'USD'));
      const day = new Date(Date.UTC(2040, 0, 1 + ++seq)).toISOString().slice(0, 10);
      return { date: day, currencyId: usd!.id, rate: '91.25' };
    },
    holiday: () => {
      const day = new Date(Date.UTC(2040, 0, 1 + ++seq)).toISOString().slice(0, 10);
      return { date: day, name: `Выходной ${seq}` };
    },
    operation_custom_field_group: () => ({
      name: `Группа ${++seq}`,
      definitions: [{ code: 'truckNumber', description: 'Номер машины', type: 'text' }],
    }),
    user: () => ({
      username: `mass${++seq}`,
      contactName: `Пользователь ${seq}`,
      cleartextPassword: { first: 'Passw0rd!', second: 'Passw0rd!' },
    }),
    order: async () => ({
      clientId: client,
      productId: world.productId,
      route: [
        { kind: 'dispatch', address: 'Москва, Тверская 1', countryId: world.ru },
        { kind: 'delivery', address: 'Berlin, Unter den Linden 1', countryId: world.de },
      ],
      cargo: { description: 'Станки' },
    }),
    request: () => ({
      clientId: client,
      route: [
        { kind: 'dispatch', address: 'Москва, Тверская 1', countryId: world.ru },
        { kind: 'delivery', address: 'Berlin, Unter den Linden 1', countryId: world.de },
      ],
      cargo: { description: 'Станки' },
      transportTypes: ['auto'],
    }),
    hyper_request: () => ({
      name: `Тендер ${++seq}`,
      clientId: client,
      lots: [
        {
          name: 'Лот 1',
          route: [
            { kind: 'dispatch', address: 'Москва, Тверская 1', countryId: world.ru },
            { kind: 'delivery', address: 'Berlin, Unter den Linden 1', countryId: world.de },
          ],
          cargo: { description: 'Станки' },
          transportTypes: ['auto'],
        },
      ],
    }),
    job: async () => ({
      jobTypeId: world.jobTypeId,
      orderIds: [(await createOrder(ctx, world, admin, client)).id],
    }),
    user_defined_list: () => ({
      name: `Список ${++seq}`,
      fields: [{ code: 'name', description: 'Название', placeholderText: null, required: true }],
    }),
    counterparty: () => ({ name: `Контрагент ${++seq}`, client: true, countryId: world.de }),
    // A template takes the admin's own .docx upload.
    document_template: async () => {
      const boundary = '----mass-assignment-docx';
      const upload = await ctx.app.inject({
        method: 'POST',
        url: '/api/file-management/files/temporary',
        headers: { ...admin.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="t${++seq}.docx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
          ),
          makeDocx(['{number}']),
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
      return { name: `Шаблон ${seq}`, initiatorType: 'order', fileId: upload.json().data.id };
    },
    // Shipment templates: the same upload, for the first legal entity the admin lists.
    ...Object.fromEntries(
      ['transport_order_template', 'forwarding_receipt_template', 'customer_application_template'].map(
        (name) => [
          name,
          async () => {
            const boundary = '----mass-assignment-shipment-docx';
            const upload = await ctx.app.inject({
              method: 'POST',
              url: '/api/file-management/files/temporary',
              headers: { ...admin.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
              payload: Buffer.concat([
                Buffer.from(
                  `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="s${++seq}.docx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
                ),
                makeDocx(['{number}']),
                Buffer.from(`\r\n--${boundary}--\r\n`),
              ]),
            });
            const entities = await call('GET', '/api/settings/legal-entities', admin);
            return {
              name: `Шаблон ${seq}`,
              legalEntityId: entities.json().data.collection[0].id,
              fileId: upload.json().data.id,
            };
          },
        ],
      ),
    ),
    counterparty_bank_account: () => ({
      counterpartyId: client,
      bankName: 'Commerzbank',
      iban: 'DE89370400440532013000',
    }),
    // A bank without a BIK in a country without IBANs takes any plain account number.
    payment_form: async () => {
      const n = ++seq;
      const [us] = await ctx.database.db.select().from(countries).where(eq(countries.code, 'US'));
      const bank = await created(registrations.get('bank')!.descriptor, {
        name: `Bank ${n}`,
        countryId: us!.id,
      });
      return {
        name: `Форма ${n}`,
        legalEntityId: await referenceId('/settings/legal-entities'),
        bankId: bank.id,
        accountNumber: `ACC${n}0000`,
        currencyId: await referenceId('/settings/currencies'),
      };
    },
    // In the base currency (no rate needed), on a payment form of its company, linked to an order.
    bill: async () => {
      const form = await created(registrations.get('payment_form')!.descriptor, await BODIES.payment_form!());
      const [rub] = await ctx.database.db.select().from(currencies).where(eq(currencies.code, 'RUB'));
      return {
        number: `С-${++seq}`,
        direction: 'INCOME',
        counterpartyId: client,
        legalEntityId: form.legalEntityId,
        paymentFormId: form.id,
        currencyId: rub!.id,
        amount: '100.00',
        date: '2026-03-02',
        recognitionDate: '2026-03-02',
        orderIds: [(await createOrder(ctx, world, admin, client)).id],
      };
    },
    // Of a bill of its own, one service line for the bill's amount.
    printable_bill: async () => {
      const bill = await created(registrations.get('bill')!.descriptor, await BODIES.bill!());
      return {
        date: '2026-03-03',
        billIds: [bill.id],
        lines: [{ name: 'Перевозка', quantity: '1', unit: 'усл.', price: '100.00', vatRate: '20' }],
      };
    },
    budget: () => ({ name: `Бюджет ${++seq}`, year: 2026 }),
    budget_item: async () => ({
      budgetId: (await created(registrations.get('budget')!.descriptor, await BODIES.budget!())).id,
      code: `B${++seq}`,
      name: `Статья ${seq}`,
      direction: 'EXPENSE',
      kind: 'OVERHEAD',
    }),
    // On a rouble payment form (no rate needed), unlinked (the administrator may leave it so).
    payment: async () => {
      const [rub] = await ctx.database.db.select().from(currencies).where(eq(currencies.code, 'RUB'));
      const form = await created(registrations.get('payment_form')!.descriptor, {
        ...(await BODIES.payment_form!()),
        currencyId: rub!.id,
      });
      return {
        number: `П-${++seq}`,
        direction: 'INCOMING',
        date: '2026-03-02',
        paymentFormId: form.id,
        amount: '100.00',
      };
    },
    // Between two rouble payment forms (no rate needed).
    internal_transfer: async () => {
      const [rub] = await ctx.database.db.select().from(currencies).where(eq(currencies.code, 'RUB'));
      const form = async () =>
        created(registrations.get('payment_form')!.descriptor, {
          ...(await BODIES.payment_form!()),
          currencyId: rub!.id,
        });
      return {
        date: '2026-03-02',
        senderFormId: (await form()).id,
        recipientFormId: (await form()).id,
        amount: '100.00',
      };
    },
    // Between two companies of ours, in roubles.
    automatic_transfer_rule: async () => {
      const [rub] = await ctx.database.db.select().from(currencies).where(eq(currencies.code, 'RUB'));
      const companies = registrations.get('legal_entity')!.descriptor;
      const company = async () => (await created(companies, await bodyFor(companies))).id;
      return {
        name: `Правило ${++seq}`,
        senderLegalEntityId: await company(),
        recipientLegalEntityId: await company(),
        currencyId: rub!.id,
      };
    },
    // A client's card payment onto a rouble form (no rate needed), left unlinked (the administrator may).
    acquiring_operation: async () => {
      const [rub] = await ctx.database.db.select().from(currencies).where(eq(currencies.code, 'RUB'));
      const form = await created(registrations.get('payment_form')!.descriptor, {
        ...(await BODIES.payment_form!()),
        currencyId: rub!.id,
      });
      return {
        number: `Э-${++seq}`,
        date: '2026-03-02',
        acquirerId: client,
        paymentFormId: form.id,
        counterpartyId: client,
        grossAmount: '100.00',
        commissionAmount: '2.00',
      };
    },
    // A declaration belongs to an order and a customs point.
    customs_declaration: async () => {
      const [point] = await ctx.database.db
        .insert(customsPoints)
        .values({ code: `1070${String(++seq).padStart(4, '0')}`, name: `Пост ${seq}`, countryId: world.ru })
        .returning();
      return {
        orderId: (await createOrder(ctx, world, admin, client)).id,
        direction: 'IM',
        procedureCode: '40',
        customsPointId: point!.id,
      };
    },
    // Rules that assign to a user: the admin himself.
    forwarder_assignment_rule: () => ({ name: `Правило ${++seq}`, strategy: 'user', userId: admin.user.id }),
    customs_assignment_rule: () => ({ name: `Правило ${++seq}`, strategy: 'user', userId: admin.user.id }),
    // Two states and the move between them.
    workflow_description: () => {
      const n = ++seq;
      return {
        name: `Процесс ${n}`,
        initiatorType: 'order',
        initialState: `a${n}`,
        states: [
          { id: `a${n}`, name: 'Начало', nameEn: 'Start' },
          { id: `b${n}`, name: 'Конец', nameEn: 'End' },
        ],
        transitions: [{ id: `t${n}`, source: `a${n}`, target: `b${n}`, roles: ['ROLE_ADMIN'] }],
      };
    },
    // An open cover in roubles over years around the test's day.
    insurance_policy: async () => {
      const [rub] = await ctx.database.db.select().from(currencies).where(eq(currencies.code, 'RUB'));
      return {
        number: `ГД-${++seq}`,
        insurerId: contractor,
        currencyId: rub!.id,
        validFrom: '2020-01-01',
        validUntil: '2035-12-31',
        rate: '0.15',
        minRate: '0.05',
        maxRate: '0.7',
        minimumPremium: '1500.00',
      };
    },
    // A claim is made under an insured certificate only.
    insurance_claim: async () => ({
      certificateId: (await insuredCertificate()).id,
      lossDate: '2026-03-05',
      description: 'Повреждение груза',
    }),
    // An import of countries by their code.
    data_import_description: () => ({
      name: `Импорт ${++seq}`,
      target: 'resource',
      resource: 'country',
      mode: 'upsert',
      matchKey: 'code',
      columns: [
        { field: 'code', header: 'Код' },
        { field: 'name', header: 'Название' },
      ],
    }),
    // Roubles bought for US dollars on a day with the dollar's rate.
    currency_conversion: async () => {
      const [rub] = await ctx.database.db.select().from(currencies).where(eq(currencies.code, 'RUB'));
      const [usd] = await ctx.database.db.select().from(currencies).where(eq(currencies.code, 'USD'));
      await ctx.database.db
        .insert(currencyRates)
        .values({ date: '2026-03-02', currencyId: usd!.id, rate: '90.5' })
        .onConflictDoNothing();
      const form = async (currencyId: number) =>
        created(registrations.get('payment_form')!.descriptor, {
          ...(await BODIES.payment_form!()),
          currencyId,
        });
      return {
        date: '2026-03-02',
        soldFormId: (await form(usd!.id)).id,
        soldAmount: '100.00',
        boughtFormId: (await form(rub!.id)).id,
        boughtAmount: '9050.00',
      };
    },
  };

  /** A certificate of a new order with its dates and a declared value in roubles, moved to INSURED by the administrator. */
  async function insuredCertificate(): Promise<Entity> {
    const [rub] = await ctx.database.db.select().from(currencies).where(eq(currencies.code, 'RUB'));
    const policy = await created(registrations.get('insurance_policy')!.descriptor);
    const order = await createOrder(ctx, world, admin, client, {
      route: [
        { kind: 'dispatch', address: 'Москва, Тверская 1', countryId: world.ru, dateFrom: '2026-03-12' },
        {
          kind: 'delivery',
          address: 'Berlin, Unter den Linden 1',
          countryId: world.de,
          dateFrom: '2026-03-20',
        },
      ],
      cargo: { description: 'Станки', declaredValue: '100000.00', declaredValueCurrencyId: rub!.id },
    });
    const res = await call('POST', '/api/tms/cargo-insurance', admin, {
      orderId: order.id,
      policyId: policy.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    let certificate: Entity = res.json().data;
    for (const [move, body] of [
      ['ready', {}],
      ['accept', {}],
      ['issue', { number: `INS-${++seq}` }],
    ] as const) {
      const moved = await call('POST', `/api/tms/cargo-insurance/${certificate.id}/${move}`, admin, {
        version: certificate.version,
        ...body,
      });
      expect(moved.statusCode, moved.body).toBe(200);
      certificate = moved.json().data;
    }
    return certificate;
  }

  /** Records of resources without a create, made by their own route. Keyed by descriptor name. */
  const STARTERS: Record<string, () => Promise<unknown>> = {
    insurance_certificate: () => insuredCertificate(),

    workflow_instance: async () => {
      const description = await created(registrations.get('workflow_description')!.descriptor);
      const order = await createOrder(ctx, world, admin, client);
      const res = await call('POST', '/api/workflow-instances', admin, {
        descriptionId: description.id,
        initiatorType: 'order',
        initiatorId: order.id,
      });
      expect(res.statusCode, res.body).toBe(200);
    },
  };

  /** A create body from the schema: each required member by its kind, references to existing records. */
  async function derivedBody(descriptor: ResourceDescriptor): Promise<Body> {
    const body: Body = {};
    for (const [key, schema] of Object.entries(descriptor.create.shape as Record<string, z.ZodType>)) {
      if (schema.safeParse(undefined).success) continue;
      const field = descriptor.fields.find((f) => f.name === key);
      if (field?.reference) {
        const id = await referenceId(field.reference.path);
        body[key] = field.type === 'references' ? [id] : id;
        continue;
      }
      const n = ++seq;
      const day = new Date(Date.UTC(2040, 0, 1 + n)).toISOString().slice(0, 10);
      const candidates = [...enumValues(schema), `MA${n}`, `ma${n}`, `ma-${n}`, letters(n), 1, true, day, []];
      body[key] = candidates.find((c) => schema.safeParse(c).success);
    }
    return body;
  }

  const bodyFor = (descriptor: ResourceDescriptor) =>
    (BODIES[descriptor.name] ?? (() => derivedBody(descriptor)))();

  /** A new record of the resource by the admin (201 expected: the body is valid). */
  async function created(descriptor: ResourceDescriptor, body?: Body): Promise<Entity> {
    const res = await call('POST', api(descriptor), admin, body ?? (await bodyFor(descriptor)));
    if (res.statusCode !== 201) {
      throw new Error(
        `${descriptor.name}: the create body is refused (${res.statusCode} ${res.body}); give the resource a body builder in BODIES`,
      );
    }
    return res.json().data;
  }

  /** A record to update: the control's, a new one, or (resources without create) the first listed. */
  async function recordOf(descriptor: ResourceDescriptor): Promise<Entity | undefined> {
    if (descriptor.creatable === false) {
      await STARTERS[descriptor.name]?.();
      return (await call('GET', `${api(descriptor)}?itemsPerPage=1`, admin)).json().data.collection[0];
    }
    if (!records.has(descriptor.name)) records.set(descriptor.name, await created(descriptor));
    return records.get(descriptor.name);
  }

  beforeAll(async () => {
    ctx = await createTestApp();
    for (const resource of ctx.app.registries.resources.all())
      registrations.set(resource.descriptor.name, resource);
    call = callerOf(ctx);
    world = await operationsWorld(ctx);
    admin = await signIn(ctx, ['ROLE_ADMIN']);
    client = await world.counterparty({ name: 'Клиент Массовый' });
    contractor = await world.counterparty({ name: 'Подрядчик Массовый' });
    stageTypeId = await world.stageType('MASS');
    // Price collections are made by imports only: one stands in the table for the update checks.
    const [region] = await ctx.database.db
      .insert(pricingRegions)
      .values({ code: 'MASS', name: 'Массовый' })
      .returning();
    await ctx.database.db
      .insert(priceCollections)
      .values({ name: 'Массовая', regionId: region!.id, validFrom: '2026-01-01', volumetricFactor: 333 });
  });
  afterAll(() => ctx?.close());

  // Guards the guard: without the registrations every loop below would pass on nothing.
  it('knows the resources from the engine’s registry', () => {
    expect([...registrations.keys()]).toEqual(
      expect.arrayContaining(['order', 'job', 'counterparty', 'user']),
    );
  });

  it('a create with a server-managed field is refused (400) and creates nothing', async () => {
    const wrong: string[] = [];
    for (const descriptor of writable().filter((d) => d.creatable !== false)) {
      const body = await bodyFor(descriptor);
      // The control: the body as such is valid.
      try {
        records.set(descriptor.name, await created(descriptor, body));
      } catch (error) {
        wrong.push((error as Error).message);
        continue;
      }
      const table = tableOf(descriptor);
      const before = await count(table);
      for (const field of serverManaged(descriptor.entity, keysOf(descriptor.create), table)) {
        const value = forged(descriptor.entity, table, field, undefined);
        const res = await call('POST', api(descriptor), admin, { ...body, [field]: value });
        if (res.statusCode !== 400 || !same(res.json(), EXTRA_FIELD)) {
          wrong.push(
            `POST ${descriptor.path} ${field}=${JSON.stringify(value)} → ${res.statusCode} ${res.body}`,
          );
        }
      }
      if ((await count(table)) !== before) wrong.push(`POST ${descriptor.path} created a record`);
    }
    expect(wrong).toEqual([]);
  });

  it('an update (PUT, PATCH) with a server-managed field is refused (400) and changes nothing', async () => {
    const wrong: string[] = [];
    for (const descriptor of writable()) {
      const record = await recordOf(descriptor).catch((error: Error) => wrong.push(error.message));
      if (typeof record !== 'object') {
        wrong.push(`${descriptor.name}: no record to update`);
        continue;
      }
      const table = tableOf(descriptor);
      const before = await snapshot(descriptor, record.id);
      // `version` is the update's lock: a wrong one is a 409, tried by the resource suites.
      const fields = serverManaged(descriptor.entity, [...keysOf(descriptor.create), 'version'], table);
      for (const field of fields) {
        const value = forged(descriptor.entity, table, field, before.entity[field] ?? before.row?.[field]);
        for (const method of ['PUT', 'PATCH'] as const) {
          const url = `${api(descriptor)}/${record.id}`;
          const res = await call(method, url, admin, { version: before.entity.version, [field]: value });
          if (res.statusCode !== 400 || !same(res.json(), EXTRA_FIELD)) {
            wrong.push(
              `${method} ${descriptor.path} ${field}=${JSON.stringify(value)} → ${res.statusCode} ${res.body}`,
            );
          }
        }
      }
      expect(await snapshot(descriptor, record.id), descriptor.name).toEqual(before);
    }
    expect(wrong).toEqual([]);
  });

  it('a read-only view has no write route', () => {
    const views = [...registrations.values()].filter((r) => r.descriptor.readOnly).map((r) => r.descriptor);
    for (const descriptor of views) {
      // The view's path and its records (`/:id...`); a static segment under it is another part's (the
      // rate tables under the offers' view).
      const writes = ctx.app.routeTable.filter(
        (r) => r.method !== 'GET' && (r.url === api(descriptor) || r.url.startsWith(`${api(descriptor)}/:`)),
      );
      expect(writes, descriptor.name).toEqual([]);
    }
  });

  /**
   * Sends `body` plus each of `fields` (with a value from `forgery`) to `method url` as `who`; collects in
   * `wrong` every answer other than `expected`.
   */
  async function tryEach(
    wrong: string[],
    who: SignedIn,
    method: Method,
    url: string,
    body: Body,
    fields: readonly string[],
    forgery: (field: string) => unknown,
    expected: unknown = EXTRA_FIELD,
  ): Promise<void> {
    for (const field of fields) {
      const value = forgery(field);
      const res = await call(method, url, who, { ...body, [field]: value });
      if (!same(res.json(), expected)) {
        wrong.push(`${method} ${url} ${field}=${JSON.stringify(value)} → ${res.statusCode} ${res.body}`);
      }
    }
  }

  it('stage routes (create, update, close, reopen) refuse server-managed fields (400), change nothing', async () => {
    const wrong: string[] = [];
    const order = await createOrder(ctx, world, admin, client);
    const job = await createJob(ctx, world, admin, [order.id]);
    const forgedStage = (stage: Body | undefined) => (field: string) =>
      forged(stageSchema, stages, field, stage?.[field]);
    for (const [segment, operation] of [
      ['orders', order],
      ['jobs', job],
    ] as const) {
      const base = `/api/tms/${segment}/${operation.id}/stages`;
      const listed = async () => (await call('GET', base, admin)).json().data.collection;
      const createBody = { stageTypeId, comment: 'Этап' };
      const control = await call('POST', base, admin, createBody);
      expect(control.statusCode, control.body).toBe(201);
      let stage = control.json().data as Entity;
      const before = await listed();
      const createFields = serverManaged(stageSchema, keysOf(stageCreateSchema), stages);
      await tryEach(wrong, admin, 'POST', base, createBody, createFields, forgedStage(undefined));
      expect(await listed()).toEqual(before);
      // Each forged member is refused; then the same body without it passes (the control).
      for (const [method, action, accepted, body] of [
        ['PUT', '', [...keysOf(stageCreateSchema), 'version'], { comment: 'Изменён' }],
        ['POST', '/close', keysOf(stageCloseSchema), {}],
        ['POST', '/reopen', keysOf(stageReopenSchema), {}],
      ] as const) {
        const url = `${base}/${stage.id}${action}`;
        const saved = await row(stages, stage.id);
        const fields = serverManaged(stageSchema, accepted, stages);
        await tryEach(
          wrong,
          admin,
          method,
          url,
          { ...body, version: stage.version },
          fields,
          forgedStage(stage),
        );
        expect(await row(stages, stage.id), url).toEqual(saved);
        const ok = await call(method, url, admin, { ...body, version: stage.version });
        expect(ok.statusCode, `${url} ${ok.body}`).toBe(200);
        stage = ok.json().data;
      }
    }
    expect(wrong).toEqual([]);
  });

  it('status and archive routes refuse read-only fields (400) and change nothing', async () => {
    const wrong: string[] = [];
    const order = await createOrder(ctx, world, admin, client);
    const job = await createJob(ctx, world, admin, [order.id]);
    for (const [name, record] of [
      ['order', order],
      ['job', job],
    ] as const) {
      const descriptor = registrations.get(name)!.descriptor;
      const table = tableOf(descriptor);
      const before = await snapshot(descriptor, record.id);
      const readOnly = serverManaged(descriptor.entity, [...keysOf(descriptor.create), 'version'], table);
      const forgery = (field: string) =>
        forged(descriptor.entity, table, field, before.entity[field] ?? before.row?.[field]);
      const routes = ctx.app.routeTable.filter(
        (r) =>
          r.method !== 'GET' &&
          /^\/:id\/(statuses\/\w+|archive|unarchive)$/.test(r.url.slice(api(descriptor).length)),
      );
      expect(routes.map((r) => r.url)).toContain(`${api(descriptor)}/:id/statuses/financeControl`);
      for (const route of routes) {
        const url = route.url.replace(':id', String(record.id));
        const kind = /\/statuses\/(\w+)$/.exec(route.url)?.[1] as OperationStatusKind | undefined;
        // The status it has already: a valid change that changes nothing.
        const body: Body = kind
          ? { status: before.entity[OPERATION_STATUSES[kind].field], version: before.entity.version }
          : { version: before.entity.version };
        const accepted = kind ? keysOf(statusChangeSchemaOf(kind)) : ['version'];
        const fields = readOnly.filter((f) => !accepted.includes(f));
        await tryEach(wrong, admin, route.method as Method, url, body, fields, forgery);
        // Archiving would change the record; un-archiving a live one passes the same body unchanged.
        if (!route.url.endsWith('/archive')) {
          const control = await call(route.method as Method, url, admin, body);
          expect(control.statusCode, `${url} ${control.body}`).toBe(200);
        }
      }
      expect(await snapshot(descriptor, record.id), name).toEqual(before);
    }
    expect(wrong).toEqual([]);
  });

  it('file routes of orders and jobs refuse file metadata (400) and change nothing', async () => {
    const wrong: string[] = [];
    const order = await createOrder(ctx, world, admin, client);
    const job = await createJob(ctx, world, admin, [order.id]);
    for (const [segment, operation] of [
      ['orders', order],
      ['jobs', job],
    ] as const) {
      const [upload] = await ctx.database.db
        .insert(files)
        .values({
          storageKey: `mass-assignment/${segment}/${operation.id}`,
          description: 'акт.pdf',
          mimeType: 'application/pdf',
          size: 10,
          sha256: 'x',
          uploadedBy: admin.user.id,
        })
        .returning();
      const base = `/api/tms/${segment}/${operation.id}/files`;
      const forgery = (field: string) => forged(operationFileSchema, files, field, (upload as Body)[field]);
      const attach = { fileIds: [upload!.id], tagTypeIds: [] };
      const fields = serverManaged(operationFileSchema, keysOf(operationFileUpdateSchema), files);
      await tryEach(wrong, admin, 'POST', base, attach, fields, forgery);
      expect(await row(files, upload!.id)).toEqual(upload);
      const attached = await call('POST', base, admin, attach);
      expect(attached.statusCode, attached.body).toBe(201);
      const saved = await row(files, upload!.id);
      const url = `${base}/${upload!.id}`;
      await tryEach(wrong, admin, 'PUT', url, { tagTypeIds: [] }, fields, forgery);
      expect(await row(files, upload!.id)).toEqual(saved);
      const renamed = await call('PUT', url, admin, { tagTypeIds: [], description: 'акт-1.pdf' });
      expect(renamed.statusCode, renamed.body).toBe(200);
    }
    expect(wrong).toEqual([]);
  });

  it('the own profile and password change refuse account fields (400) and change nothing', async () => {
    const wrong: string[] = [];
    const self = await signIn(ctx, [], { serviceOfficeId: world.mow });
    const before = await row(users, self.user.id);
    const forgery = (field: string) => forged(userSchema, users, field, before![field]);
    const fields = serverManaged(userSchema, keysOf(profileUpdateSchema), users);
    await tryEach(wrong, self, 'PATCH', '/api/users/me', { darkTheme: true }, fields, forgery);
    const password = { cleartextPassword: { first: 'N3w-Passw0rd!', second: 'N3w-Passw0rd!' } };
    const passwordFields = serverManaged(userSchema, Object.keys(password), users);
    await tryEach(
      wrong,
      self,
      'POST',
      `/api/users/${self.user.id}/password`,
      password,
      passwordFields,
      forgery,
    );
    expect(await row(users, self.user.id)).toEqual(before);
    const control = await call('PATCH', '/api/users/me', self, { darkTheme: true });
    expect(control.statusCode, control.body).toBe(200);
    expect(wrong).toEqual([]);
  });

  describe('fields that need a role', () => {
    /** One refused write: the members sent, and whether a create with them is refused too. */
    interface FieldCase {
      label: string;
      members: Body;
      onCreate: boolean;
    }

    /**
     * `who` holds the edit role of the resource but not the field's role: each case's members sent in an
     * update of `record` (and, when `onCreate`, in a create from `createBody`) are refused with `expected`;
     * nothing is created or changed.
     */
    async function expectRefused(
      name: string,
      who: SignedIn,
      record: Entity,
      createBody: Body,
      cases: readonly FieldCase[],
      expected: unknown = FIELD_EDIT_DENIED,
    ): Promise<void> {
      const descriptor = registrations.get(name)!.descriptor;
      const table = tableOf(descriptor);
      const wrong: string[] = [];
      const before = await snapshot(descriptor, record.id);
      const total = await count(table);
      for (const { label, members, onCreate } of cases) {
        const update = await call('PUT', `${api(descriptor)}/${record.id}`, who, {
          version: before.entity.version,
          ...members,
        });
        if (!same(update.json(), expected)) wrong.push(`PUT ${label} → ${update.statusCode} ${update.body}`);
        if (!onCreate) continue;
        const create = await call('POST', api(descriptor), who, { ...createBody, ...members });
        if (!same(create.json(), expected)) wrong.push(`POST ${label} → ${create.statusCode} ${create.body}`);
      }
      expect(wrong).toEqual([]);
      expect(await count(table)).toBe(total);
      expect(await snapshot(descriptor, record.id)).toEqual(before);
    }

    /**
     * A case per field of a role table: a value the create schema takes, other than the record's (for
     * references, `references` names a real one).
     */
    function casesOf(
      name: string,
      fields: readonly string[],
      record: Entity,
      onCreate: (field: string) => boolean,
      references: Body = {},
    ): FieldCase[] {
      const shape = registrations.get(name)!.descriptor.create.shape as Record<string, z.ZodType>;
      return fields.map((field) => ({
        label: field,
        members: {
          [field]: field in references ? references[field] : changedValue(shape[field], record[field]),
        },
        onCreate: onCreate(field),
      }));
    }

    it('orders: damage, completion, a changed client and cargo flags (403 without the role)', async () => {
      // Seeing every client, so only the field roles refuse (a client out of sight is "not found").
      const editor = await signIn(ctx, [
        'ROLE_ORDER_VIEW_ALL',
        'ROLE_ORDER_EDIT_ALL',
        'ROLE_COUNTERPARTY_VIEW_ALL',
      ]);
      const createBody = await BODIES.order!();
      const record = await createOrder(ctx, world, editor, client);
      const cargo = createBody.cargo as Body;
      await expectRefused('order', editor, record, createBody, [
        ...casesOf('order', Object.keys(ORDER_FIELD_ROLES), record, (f) => Boolean(orderFieldRole(f, true)), {
          clientId: contractor,
        }),
        ...Object.keys(CARGO_FIELD_ROLES).map((flag) => ({
          label: `cargo.${flag}`,
          members: { cargo: { ...cargo, [flag]: !(record.cargo as Body)[flag] } },
          onCreate: true,
        })),
      ]);
    });

    it('jobs: damage, completion and a replaced contractor (403 without the role)', async () => {
      const editor = await signIn(ctx, [
        'ROLE_ORDER_VIEW_ALL',
        'ROLE_JOB_VIEW_ALL',
        'ROLE_JOB_EDIT_ALL',
        'ROLE_COUNTERPARTY_VIEW_ALL',
      ]);
      const order = await createOrder(ctx, world, admin, client);
      const createBody = { jobTypeId: world.jobTypeId, orderIds: [order.id] };
      // The control: the editor may create a job; its contractor, once chosen, is the guarded one.
      const own = await createJob(ctx, world, editor, [order.id], { contractorId: contractor });
      const record = await createJob(ctx, world, admin, [order.id], { contractorId: contractor });
      expect(own.contractorId).toBe(contractor);
      await expectRefused(
        'job',
        editor,
        record,
        createBody,
        casesOf('job', Object.keys(JOB_FIELD_ROLES), record, (f) => Boolean(jobFieldRole(f, null)), {
          contractorId: client,
        }),
      );
    });

    it('counterparties: every field of COUNTERPARTY_FIELD_ROLES (403 without the role)', async () => {
      const editor = await signIn(ctx, ['ROLE_COUNTERPARTY_VIEW_ALL', 'ROLE_COUNTERPARTY_EDIT_ALL']);
      const createBody = { name: 'Новый Контрагент', client: true, contractor: true, countryId: world.de };
      const res = await call('POST', '/api/counterparties', editor, createBody);
      expect(res.statusCode, res.body).toBe(201);
      const record = res.json().data as Entity;
      const cases = casesOf(
        'counterparty',
        Object.keys(COUNTERPARTY_FIELD_ROLES),
        record,
        (f) => Boolean(counterpartyFieldRole(f, true)),
        {
          statusId: await referenceId('/counterparty-statuses'),
          featureIds: [await referenceId('/counterparty-features')],
          managerIds: [admin.user.id],
          apiAllowedIps: ['10.0.0.1'],
        },
      );
      await expectRefused('counterparty', editor, record, createBody, cases);
    });

    it('users: only an administrator grants the administrator role (400) or changes an administrator (403)', async () => {
      const editor = await signIn(ctx, ['ROLE_USER_LIST', 'ROLE_USER_EDIT', 'ROLE_USER_CREATE']);
      const group = await created(registrations.get('access_group')!.descriptor, {
        name: 'Администраторы',
        roles: ['ROLE_ADMIN'],
      });
      const target = await signIn(ctx, []);
      const record = (await call('GET', `/api/settings/users/${target.user.id}`, admin)).json().data;
      await expectRefused(
        'user',
        editor,
        record,
        await BODIES.user!(),
        [{ label: 'roles', members: { roles: ['ROLE_ADMIN'] }, onCreate: true }],
        validationFailed('roles', ACCESS_MESSAGES.adminOnly),
      );
      await expectRefused(
        'user',
        editor,
        record,
        await BODIES.user!(),
        [{ label: 'accessGroupIds', members: { accessGroupIds: [group.id] }, onCreate: true }],
        validationFailed('accessGroupIds', ACCESS_MESSAGES.adminOnly),
      );
      // An administrator's account is not theirs to change at all (they do not hold all of his roles).
      const adminRecord = (await call('GET', `/api/settings/users/${admin.user.id}`, admin)).json().data;
      await expectRefused(
        'user',
        editor,
        adminRecord,
        {},
        [{ label: 'active', members: { active: false }, onCreate: false }],
        { code: 403, message: USER_MESSAGES.manageHeldOnly },
      );
    });

    it('access groups: the administrator role is an administrator’s to grant (400)', async () => {
      const editor = await signIn(ctx, [
        'ROLE_ACCESS_GROUP_LIST',
        'ROLE_ACCESS_GROUP_EDIT',
        'ROLE_ACCESS_GROUP_CREATE',
      ]);
      const createBody = { name: 'Логисты' };
      const res = await call('POST', '/api/settings/access-groups', editor, createBody);
      expect(res.statusCode, res.body).toBe(201);
      await expectRefused(
        'access_group',
        editor,
        res.json().data,
        { name: 'Логисты 2' },
        [{ label: 'roles', members: { roles: ['ROLE_ADMIN'] }, onCreate: true }],
        validationFailed('roles', ACCESS_MESSAGES.adminOnly),
      );
    });

    it('finance control: accepting needs ROLE_ORDER_FINANCE_CONTROL (400), the status stays', async () => {
      const editor = await signIn(ctx, ['ROLE_ORDER_VIEW_ALL', 'ROLE_ORDER_EDIT_ALL']);
      const order = await createOrder(ctx, world, admin, client);
      const url = `/api/tms/orders/${order.id}/statuses/financeControl`;
      // READY straight in the database: its own rule (complete bills) is the operations tests'.
      await ctx.database.db.execute(
        sql`UPDATE orders SET finance_control_status = 'READY' WHERE id = ${order.id}`,
      );
      const before = (await call('GET', `/api/tms/orders/${order.id}`, admin)).json().data;
      expect(before.financeControlStatus).toBe('READY');
      const accept = await call('PUT', url, editor, { status: 'ACCEPTED', version: before.version });
      expect(accept.json()).toEqual(validationFailed('status', OPERATION_MESSAGES.statusManual));
      expect((await call('GET', `/api/tms/orders/${order.id}`, admin)).json().data).toEqual(before);
    });
  });
});
