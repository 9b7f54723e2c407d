import { completeCargo } from '@tms/domain';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/connection';
import { serviceOffices } from '../../platform/identity/tables';
import type { TestContext } from '../../test/harness';
import { countryId, currencyId, insertBank, insertLegalEntity, SBER } from '../../test/reference-rows';
import { counterparties } from '../counterparties';
import { currencyRates, paymentForms } from './tables';

let seq = 0;

/** What the bills' tests share: two companies with a payment form each, counterparties, an office, rates. */
export interface BillsWorld {
  rub: number;
  usd: number;
  office: number;
  company: number;
  otherCompany: number;
  form: number;
  otherForm: number;
  client: number;
  contractor: number;
  /** A new order of `client` (raw rows: finance reads orders only through the operations module). */
  order: (values?: { archived?: boolean; financeControlStatus?: string }) => Promise<number>;
  job: (orderId: number, values?: { tracking?: boolean; cost?: string }) => Promise<number>;
}

export async function billsWorld(ctx: TestContext): Promise<BillsWorld> {
  const { database } = ctx;
  const db = database.db;
  const ru = await countryId(database, 'RU');
  const rub = await currencyId(database, 'RUB');
  const usd = await currencyId(database, 'USD');
  const [office] = await db
    .insert(serviceOffices)
    .values({ name: 'Москва', code: `MOW${++seq}` })
    .returning();
  const company = await insertLegalEntity(database);
  const otherCompany = await insertLegalEntity(database);
  const bank = await insertBank(database, 'RU', SBER);
  const [form, otherForm] = await db
    .insert(paymentForms)
    .values([
      {
        name: `Безнал ${++seq}`,
        legalEntityId: company.id,
        bankId: bank.id,
        accountNumber: `4070281093800000${String(seq).padStart(4, '0')}`,
        currencyId: rub,
        serviceOfficeId: office!.id,
      },
      {
        name: `Безнал ${++seq}`,
        legalEntityId: otherCompany.id,
        bankId: bank.id,
        accountNumber: `4070281093800000${String(seq).padStart(4, '0')}`,
        currencyId: rub,
      },
    ])
    .returning();
  const [client, contractor] = await db
    .insert(counterparties)
    .values([
      { name: `Клиент ${++seq}`, client: true, contractor: false, countryId: ru, applicationRequired: false },
      {
        name: `Перевозчик ${++seq}`,
        client: false,
        contractor: true,
        countryId: ru,
        applicationRequired: false,
      },
    ])
    .returning();
  // A month of USD rates: 90 + day/100.
  await db.insert(currencyRates).values(
    Array.from({ length: 31 }, (_, i) => ({
      date: `2026-03-${String(i + 1).padStart(2, '0')}`,
      currencyId: usd,
      rate: (90 + (i + 1) / 100).toFixed(2),
    })),
  );
  const firstId = async (query: SQL) => (await rowsOf<{ id: number }>(db, query))[0]!.id;
  const productId = await firstId(
    sql`INSERT INTO products (code, name) VALUES (${`P${++seq}`}, 'Автоперевозка') RETURNING id`,
  );
  const jobTypeId = await firstId(
    sql`INSERT INTO job_types (code, name) VALUES (${`J${++seq}`}, 'Плечо') RETURNING id`,
  );
  return {
    rub,
    usd,
    office: office!.id,
    company: company.id,
    otherCompany: otherCompany.id,
    form: form!.id,
    otherForm: otherForm!.id,
    client: client!.id,
    contractor: contractor!.id,
    async order(values = {}) {
      return firstId(
        sql`INSERT INTO orders (client_id, client_name, product_id, product_name, cargo, service_office_id, archived, finance_control_status)
          VALUES (${client!.id}, ${client!.name}, ${productId}, 'Автоперевозка', ${JSON.stringify(completeCargo({}))}::jsonb, ${office!.id}, ${values.archived ?? false}, ${values.financeControlStatus ?? 'NOT_READY'}) RETURNING id`,
      );
    },
    async job(orderId, values = {}) {
      return firstId(
        sql`INSERT INTO jobs (job_type_id, contractor_id, contractor_name, order_ids, cost_amount, cost_currency_id, tracking, service_office_id)
          VALUES (${jobTypeId}, ${contractor!.id}, ${contractor!.name}, ARRAY[${orderId}]::integer[], ${values.cost ?? null}, ${values.cost ? usd : null}, ${values.tracking ?? false}, ${office!.id}) RETURNING id`,
      );
    },
  };
}
