import type { Role } from '@tms/domain';
import { type SQL, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import { rowsOf } from '../db/connection';
import { counterparties } from '../modules/counterparties';
import { currencyRates, paymentForms } from '../modules/finance';
import { serviceOffices } from '../platform/identity/tables';
import type { TestContext } from './harness';
import { countryId, currencyId, insertBank, insertLegalEntity, SBER } from './reference-rows';
import { type SignedIn, signIn } from './users';

type Body = Record<string, unknown>;

/** Enters bills and payments of every office, and reads them. */
const BOOKKEEPER: Role[] = [
  'ROLE_COUNTERPARTY_VIEW_ALL',
  'ROLE_ORDER_VIEW_ALL',
  'ROLE_JOB_VIEW_ALL',
  'ROLE_BILL_CREATE',
  'ROLE_OVERHEAD_BILL_CREATE',
  'ROLE_OVERHEAD_BILL_VIEW',
  'ROLE_BILL_VIEW_ALL',
  'ROLE_BILL_EDIT_ALL',
  'ROLE_RECOGNITION_DATE_CHANGE',
  'ROLE_PAYMENT_LIST_ALL',
  'ROLE_PAYMENT_CREATE',
  'ROLE_PAYMENT_UNLINKED',
  'ROLE_PAYMENT_LINKED',
];

let seq = 0;

/**
 * The books the reports' tests are computed by hand from: one company with a rouble and a dollar payment
 * form of office MOW, an office SPB, clients, a contractor, users to sell and forward, the dollar's rates of
 * January to April 2026 (90 + day/100 roubles), and helpers entering orders (straight in the table, with the
 * dates a test needs), bills and payments (through the API, so they post to the ledger as a user's do).
 */
export async function reportsWorld(ctx: TestContext) {
  const db = ctx.database.db;
  const rub = await currencyId(ctx.database, 'RUB');
  const usd = await currencyId(ctx.database, 'USD');
  const ru = await countryId(ctx.database, 'RU');
  const [mow, spb] = await db
    .insert(serviceOffices)
    .values([
      { name: 'Москва', code: `MOW${++seq}` },
      { name: 'Санкт-Петербург', code: `SPB${++seq}` },
    ])
    .returning();
  const company = await insertLegalEntity(ctx.database);
  const bank = await insertBank(ctx.database, 'RU', SBER);
  const form = async (currency: number, name: string) => {
    const [row] = await db
      .insert(paymentForms)
      .values({
        name: `${name} ${++seq}`,
        legalEntityId: company.id,
        bankId: bank.id,
        accountNumber: `4070281093800001${String(seq).padStart(4, '0')}`,
        currencyId: currency,
        serviceOfficeId: mow!.id,
      })
      .returning();
    return row!.id;
  };
  const rubForm = await form(rub, 'Рубли');
  const usdForm = await form(usd, 'Доллары');
  const counterparty = async (name: string, client = true) => {
    const [row] = await db
      .insert(counterparties)
      .values({ name, client, contractor: !client, countryId: ru, applicationRequired: false })
      .returning();
    return row!.id;
  };
  const days: string[] = [];
  for (
    let d = new Date('2026-01-01T00:00:00Z');
    d < new Date('2026-05-01T00:00:00Z');
    d.setUTCDate(d.getUTCDate() + 1)
  ) {
    days.push(d.toISOString().slice(0, 10));
  }
  await db
    .insert(currencyRates)
    .values(
      days.map((date) => ({ date, currencyId: usd, rate: (90 + Number(date.slice(8)) / 100).toFixed(2) })),
    );
  const firstId = async (query: SQL) => (await rowsOf<{ id: number }>(db, query))[0]!.id;
  const productId = await firstId(
    sql`INSERT INTO products (code, name) VALUES (${`P${++seq}`}, 'Автоперевозка') RETURNING id`,
  );
  const otherProductId = await firstId(
    sql`INSERT INTO products (code, name) VALUES (${`P${++seq}`}, 'Авиаперевозка') RETURNING id`,
  );
  const jobTypeId = await firstId(
    sql`INSERT INTO job_types (code, name) VALUES (${`J${++seq}`}, 'Плечо') RETURNING id`,
  );
  const bookkeeper = await signIn(ctx, BOOKKEEPER);
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: SignedIn, payload?: Body) =>
    ctx.app.inject({ method, url, headers: who.headers, payload });

  return {
    rub,
    usd,
    mow: mow!.id,
    spb: spb!.id,
    company: company.id,
    rubForm,
    usdForm,
    productId,
    otherProductId,
    counterparty,
    call,
    /** An order straight in the table: its client, office, people, product, terms and when it was made. */
    async order(values: {
      clientId: number;
      officeId?: number;
      sellerId?: number | null;
      forwarderId?: number | null;
      productId?: number;
      createdAt?: string;
      paymentTermsBasis?: string;
      paymentTermsDays?: number;
      dispatchDate?: string;
    }) {
      return firstId(
        sql`INSERT INTO orders (client_id, client_name, product_id, product_name, cargo, service_office_id, seller_id, forwarder_id,
            created_at, payment_terms_basis, payment_terms_days, dispatch_date)
          VALUES (${values.clientId}, (SELECT name FROM counterparties WHERE id = ${values.clientId}), ${values.productId ?? productId},
            'Продукт', '{}'::jsonb, ${values.officeId ?? mow!.id}, ${values.sellerId ?? null}, ${values.forwarderId ?? null},
            ${values.createdAt ?? '2026-03-01T09:00:00Z'}, ${values.paymentTermsBasis ?? null}, ${values.paymentTermsDays ?? null},
            ${values.dispatchDate ?? null})
          RETURNING id`,
      );
    },
    /** A job of an order, for its contractor's expense bills. */
    async job(orderId: number, contractorId: number) {
      return firstId(
        sql`INSERT INTO jobs (job_type_id, contractor_id, contractor_name, order_ids, service_office_id)
          VALUES (${jobTypeId}, ${contractorId}, 'Перевозчик', ARRAY[${orderId}]::integer[], ${mow!.id}) RETURNING id`,
      );
    },
    /** A bill entered by the bookkeeper: income in roubles on the rouble form unless said. */
    async bill(values: Body) {
      const res = await call('POST', '/api/finances/bills', bookkeeper, {
        number: `С-${++seq}`,
        direction: 'INCOME',
        legalEntityId: company.id,
        paymentFormId: values.currencyId === usd ? usdForm : rubForm,
        currencyId: rub,
        recognitionDate: values.date,
        ...values,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as Body & { id: number };
    },
    /** A payment entered by the bookkeeper: incoming on the form of its currency, linked as said. */
    async pay(values: Body & { links?: { billId: number; amount: string }[] }) {
      const res = await call('POST', '/api/finances/payments', bookkeeper, {
        number: `П-${++seq}`,
        direction: 'INCOMING',
        paymentFormId: values.currencyId === usd ? usdForm : rubForm,
        purpose: 'Оплата',
        links: [],
        ...Object.fromEntries(Object.entries(values).filter(([key]) => key !== 'currencyId')),
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as Body & { id: number };
    },
  };
}
export type ReportsWorld = Awaited<ReturnType<typeof reportsWorld>>;

/** The sheet of an export's workbook as rows of cell values (numbers as numbers, dates as YYYY-MM-DD). */
export async function sheetRows(bytes: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => {
    // Empty cells are holes of `values`: Array.from reads them as undefined.
    const values = Array.from((row.values as unknown[]).slice(1));
    rows.push(values.map((v) => (v instanceof Date ? v.toISOString().slice(0, 10) : (v ?? null))));
  });
  return rows;
}

/**
 * The first sheet of a workbook read by cell (a printed form's sheet): `cell('A1')` and `row(n)`, the first
 * `width` cells of row n (merged cells read their first cell's value; dates as YYYY-MM-DD, empty as null).
 */
export async function sheetCells(bytes: Buffer, width = 8) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const plain = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : (v ?? null));
  return {
    sheet,
    cell: (address: string) => plain(sheet.getCell(address).value),
    row: (n: number) => Array.from({ length: width }, (_, i) => plain(sheet.getRow(n).getCell(i + 1).value)),
  };
}
