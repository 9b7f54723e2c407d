import { billCreateSchema, billPostingLines } from '@tms/domain';
import type pg from 'pg';
import { bulkLoad, type CopyValue, copyRows } from '../lib/copy';
import { type Generator, nextId, pick, seededRandom } from './registry';

export const DAY = 86_400_000;
const YEARS = 3;
/** Rates start before the first generated request, which precedes the first order by up to a week. */
const RATES_BEFORE_DAYS = 30;
/** Bills per order of the history: one income bill per order, one expense bill for most jobs. */
const BILLS_PER_ORDER = 2;

const dayTexts = new Map<number, string>();
/** A day (days since the epoch) as YYYY-MM-DD, cached: millions of rows share a few thousand days. */
export function dayText(day: number): string {
  let text = dayTexts.get(day);
  if (text === undefined) {
    text = new Date(day * DAY).toISOString().slice(0, 10);
    dayTexts.set(day, text);
  }
  return text;
}

/** Foreign currencies with a daily rate, their rate at the start of the history in roubles. */
const RATED = [
  ['EUR', 88],
  ['USD', 76],
  ['CNY', 10.6],
] as const;

/** The generated daily rates: the same for every generator of a run, from the day the history starts. */
export interface Rates {
  base: string;
  ids: Map<string, number>;
  first: number;
  last: number;
  /** Per currency, the rate of each day from `first` in ten-thousandths of the base currency. */
  daily: Map<string, Int32Array>;
}

/** The rates of the run's days (a seeded walk of ±0.6 % a day), and the ids of the currencies. */
export async function currencyRates(client: pg.ClientBase, today: number): Promise<Rates> {
  const { rows: options } = await client.query<{ code: string }>(
    'SELECT system_currency_code AS code FROM system_options LIMIT 1',
  );
  const base = options[0]?.code ?? 'RUB';
  const codes = [base, ...RATED.map(([code]) => code)];
  const { rows } = await client.query<{ id: number; code: string }>(
    'SELECT id, code FROM currencies WHERE code = ANY($1)',
    [codes],
  );
  const ids = new Map(rows.map((r) => [r.code, r.id]));
  const missing = codes.filter((c) => !ids.has(c));
  if (missing.length) throw new Error(`currencies lacks ${missing.join(', ')}`);
  const first = today - YEARS * 365 - RATES_BEFORE_DAYS;
  const random = seededRandom(0x4a7e);
  const daily = new Map<string, Int32Array>();
  for (const [code, start] of RATED) {
    if (code === base) continue;
    const days = new Int32Array(today - first + 1);
    let rate = start;
    for (let d = 0; d < days.length; d++) {
      rate *= 1 + (random() - 0.5) * 0.012;
      days[d] = Math.round(rate * 10_000);
    }
    daily.set(code, days);
  }
  return { base, ids, first, last: today, daily };
}

/** `cents` of `currency` in base-currency cents at `day`'s rate, rounded half away from zero (as the server). */
export function baseAmount(rates: Rates, cents: number, currency: string, day: number): number {
  if (currency === rates.base) return cents;
  const rate = rates.daily.get(currency)![day - rates.first]!;
  return Math.sign(cents) * Math.round((Math.abs(cents) * rate) / 10_000);
}

const cents = (value: number) => (value / 100).toFixed(2);

/** Daily rates of EUR, USD and CNY for every day of the history (Bank of Russia's, as the import stores them). */
export const currencyRatesGenerator: Generator = {
  name: 'currency-rates',
  tables: ['currency_rates'],
  rows: () => (YEARS * 365 + RATES_BEFORE_DAYS + 1) * RATED.length,
  async run({ client }) {
    const rates = await currencyRates(client, Math.floor(Date.now() / DAY));
    const days = rates.last - rates.first + 1;
    const codes = [...rates.daily.keys()];
    await copyRows(
      client,
      'currency_rates',
      ['date', 'currency_id', 'nominal', 'rate', 'source'],
      days * codes.length,
      (i) => {
        const code = codes[i % codes.length]!;
        const day = Math.floor(i / codes.length);
        return [
          dayText(rates.first + day),
          rates.ids.get(code)!,
          1,
          (rates.daily.get(code)![day]! / 10_000).toFixed(4),
          'CBR',
        ];
      },
    );
  },
};

const BILL_COLUMNS = [
  'number',
  'direction',
  'counterparty_id',
  'counterparty_name',
  'legal_entity_id',
  'payment_form_id',
  'currency_id',
  'amount',
  'amount_in_base',
  'balance',
  'date',
  'payment_date',
  'recognition_date',
  'disbursement',
  'order_ids',
  'job_ids',
  'budget_item_id',
  'comment',
  'service_office_id',
  'created_by_id',
  'version',
  'created_at',
  'updated_at',
] as const;
const ENTRY_COLUMNS = [
  'transaction_id',
  'account',
  'currency_id',
  'amount',
  'base_amount',
  'counterparty_id',
  'legal_entity_id',
  'bill_id',
  'payment_form_id',
] as const;
const PAYMENT_COLUMNS = [
  'number',
  'direction',
  'date',
  'payment_form_id',
  'legal_entity_id',
  'currency_id',
  'amount',
  'counterparty_id',
  'counterparty_name',
  'purpose',
  'linked_amount',
  'unlinked_amount',
  'service_office_id',
  'created_by_id',
  'version',
  'created_at',
  'updated_at',
] as const;
const LEDGER_TABLES = ['bills', 'payments', 'payment_bills', 'ledger_transactions', 'ledger_entries'];
/** The items of each year's budget: what the plan-fact report plans and sets the bills' facts against. */
const BUDGET_ITEMS = [
  ['INCOME', 'DIRECT', 'Д-01', 'Доходы от перевозок и экспедирования'],
  ['EXPENSE', 'DIRECT', 'Р-01', 'Перевозка подрядчиками'],
  ['EXPENSE', 'DIRECT', 'Р-02', 'Таможенное оформление'],
] as const;
/**
 * One bill in this many is paid by an advance: its payment arrives unlinked and the accountant links it to
 * the bill a few weeks later (`LINK_AFTER_DAYS`); until then the bill is open and the payment an advance.
 */
const UNLINKED_EVERY = 5;
/** The days from such a payment to its link: a fixed 14..42 per bill. */
const LINK_AFTER_DAYS = [14, 42] as const;
/** One advance in this many is never linked: the overdue tail of receivables and payables. */
const NEVER_LINKED_EVERY = 50;

/** Our company the bench's bills are issued by, when the installation has none. */
const LEGAL_ENTITY = {
  name: 'Общество с ограниченной ответственностью «Бенч Логистик»',
  shortName: 'ООО «Бенч Логистик»',
  inn: '7707083893',
  kpp: '770701001',
  ogrn: '1027700132195',
};

interface Operation {
  id: number;
  party: number;
  office: number | null;
  user: number;
  day: number;
  delivery: number;
  cost: string | null;
  currency: string | null;
  orders: number[];
}

/**
 * Bills (size × 2) with the ledger's postings: an income bill to the client of each order and an expense
 * bill to the contractor of most jobs (its cost and currency when the job has one), dated at the dispatch
 * and recognised at the delivery (never after today), linked to their order or job and its orders. Each
 * bill posts one transaction of two entries (receivable/revenue or cost/payable, a customs job's bills as
 * disbursements), the base amount at the generated rate of the recognition date. Each bill has a payment of
 * its amount (size × 2 payments) a few days after its recognition (never after today), on its payment form:
 * four in five pay their bill (its balance is zero); the fifth arrives unlinked (an advance of the same
 * counterparty) and is linked to its bill 14-42 days later, as the accountant matches it. Those whose link
 * would fall after today, and one in fifty of them forever (the overdue tail), are still advances with their
 * bill open; a linked one is stored as relinking leaves it (reposted at the payment's date, its version 2).
 * Each posts cash against the receivable, payable or advances at the payment date's rate.
 * The ledger's triggers (balanced transactions, balances equal to entries,
 * open periods) would check millions of rows one by one at commit: they are off for the COPY and the same
 * invariants are checked once afterwards in SQL; the generation fails if any does not hold. Our legal
 * entity and its payment forms (one per currency) are added when the installation has none. One bill in a
 * thousand is checked against the create schema.
 */
export const billsGenerator: Generator = {
  name: 'bills',
  tables: [...LEDGER_TABLES, 'budgets', 'budget_items', 'budget_plans'],
  rows: (size) => size * BILLS_PER_ORDER,
  async run({ client, size, random }) {
    const count = this.rows(size);
    const today = Math.floor(Date.now() / DAY);
    const rates = await currencyRates(client, today);
    const codes = [rates.base, 'EUR', 'USD'];
    const codeOf = new Map([...rates.ids].map(([code, id]) => [id, code]));
    const legalEntity = await ensureLegalEntity(client);
    const paymentForms = await ensurePaymentForms(client, legalEntity, codes, rates.ids);
    const itemsOf = await ensureBudgets(client, legalEntity, dayText(rates.first), dayText(today));
    const { rows: parties } = await client.query<{ id: number; name: string }>(
      'SELECT id, name FROM counterparties',
    );
    const nameOf = new Map(parties.map((p) => [p.id, p.name]));
    const epochDay = '(extract(epoch FROM %s) / 86400)::int';
    const { rows: orders } = await client.query<Operation>(
      `SELECT id, client_id AS party, service_office_id AS office, forwarder_id AS user,
              ${epochDay.replace('%s', 'coalesce(dispatch_date, created_at::date)::timestamp')} AS day,
              ${epochDay.replace('%s', 'coalesce(delivery_date, dispatch_date, created_at::date)::timestamp')} AS delivery,
              NULL AS cost, NULL AS currency, ARRAY[id] AS orders
         FROM orders ORDER BY id`,
    );
    const { rows: jobs } = await client.query<Operation & { customs: boolean }>(
      `SELECT j.id, j.contractor_id AS party, j.service_office_id AS office, j.forwarder_id AS user,
              ${epochDay.replace('%s', 'coalesce(j.dispatch_date, j.created_at::date)::timestamp')} AS day,
              ${epochDay.replace('%s', 'coalesce(j.delivery_date, j.dispatch_date, j.created_at::date)::timestamp')} AS delivery,
              j.cost_amount AS cost, c.code AS currency, j.order_ids AS orders, t.code = 'CUSTOMS-CLEARANCE' AS customs
         FROM jobs j JOIN job_types t ON t.id = j.job_type_id LEFT JOIN currencies c ON c.id = j.cost_currency_id
        ORDER BY j.id`,
    );
    if (!orders.length || !jobs.length) throw new Error('bills need generated orders and jobs');

    const firstBill = await nextId(client, 'bills');
    const firstTransaction = await nextId(client, 'ledger_transactions');
    // Each bill is made once, when its row is copied, and its posting kept for the transactions and entries.
    const amountOf = new Float64Array(count);
    const baseOf = new Float64Array(count);
    const currencyOf = new Int32Array(count);
    const recognised = new Int32Array(count);
    const partyOf = new Int32Array(count);
    const expense = new Uint8Array(count);
    const disbursement = new Uint8Array(count);
    const formOf = new Int32Array(count);
    const paidOn = new Int32Array(count);
    const officeOf = new Int32Array(count);
    const userOf = new Int32Array(count);
    // The advances are linked to their bill `LINK_AFTER_DAYS` after the payment, unless that is after today
    // or the bill is of the overdue tail (both advances of one run of ten bills in fifty: an income bill and an
    // expense one); the link is the payment's as of its date, as relinking reposts it.
    const [linkMin, linkMax] = LINK_AFTER_DAYS;
    const advance = (b: number) => b % UNLINKED_EVERY === 0;
    const linkedOn = (b: number) => paidOn[b]! + linkMin + ((b * 7919) % (linkMax - linkMin + 1));
    const linked = (b: number) =>
      !advance(b) ||
      (Math.floor(b / (2 * UNLINKED_EVERY)) % NEVER_LINKED_EVERY !== 7 && linkedOn(b) <= today);
    const firstPayment = await nextId(client, 'payments');
    const halves = count / 2;

    await bulkLoad(client, LEDGER_TABLES, async () => {
      for (const table of LEDGER_TABLES) await client.query(`ALTER TABLE ${table} DISABLE TRIGGER USER`);
      try {
        await copyRows(client, 'bills', BILL_COLUMNS, count, (b) => {
          const isExpense = b % 2 === 1;
          const n = Math.floor(b / 2);
          const op = isExpense
            ? jobs[Math.floor((n * jobs.length) / halves)]!
            : orders[Math.floor((n * orders.length) / halves)]!;
          const day = Math.min(today, Math.max(rates.first, op.day));
          const recognition = Math.min(today, Math.max(day, op.delivery));
          const jobCurrency = isExpense ? op.currency : null;
          const code = jobCurrency ?? (random() < 0.4 ? rates.base : random() < 0.7 ? 'EUR' : 'USD');
          const amount =
            isExpense && op.cost !== null
              ? Math.round(Number(op.cost) * 100)
              : Math.round((code === rates.base ? 85 : 1) * (60_000 + random() * 540_000));
          const base = baseAmount(rates, amount, code, recognition);
          const customs = isExpense && (op as (typeof jobs)[number]).customs;
          const isDisbursement = customs && random() < 0.5;
          const items = itemsOf.get(dayText(recognition).slice(0, 4))!;
          amountOf[b] = amount;
          baseOf[b] = base;
          currencyOf[b] = rates.ids.get(code)!;
          recognised[b] = recognition;
          partyOf[b] = op.party;
          expense[b] = isExpense ? 1 : 0;
          disbursement[b] = isDisbursement ? 1 : 0;
          formOf[b] = paymentForms.get(code)!;
          paidOn[b] = Math.min(today, recognition + 3 + (b % 20));
          officeOf[b] = op.office ?? 0;
          userOf[b] = op.user ?? 0;
          const input = {
            number: isExpense
              ? `${1 + (n % 9000)}/${dayText(day).slice(2, 4)}`
              : `INV-${dayText(day).slice(0, 4)}-${n + 1}`,
            direction: isExpense ? 'EXPENSE' : 'INCOME',
            counterpartyId: op.party,
            legalEntityId: legalEntity,
            paymentFormId: paymentForms.get(code)!,
            currencyId: currencyOf[b]!,
            amount: cents(amount),
            date: dayText(day),
            paymentDate: dayText(day + pick(random, [5, 10, 14, 30, 45])),
            recognitionDate: dayText(recognition),
            disbursement: isDisbursement,
            orderIds: op.orders,
            jobIds: isExpense ? [op.id] : [],
          };
          if (b % 1000 === 0) {
            const parsed = billCreateSchema.safeParse(input);
            if (!parsed.success) {
              const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
              throw new Error(`generated bill is invalid: ${problems.join('; ')}`);
            }
          }
          return [
            input.number,
            input.direction,
            input.counterpartyId,
            nameOf.get(op.party)!,
            legalEntity,
            input.paymentFormId,
            input.currencyId,
            input.amount,
            cents(base),
            linked(b) ? '0.00' : input.amount,
            input.date,
            input.paymentDate,
            input.recognitionDate,
            isDisbursement,
            op.orders.map(String),
            input.jobIds.map(String),
            isExpense ? (customs ? items[2]! : items[1]!) : items[0]!,
            null,
            op.office,
            op.user,
            1,
            `${input.date}T12:00:00Z`,
            `${input.date}T12:00:00Z`,
          ] satisfies CopyValue[];
        });
        await copyRows(client, 'payments', PAYMENT_COLUMNS, count, (b) => {
          const amount = cents(amountOf[b]!);
          const day = dayText(paidOn[b]!);
          return [
            `${expense[b] ? 'PP' : 'IN'}-${b + 1}`,
            expense[b] ? 'OUTGOING' : 'INCOMING',
            day,
            formOf[b]!,
            legalEntity,
            currencyOf[b]!,
            amount,
            partyOf[b]!,
            nameOf.get(partyOf[b]!)!,
            linked(b) ? 'Оплата по счёту' : 'Аванс',
            linked(b) ? amount : '0.00',
            linked(b) ? '0.00' : amount,
            officeOf[b] || null,
            userOf[b] || null,
            // An advance linked later was changed once, on the day of its link.
            advance(b) && linked(b) ? 2 : 1,
            `${day}T12:00:00Z`,
            `${advance(b) && linked(b) ? dayText(linkedOn(b)) : day}T12:00:00Z`,
          ] satisfies CopyValue[];
        });
        const paying = Array.from({ length: count }, (_, b) => b).filter(linked);
        await copyRows(client, 'payment_bills', ['payment_id', 'bill_id', 'amount'], paying.length, (i) => {
          const b = paying[i]!;
          return [firstPayment + b, firstBill + b, cents(amountOf[b]!)];
        });
        await copyRows(
          client,
          'ledger_transactions',
          ['date', 'source_type', 'source_id', 'created_at'],
          count * 2,
          (t) => {
            const b = t % count;
            const day = dayText(t < count ? recognised[b]! : paidOn[b]!);
            return [
              day,
              t < count ? 'bill' : 'payment',
              (t < count ? firstBill : firstPayment) + b,
              `${day}T12:00:00Z`,
            ];
          },
        );
        await copyRows(client, 'ledger_entries', ENTRY_COLUMNS, count * 2, (e) => {
          const b = Math.floor(e / 2);
          const lines = billPostingLines({
            direction: expense[b] ? 'EXPENSE' : 'INCOME',
            disbursement: disbursement[b] === 1,
            amount: cents(amountOf[b]!),
          });
          const line = lines[e % 2]!;
          const sign = line.debit ? 1 : -1;
          return [
            firstTransaction + b,
            line.account,
            currencyOf[b]!,
            cents(sign * amountOf[b]!),
            cents(sign * baseOf[b]!),
            partyOf[b]!,
            legalEntity,
            firstBill + b,
            null,
          ];
        });
        // A payment's entries: cash on its form against the bill's receivable or payable, or the advances.
        await copyRows(client, 'ledger_entries', ENTRY_COLUMNS, count * 2, (e) => {
          const b = Math.floor(e / 2);
          const base = baseAmount(rates, amountOf[b]!, codeOf.get(currencyOf[b]!)!, paidOn[b]!);
          const cash = e % 2 === 0;
          // Incoming: cash is a debit; outgoing: a credit.
          const sign = (cash ? 1 : -1) * (expense[b] ? -1 : 1);
          const other = linked(b)
            ? expense[b]
              ? 'PAYABLE'
              : 'RECEIVABLE'
            : expense[b]
              ? 'ADVANCES_PAID'
              : 'ADVANCES_RECEIVED';
          return [
            firstTransaction + count + b,
            cash ? 'CASH' : other,
            currencyOf[b]!,
            cents(sign * amountOf[b]!),
            cents(sign * base),
            partyOf[b]!,
            legalEntity,
            cash || !linked(b) ? null : firstBill + b,
            cash ? formOf[b]! : null,
          ];
        });
      } finally {
        for (const table of LEDGER_TABLES) await client.query(`ALTER TABLE ${table} ENABLE TRIGGER USER`);
      }
    });
    await assertLedgerHolds(client, codeOf);
    await planBudgets(client);
  },
};

/**
 * A budget per year of the history for our company, with an income item and two expense items that every
 * generated bill recognised in that year carries (income, carriage, customs). Answers the item ids per year.
 */
async function ensureBudgets(
  client: pg.ClientBase,
  legalEntity: number,
  from: string,
  to: string,
): Promise<Map<string, number[]>> {
  const items = new Map<string, number[]>();
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) {
    const { rows } = await client.query<{ id: number }>(
      'INSERT INTO budgets (name, year, legal_entity_id) VALUES ($1, $2, $3) RETURNING id',
      [`Бюджет ${year}`, year, legalEntity],
    );
    const ids: number[] = [];
    for (const [direction, kind, code, name] of BUDGET_ITEMS) {
      const { rows: item } = await client.query<{ id: number }>(
        `INSERT INTO budget_items (budget_id, code, name, direction, kind) VALUES ($1, $2, $3, $4, $5)
         RETURNING id`,
        [rows[0]!.id, code, name, direction, kind],
      );
      ids.push(item[0]!.id);
    }
    items.set(String(year), ids);
  }
  return items;
}

/**
 * Each item's monthly plan: the month's bills on it in base, off by a fixed -10..+10 % per item and month
 * (deterministic), as a budget planned the year before would be.
 */
async function planBudgets(client: pg.ClientBase): Promise<void> {
  await client.query(
    `INSERT INTO budget_plans (budget_item_id, month, amount)
     SELECT budget_item_id, date_trunc('month', recognition_date)::date AS month,
       round(sum(amount_in_base) * (0.9 + ((budget_item_id * 7 + extract(month FROM min(recognition_date))::int * 13) % 21) / 100.0), 2)
     FROM bills WHERE budget_item_id IS NOT NULL
     GROUP BY budget_item_id, date_trunc('month', recognition_date)`,
  );
}

/**
 * The books closed as a forwarder closes them: every month before the previous one is locked, and its entries
 * summed into `ledger_month_totals`, `ledger_month_account_totals` (without the counterparty) and the orders' facts
 * `ledger_order_month_facts` as locking a
 * month does (`rollUpMonth`, docs/reports.md "Rollups of
 * closed months"), in one statement over the whole history; the current and the previous month stay open.
 */
export const closedMonthsGenerator: Generator = {
  name: 'closed-months',
  tables: [
    'ledger_locked_months',
    'ledger_month_totals',
    'ledger_month_account_totals',
    'ledger_order_month_facts',
  ],
  rows: () => YEARS * 12,
  async run({ client }) {
    await client.query(
      `INSERT INTO ledger_locked_months (month)
       SELECT DISTINCT date_trunc('month', date)::date FROM ledger_transactions
        WHERE date < date_trunc('month', current_date) - interval '1 month'`,
    );
    await client.query(
      `INSERT INTO ledger_month_totals (month, account, currency_id, legal_entity_id, counterparty_id,
         payment_form_id, debit, credit, base_debit, base_credit)
       SELECT date_trunc('month', t.date)::date, e.account, e.currency_id, e.legal_entity_id, e.counterparty_id,
         e.payment_form_id,
         coalesce(sum(e.amount) FILTER (WHERE s.side > 0), 0), coalesce(sum(e.amount) FILTER (WHERE s.side < 0), 0),
         coalesce(sum(e.base_amount) FILTER (WHERE s.side > 0), 0),
         coalesce(sum(e.base_amount) FILTER (WHERE s.side < 0), 0)
       FROM ledger_entries e
       JOIN ledger_transactions t ON t.id = e.transaction_id
       CROSS JOIN LATERAL (
         SELECT CASE WHEN t.reversal_of IS NULL THEN sign(e.amount) ELSE -sign(e.amount) END AS side
       ) s
       WHERE t.date < (SELECT max(month) + interval '1 month' FROM ledger_locked_months)
       GROUP BY 1, e.account, e.currency_id, e.legal_entity_id, e.counterparty_id, e.payment_form_id`,
    );
    // And without the counterparty, as locking writes both (the books read these when no client is asked).
    await client.query(
      `INSERT INTO ledger_month_account_totals (month, account, currency_id, legal_entity_id, payment_form_id,
         debit, credit, base_debit, base_credit)
       SELECT month, account, currency_id, legal_entity_id, payment_form_id, sum(debit), sum(credit),
         sum(base_debit), sum(base_credit)
       FROM ledger_month_totals
       GROUP BY month, account, currency_id, legal_entity_id, payment_form_id`,
    );
    // The order-level reports' facts of the locked months, as locking a month sums them (migration 0099).
    await client.query(
      `INSERT INTO ledger_order_month_facts (month, order_id, legal_entity_id, payment_form_id, currency_id,
         revenue, cost)
       SELECT l.month, f.order_id, f.legal_entity_id, f.payment_form_id, f.currency_id, f.revenue, f.cost
       FROM ledger_locked_months l CROSS JOIN LATERAL tms_ledger_order_month_facts_of(l.month, NULL, NULL) f`,
    );
  },
};

/** The invariants the ledger's triggers keep, over every row at once: fails the generation if any is broken. */
async function assertLedgerHolds(client: pg.ClientBase, codeOf: Map<number, string>): Promise<void> {
  const { rows } = await client.query<{
    unbalanced: number;
    empty: number;
    mismatched: number;
    currency: number | null;
  }>(
    `SELECT
       (SELECT count(*)::int FROM (SELECT 1 FROM ledger_entries GROUP BY transaction_id, currency_id
          HAVING sum(amount) <> 0 OR sum(base_amount) <> 0) u) AS unbalanced,
       (SELECT min(currency_id) FROM (SELECT currency_id FROM ledger_entries GROUP BY transaction_id, currency_id
          HAVING sum(amount) <> 0 OR sum(base_amount) <> 0) u) AS currency,
       (SELECT count(*)::int FROM ledger_transactions t
          WHERE NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.transaction_id = t.id)) AS empty,
       (SELECT count(*)::int FROM bills b LEFT JOIN (
          SELECT bill_id, sum(CASE WHEN account = 'RECEIVABLE' THEN amount ELSE -amount END) AS posted
            FROM ledger_entries WHERE account IN ('RECEIVABLE', 'PAYABLE') GROUP BY bill_id) e ON e.bill_id = b.id
          WHERE b.balance <> coalesce(e.posted, 0)) +
       (SELECT count(*)::int FROM bills b LEFT JOIN (
          SELECT bill_id, sum(amount) AS paid FROM payment_bills GROUP BY bill_id) l ON l.bill_id = b.id
          WHERE b.balance <> b.amount - coalesce(l.paid, 0)) AS mismatched`,
  );
  const { unbalanced, empty, mismatched, currency } = rows[0]!;
  if (unbalanced || empty || mismatched) {
    throw new Error(
      `generated ledger is inconsistent: ${unbalanced} transactions unbalanced (in ${codeOf.get(currency!) ?? '-'}), ` +
        `${empty} without entries, ${mismatched} bills whose balance differs from their entries or payments`,
    );
  }
}

async function ensureLegalEntity(client: pg.ClientBase): Promise<number> {
  const { rows } = await client.query<{ id: number }>('SELECT id FROM legal_entities ORDER BY id LIMIT 1');
  if (rows[0]) return rows[0].id;
  const { rows: created } = await client.query<{ id: number }>(
    `INSERT INTO legal_entities (name, short_name, inn, kpp, ogrn, country_id, address)
     VALUES ($1, $2, $3, $4, $5, (SELECT id FROM countries WHERE code = 'RU'), 'Москва, ул. Тверская, д. 1')
     RETURNING id`,
    [LEGAL_ENTITY.name, LEGAL_ENTITY.shortName, LEGAL_ENTITY.inn, LEGAL_ENTITY.kpp, LEGAL_ENTITY.ogrn],
  );
  return created[0]!.id;
}

/** The currency's digits in a Russian account number (its 6th to 8th). */
const ISO_NUMBERS: Record<string, string> = { RUB: '810', EUR: '978', USD: '840' };

/** A payment form of `legalEntity` per currency: its account at a bank of the dictionary. */
async function ensurePaymentForms(
  client: pg.ClientBase,
  legalEntity: number,
  codes: readonly string[],
  currencyIds: Map<string, number>,
): Promise<Map<string, number>> {
  const forms = new Map<string, number>();
  const { rows: banks } = await client.query<{ id: number }>('SELECT id FROM banks ORDER BY id LIMIT 1');
  if (!banks[0]) throw new Error('bills need a bank in the banks dictionary');
  for (const [i, code] of codes.entries()) {
    const currency = currencyIds.get(code)!;
    const { rows } = await client.query<{ id: number }>(
      'SELECT id FROM payment_forms WHERE legal_entity_id = $1 AND currency_id = $2 ORDER BY id LIMIT 1',
      [legalEntity, currency],
    );
    const id =
      rows[0]?.id ??
      (
        await client.query<{ id: number }>(
          `INSERT INTO payment_forms (name, legal_entity_id, bank_id, account_number, currency_id)
           VALUES ($1, $2, $3, $4, $5) RETURNING id`,
          [
            `Расчётный счёт ${code}`,
            legalEntity,
            banks[0].id,
            `40702${ISO_NUMBERS[code] ?? '000'}0000000000${i + 1}`,
            currency,
          ],
        )
      ).rows[0]!.id;
    forms.set(code, id);
  }
  return forms;
}
