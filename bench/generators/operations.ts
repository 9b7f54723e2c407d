import {
  type CargoInput,
  completeCargo,
  completeRoutePoint,
  jobCreateSchema,
  type OperationType,
  orderCreateSchema,
  type RoutePointInput,
  type RouteRules,
  routeIssues,
  routeSummary,
} from '@tms/domain';
import type pg from 'pg';
import { bulkLoad, type CopyValue, copyRows, copyStream } from '../lib/copy';
import { type Generator, nextId, pick, seededRandom } from './registry';
import { STREETS } from './words';

const DAY = 86_400_000;
const YEARS = 3;
/** Orders created longer ago than this are mostly archived (the archiver's work after closing). */
const ARCHIVE_AFTER_DAYS = 120;
/** Finance control has accepted most orders delivered longer ago than this. */
const SETTLED_AFTER_DAYS = 45;

/** The bench's client: the first counterparty, made the largest client so endpoints can name it by id. */
export const BENCH_CLIENT_ID = 1;

/** Services, products, stage and job types a forwarder configures (the bench's fresh database has none). */
const SERVICES = [
  ['FTL', 'Автоперевозка FTL', 'FTL road freight', 'auto'],
  ['LTL', 'Сборный груз LTL', 'LTL groupage', 'auto'],
  ['RAIL-CNT', 'Ж/д перевозка контейнера', 'Rail container freight', 'rail'],
  ['AIR', 'Авиаперевозка', 'Air freight', 'air'],
  ['SEA-FCL', 'Морская перевозка FCL', 'Sea freight FCL', 'sea'],
  ['CUSTOMS', 'Таможенное оформление', 'Customs clearance', 'none'],
  ['WAREHOUSE', 'Складское хранение', 'Warehousing', 'none'],
] as const;

type Country = 'RU' | 'BY' | 'CN' | 'PL' | 'DE' | 'LT' | 'NL';
const CITIES: Record<Country, readonly string[]> = {
  RU: ['Москва', 'Санкт-Петербург', 'Казань', 'Екатеринбург', 'Новосибирск', 'Самара'],
  BY: ['Минск', 'Брест', 'Гродно'],
  CN: ['Shanghai', 'Guangzhou', 'Shenzhen', 'Ningbo', 'Yiwu', 'Chengdu'],
  PL: ['Warszawa', 'Poznań', 'Łódź'],
  DE: ['Hamburg', 'Berlin', 'München', 'Duisburg'],
  LT: ['Vilnius', 'Kaunas'],
  NL: ['Rotterdam', 'Venlo'],
};
const FOREIGN_STREETS = ['Industrial Park Rd.', 'Logistics Ave.', 'Harbour St.', 'Cargo Terminal Rd.'];

interface Product {
  code: string;
  name: string;
  nameEn: string;
  services: readonly string[];
  maxDispatch: number;
  maxDelivery: number;
  transport: 'auto' | 'rail' | 'air' | 'sea' | 'none';
  from: readonly Country[];
  to: readonly Country[];
  /** Transit days: at least, plus up to. */
  transit: [number, number];
  /** Share of the orders. */
  share: number;
  /** The job that carries the cargo, and the jobs some orders add. */
  mainJob: string;
  extraJobs: readonly string[];
  /** Kilograms: at least, plus up to. */
  weight: [number, number];
  /** Stages in the order they happen; each operation takes 3-5 of them, always the first and DELIVERY. */
  stages: readonly string[];
  /** Its main legs are often consolidated: one job for two or three orders. */
  consolidated: boolean;
}

const LEG_STAGES = ['LOADING', 'BORDER', 'CUSTOMS-RELEASE', 'DELIVERY', 'DOCUMENTS-RETURNED'];
const WAREHOUSE_STAGES = [
  'WAREHOUSE-IN',
  'CUSTOMS-RELEASE',
  'WAREHOUSE-OUT',
  'DELIVERY',
  'DOCUMENTS-RETURNED',
];

const PRODUCTS: readonly Product[] = [
  {
    code: 'FTL-EU-RU',
    name: 'FTL Европа — Россия',
    nameEn: 'FTL Europe – Russia',
    services: ['FTL', 'CUSTOMS'],
    maxDispatch: 3,
    maxDelivery: 2,
    transport: 'auto',
    from: ['PL', 'DE', 'LT', 'NL'],
    to: ['RU'],
    transit: [5, 5],
    share: 0.34,
    mainJob: 'TRUCK-LEG',
    extraJobs: ['CUSTOMS-CLEARANCE', 'TRACKING'],
    weight: [5000, 17000],
    stages: LEG_STAGES,
    consolidated: false,
  },
  {
    code: 'LTL-CN-RU',
    name: 'LTL Китай — Россия',
    nameEn: 'LTL China – Russia',
    services: ['LTL', 'WAREHOUSE', 'CUSTOMS'],
    maxDispatch: 5,
    maxDelivery: 3,
    transport: 'auto',
    from: ['CN'],
    to: ['RU'],
    transit: [18, 12],
    share: 0.2,
    mainJob: 'TRUCK-LEG',
    extraJobs: ['STORAGE', 'CUSTOMS-CLEARANCE'],
    weight: [200, 4800],
    stages: ['LOADING', 'BORDER', 'WAREHOUSE-IN', 'WAREHOUSE-OUT', 'DELIVERY'],
    consolidated: true,
  },
  {
    code: 'RAIL-CN-BY',
    name: 'Ж/д контейнер Китай — Беларусь',
    nameEn: 'Rail container China – Belarus',
    services: ['RAIL-CNT', 'FTL', 'CUSTOMS'],
    maxDispatch: 1,
    maxDelivery: 2,
    transport: 'rail',
    from: ['CN'],
    to: ['BY', 'RU'],
    transit: [14, 9],
    share: 0.15,
    mainJob: 'RAIL-LEG',
    extraJobs: ['TRUCK-LEG', 'CUSTOMS-CLEARANCE'],
    weight: [10000, 16000],
    stages: LEG_STAGES,
    consolidated: false,
  },
  {
    code: 'AIR-SHA-MOW',
    name: 'Авиа Шанхай — Москва',
    nameEn: 'Air Shanghai – Moscow',
    services: ['AIR', 'CUSTOMS'],
    maxDispatch: 1,
    maxDelivery: 1,
    transport: 'air',
    from: ['CN'],
    to: ['RU'],
    transit: [1, 4],
    share: 0.1,
    mainJob: 'AIR-LEG',
    extraJobs: ['CUSTOMS-CLEARANCE'],
    weight: [50, 1950],
    stages: LEG_STAGES,
    consolidated: false,
  },
  {
    code: 'SEA-CN-RU',
    name: 'Море Китай — Санкт-Петербург',
    nameEn: 'Sea China – Saint Petersburg',
    services: ['SEA-FCL', 'CUSTOMS'],
    maxDispatch: 2,
    maxDelivery: 2,
    transport: 'sea',
    from: ['CN'],
    to: ['RU'],
    transit: [35, 15],
    share: 0.13,
    mainJob: 'SEA-LEG',
    extraJobs: ['CUSTOMS-CLEARANCE', 'TRUCK-LEG'],
    weight: [5000, 21000],
    stages: LEG_STAGES,
    consolidated: true,
  },
  {
    code: 'CUSTOMS-BQT',
    name: 'Таможенное оформление Брест',
    nameEn: 'Customs clearance Brest',
    services: ['CUSTOMS', 'WAREHOUSE'],
    maxDispatch: 1,
    maxDelivery: 1,
    transport: 'none',
    from: ['BY'],
    to: ['BY'],
    transit: [1, 3],
    share: 0.08,
    mainJob: 'CUSTOMS-CLEARANCE',
    extraJobs: ['STORAGE'],
    weight: [500, 19500],
    stages: WAREHOUSE_STAGES,
    consolidated: false,
  },
];

const STAGE_TYPES = [
  ['LOADING', 'Погрузка', 'Груз загружен', 'Погрузка', ['IGNORE_OP_START_DATE']],
  ['WAREHOUSE-IN', 'Приём на склад', 'Груз принят на склад', 'Склад: приём', ['WAREHOUSE_IN', 'WMS_AA']],
  ['BORDER', 'Пересечение границы', 'Груз пересёк границу', 'Граница', []],
  ['CUSTOMS-RELEASE', 'Выпуск таможней', 'Таможенный выпуск получен', 'Выпуск ДТ', ['CUSTOMS_OTHER']],
  ['WAREHOUSE-OUT', 'Выдача со склада', 'Груз выдан со склада', 'Склад: выдача', ['WAREHOUSE_OUT', 'WMS_AR']],
  [
    'DELIVERY',
    'Доставка получателю',
    'Груз доставлен',
    'Доставка',
    ['MARK_ORDER_READY', 'AUTO_SET_ORDER_COMPLETION_DATE'],
  ],
  [
    'DOCUMENTS-RETURNED',
    'Возврат документов',
    null,
    'Документы вернулись',
    ['EXPENSES_FILED', 'DOCUMENT_GENERATION'],
  ],
] as const;

/** Job types, their cost (currency, at least, plus up to) and the stages of such a job. */
const JOB_TYPES: Record<
  string,
  { name: string; nameEn: string; cost: [string, number, number] | null; stages: readonly string[] }
> = {
  'TRUCK-LEG': {
    name: 'Автомобильное плечо',
    nameEn: 'Truck leg',
    cost: ['EUR', 900, 2800],
    stages: LEG_STAGES,
  },
  'RAIL-LEG': {
    name: 'Железнодорожное плечо',
    nameEn: 'Rail leg',
    cost: ['USD', 3000, 4500],
    stages: LEG_STAGES,
  },
  'AIR-LEG': { name: 'Авиаплечо', nameEn: 'Air leg', cost: ['USD', 1500, 7500], stages: LEG_STAGES },
  'SEA-LEG': { name: 'Морское плечо', nameEn: 'Sea leg', cost: ['USD', 1400, 2600], stages: LEG_STAGES },
  'CUSTOMS-CLEARANCE': {
    name: 'Таможенное оформление',
    nameEn: 'Customs clearance',
    cost: ['RUB', 15_000, 45_000],
    stages: WAREHOUSE_STAGES,
  },
  STORAGE: {
    name: 'Хранение на складе',
    nameEn: 'Storage',
    cost: ['RUB', 3000, 27_000],
    stages: ['WAREHOUSE-IN', 'WAREHOUSE-OUT', 'DELIVERY', 'DOCUMENTS-RETURNED'],
  },
  TRACKING: {
    name: 'Отслеживание груза',
    nameEn: 'Cargo tracking',
    cost: null,
    stages: ['LOADING', 'BORDER', 'DELIVERY'],
  },
};

/** What is carried, with its TNVED code. */
const GOODS = [
  ['Бытовая химия на паллетах', '3402209000'],
  ['Насосное оборудование', '8413702100'],
  ['Серверное оборудование', '8471500000'],
  ['Комплектующие для мебели', '9403909000'],
  ['Текстиль в коробах', '6204620000'],
  ['Кондитерские изделия', '1806329000'],
  ['Запчасти для сельхозтехники', '8433900000'],
  ['Автозапчасти', '8708999709'],
  ['Смартфоны и аксессуары', '8517130000'],
  ['Обувь', '6403999800'],
  ['Игрушки', '9503007000'],
  ['Керамическая плитка', '6907210000'],
  ['Медицинское оборудование', '9018908409'],
  ['Косметика', '3304990000'],
  ['Подшипники', '8482100009'],
  ['Светодиодные светильники', '9405420039'],
  ['Кабельная продукция', '8544429009'],
  ['Упаковочные материалы', '3923210000'],
] as const;
const PACKAGING = ['паллеты', 'коробки', 'ящики', 'биг-бэги', 'рулоны'];
const FINANCE_REASONS = [
  ['Нет закрывающих документов', 'No closing documents'],
  ['Расходы превышают ставку', 'Expenses exceed the rate'],
] as const;
const INCOTERMS = ['EXW', 'FCA', 'CPT', 'DAP', 'DDP'];
const PAYMENT_BASES = ['DISPATCH', 'DELIVERY', 'DOCUMENTS', 'BILL'] as const;
const PAYMENT_DAYS = [5, 10, 14, 30, 45];

const ORDER_COLUMNS = [
  'client_id',
  'client_name',
  'product_id',
  'product_name',
  'service_id',
  'service_office_id',
  'forwarder_id',
  'seller_id',
  'curator_ids',
  'transport_type',
  'shipment_term_id',
  'payment_terms_basis',
  'payment_terms_days',
  'route',
  'dispatch_date',
  'delivery_date',
  'dispatch_country_id',
  'delivery_country_id',
  'cargo',
  'cargo_description',
  'finance_control_status',
  'finance_control_reason_id',
  'finance_control_changed_at',
  'cargo_insurance_status',
  'tnved_control_status',
  'marking_status',
  'in_warehouse',
  'expenses_filed',
  'contractor_ids',
  'job_forwarder_ids',
  'open_stage_dates',
  'stages_total',
  'stages_closed',
  'archived',
  'archived_at',
  'failure',
  'damaged',
  'completion_date',
  'created_by_id',
  'version',
  'created_at',
  'updated_at',
] as const;

const JOB_COLUMNS = [
  'job_type_id',
  'contractor_id',
  'contractor_name',
  'order_ids',
  'client_ids',
  'cost_amount',
  'cost_currency_id',
  'tracking',
  'route',
  'dispatch_date',
  'delivery_date',
  'service_office_id',
  'forwarder_id',
  'finance_control_status',
  'finance_control_changed_at',
  'archived',
  'archived_at',
  'completion_date',
  'created_by_id',
  'version',
  'created_at',
  'updated_at',
] as const;

const STAGE_COLUMNS = [
  'operation_type',
  'operation_id',
  'stage_type_id',
  'name',
  'pcc_name',
  'pcc_visible',
  'ops_name',
  'ops_visible',
  'behaviours',
  'sort_order',
  'expected_date',
  'actual_date',
  'closed',
  'closed_at',
  'closed_by_id',
  'version',
  'created_at',
  'updated_at',
] as const;

const FINANCE = ['NOT_READY', 'READY', 'ACCEPTED', 'REJECTED'] as const;
type Finance = (typeof FINANCE)[number];
/** Finance control by the days since delivery: cumulative shares of each status. */
const SETTLED_MIX: [number, Finance][] = [
  [0.92, 'ACCEPTED'],
  [0.94, 'READY'],
  [0.95, 'REJECTED'],
  [1, 'NOT_READY'],
];
const RECENT_MIX: [number, Finance][] = [
  [0.5, 'NOT_READY'],
  [0.85, 'READY'],
  [1, 'ACCEPTED'],
];

function financeStatus(daysSinceDelivery: number, r: number): Finance {
  if (daysSinceDelivery < 0) return 'NOT_READY';
  const mix = daysSinceDelivery > SETTLED_AFTER_DAYS ? SETTLED_MIX : RECENT_MIX;
  return mix.find(([share]) => r < share)![1];
}

interface Party {
  id: number;
  name: string;
}

interface StagePlan {
  code: string;
  expected: number;
  /** Day it closed, or null while open. */
  actual: number | null;
}

/** Ids by code of rows of `table`, inserting the missing `rows` first (columns named by `columns`). */
async function ensureCodes(
  client: pg.ClientBase,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly unknown[])[],
): Promise<Map<string, number>> {
  for (const row of rows) {
    const params = row.map((_, i) => `$${i + 1}`).join(', ');
    await client.query(
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${params}) ON CONFLICT (code) DO NOTHING`,
      row as unknown[],
    );
  }
  const { rows: ids } = await client.query<{ id: number; code: string }>(`SELECT id, code FROM ${table}`);
  return new Map(ids.map((r) => [r.code, r.id]));
}

/** The ids of `codes` in a reference table, all of which must exist. */
async function referenceIds(client: pg.ClientBase, table: string, codes: readonly string[]) {
  const { rows } = await client.query<{ id: number; code: string }>(
    `SELECT id, code FROM ${table} WHERE code = ANY($1)`,
    [codes],
  );
  const ids = new Map(rows.map((r) => [r.code, r.id]));
  const missing = codes.filter((c) => !ids.has(c));
  if (missing.length) throw new Error(`${table} lacks ${missing.join(', ')}`);
  return ids;
}

/** Dates as days since the epoch; their ISO text cached, since millions of rows share a few thousand days. */
const dayTexts = new Map<number, string>();
function dayText(day: number): string {
  let text = dayTexts.get(day);
  if (text === undefined) {
    text = new Date(day * DAY).toISOString().slice(0, 10);
    dayTexts.set(day, text);
  }
  return text;
}
const at = (day: number, hour: number) => `${dayText(day)}T${String(hour).padStart(2, '0')}:00:00Z`;

/** An independent, repeatable random source for one record, so its details can be made again later. */
const recordRandom = (salt: number, i: number) =>
  seededRandom((Math.imul(i + 1, 2_654_435_761) ^ salt) >>> 0);

/**
 * 3-5 stages of `sequence` (always its first and DELIVERY), expected between dispatch and delivery (the
 * returned documents two or three weeks later), closed within a day or two of the expected one once that
 * has passed; a few left open past their day (overdue), mostly recent ones, unless the operation is archived.
 */
function planStages(
  sequence: readonly string[],
  dispatch: number,
  delivery: number,
  archived: boolean,
  today: number,
  random: () => number,
): StagePlan[] {
  const wanted = Math.min(sequence.length, 3 + Math.floor(random() * 3));
  const codes = [...sequence];
  while (codes.length > wanted) {
    const droppable = codes
      .map((code, i) => [code, i] as const)
      .filter(([code, i]) => i > 0 && code !== 'DELIVERY');
    codes.splice(pick(random, droppable)[1], 1);
  }
  const legs = codes.filter((c) => c !== 'DOCUMENTS-RETURNED').length;
  return codes.map((code, i) => {
    const expected =
      code === 'DOCUMENTS-RETURNED'
        ? delivery + 7 + Math.floor(random() * 14)
        : dispatch + Math.round(((delivery - dispatch) * i) / Math.max(1, legs - 1));
    const actual = expected + Math.floor(random() * 4) - 1;
    // Left open past its day: a few of the recent ones, seldom an old one (what keeps an order from the archive).
    const forgotten = !archived && random() < (today - expected < 60 ? 0.06 : 0.01);
    const closed = actual <= today && !forgotten;
    return { code, expected, actual: closed ? actual : null };
  });
}

/**
 * Orders (`size` of them: a million at `--rows 1000000`) over three years with their jobs (about 1.3 per
 * order: a main leg, consolidated for two or three groupage or sea orders, and sometimes customs, storage
 * or tracking) and 3-5 stages each. Products, lanes, weights and transit times of an Eastern European
 * forwarder; clients and contractors among the generated counterparties, forwarders, sellers and curators
 * among the generated users (the forwarder's office serves the order). Statuses follow age: finance control
 * accepted most orders delivered more than 45 days ago, recent ones are not ready or awaiting verification;
 * orders older than four months are mostly archived. Services, products, stage and job types and finance
 * control reasons are added when the installation lacks them (the bench's fresh database does). A sample of
 * orders and jobs is checked against the create schemas and the route rules of `@tms/domain`. number and
 * search_text are generated columns; the secondary indexes are built after the COPY.
 */
export const operationsGenerator: Generator = {
  name: 'orders',
  tables: ['orders', 'jobs', 'job_orders', 'stages'],
  rows: (size) => size,
  async run({ client, size, random }) {
    const count = this.rows(size);
    const now = Date.now();
    const today = Math.floor(now / DAY);
    const start = today - YEARS * 365;
    const salt = size;

    const countries = await referenceIds(client, 'countries', Object.keys(CITIES));
    const currencies = await referenceIds(client, 'currencies', ['RUB', 'EUR', 'USD']);
    const terms = await referenceIds(client, 'shipment_terms', INCOTERMS);
    const termIds = [...terms.values()];
    const { rows: methods } = await client.query<{ id: number }>(
      'SELECT id FROM loading_unloading_methods ORDER BY id',
    );
    const serviceIds = await ensureCodes(
      client,
      'services',
      ['code', 'name', 'name_en', 'transport_type'],
      SERVICES,
    );
    const productIds = await ensureCodes(
      client,
      'products',
      ['code', 'name', 'name_en', 'service_ids', 'max_dispatch_points', 'max_delivery_points'],
      PRODUCTS.map((p) => [
        p.code,
        p.name,
        p.nameEn,
        p.services.map((s) => serviceIds.get(s)!),
        p.maxDispatch,
        p.maxDelivery,
      ]),
    );
    const stageTypeIds = await ensureCodes(
      client,
      'stage_types',
      ['code', 'name', 'pcc_name', 'pcc_visible', 'ops_name', 'behaviours', 'sort_order'],
      STAGE_TYPES.map(([code, name, pcc, ops, behaviours], i) => [
        code,
        name,
        pcc,
        pcc !== null,
        ops,
        behaviours,
        (i + 1) * 10,
      ]),
    );
    const jobTypeIds = await ensureCodes(
      client,
      'job_types',
      ['code', 'name', 'name_en', 'product_ids'],
      Object.entries(JOB_TYPES).map(([code, t]) => [
        code,
        t.name,
        t.nameEn,
        PRODUCTS.filter((p) => p.mainJob === code || p.extraJobs.includes(code)).map(
          (p) => productIds.get(p.code)!,
        ),
      ]),
    );
    const { rows: reasonCount } = await client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM finance_control_status_reasons',
    );
    if (reasonCount[0]!.n === 0) {
      for (const [name, nameEn] of FINANCE_REASONS)
        await client.query('INSERT INTO finance_control_status_reasons (name, name_en) VALUES ($1, $2)', [
          name,
          nameEn,
        ]);
    }
    const { rows: reasons } = await client.query<{ id: number }>(
      'SELECT id FROM finance_control_status_reasons ORDER BY id',
    );
    // Stage rows copy their type's presentation (stageFromType), as the server does when it adds one.
    const stageTexts = new Map<string, readonly CopyValue[]>(
      STAGE_TYPES.map(([code, name, pcc, ops, behaviours], i) => [
        code,
        [
          stageTypeIds.get(code)!,
          name,
          pcc ?? name,
          pcc !== null,
          ops,
          true,
          behaviours,
          (i + 1) * 10,
        ] as const,
      ]),
    );

    await client.query(
      'UPDATE counterparties SET client = true, black_list = false, black_list_reason = NULL WHERE id = $1',
      [BENCH_CLIENT_ID],
    );
    const { rows: parties } = await client.query<Party & { client: boolean; contractor: boolean }>(
      `SELECT id, name, client, contractor FROM counterparties
        WHERE merged_into_id IS NULL AND NOT black_list ORDER BY id`,
    );
    const clients = parties.filter((p) => p.client);
    const contractors = parties.filter((p) => p.contractor);
    const nameOf = new Map(parties.map((p) => [p.id, p.name]));
    if (!clients.length || !contractors.length)
      throw new Error('orders need client and contractor counterparties');
    // A few large clients and carriers do most of the business. Clients come over the history: the order
    // `i` of `count` is made for one of the first 30-100 % of them, so that every period has new clients
    // (whose first order ever falls in it: the new clients report).
    const someClient = (r: number, i: number) =>
      clients[Math.floor(r ** 1.5 * clients.length * (0.3 + (0.7 * i) / count))]!.id;
    const someContractor = (r: number) => contractors[Math.floor(r ** 2 * contractors.length)]!.id;
    const { rows: staff } = await client.query<{ id: number; office: number | null }>(
      'SELECT id, service_office_id AS office FROM users WHERE active ORDER BY id',
    );
    if (!staff.length) throw new Error('orders need generated users');

    // The plan of every order, in compact arrays: what its row, its jobs and its stages share.
    const product = new Uint8Array(count);
    const clientOf = new Int32Array(count);
    const forwarder = new Int32Array(count);
    const dispatchDay = new Int32Array(count);
    const deliveryDay = new Int32Array(count);
    const finance = new Uint8Array(count);
    const archived = new Uint8Array(count);
    const createdDay = (i: number) => start + Math.floor((i * (today - start)) / count);
    const shares = PRODUCTS.map((p) => p.share);
    for (let i = 0; i < count; i++) {
      let r = random();
      let p = 0;
      while (p < shares.length - 1 && r >= shares[p]!) r -= shares[p++]!;
      product[i] = p;
      clientOf[i] = i % 50 === 0 ? BENCH_CLIENT_ID : someClient(random(), i);
      forwarder[i] = pick(random, staff).id;
      const created = createdDay(i);
      const [min, extra] = PRODUCTS[p]!.transit;
      dispatchDay[i] = created + 1 + Math.floor(random() * 10);
      deliveryDay[i] = dispatchDay[i]! + min + Math.floor(random() * (extra + 1));
      finance[i] = FINANCE.indexOf(financeStatus(today - deliveryDay[i]!, random()));
      // The archiver takes closed orders; those finance has not accepted mostly wait for it.
      archived[i] =
        today - created > ARCHIVE_AFTER_DAYS && random() < (FINANCE[finance[i]!] === 'ACCEPTED' ? 0.97 : 0.15)
          ? 1
          : 0;
    }
    const officeOf = new Map(staff.map((u) => [u.id, u.office]));

    // Jobs, in the order of their first order: a main leg (shared by the next orders of the same product
    // for consolidations), sometimes an extra job.
    const jobType: number[] = [];
    const jobOrders: number[][] = [];
    const jobContractor: number[] = [];
    const jobsOf: number[][] = Array.from({ length: count }, () => []);
    const covered = new Uint8Array(count);
    for (let i = 0; i < count; i++) {
      const p = PRODUCTS[product[i]!]!;
      if (!covered[i]) {
        const linked = [i];
        if (p.consolidated && random() < 0.4) {
          const more = 1 + Math.floor(random() * 2);
          for (let k = i + 1; k < Math.min(count, i + 40) && linked.length <= more; k++) {
            if (product[k] === product[i] && !covered[k]) linked.push(k);
          }
        }
        for (const k of linked) {
          covered[k] = 1;
          jobsOf[k]!.push(jobType.length);
        }
        jobType.push(jobTypeIds.get(p.mainJob)!);
        jobOrders.push(linked);
        jobContractor.push(someContractor(random()));
      }
      if (random() < 0.3) {
        jobsOf[i]!.push(jobType.length);
        jobType.push(jobTypeIds.get(pick(random, p.extraJobs))!);
        jobOrders.push([i]);
        jobContractor.push(someContractor(random()));
      }
    }
    const jobCodeOf = new Map([...jobTypeIds].map(([code, id]) => [id, code]));

    const address = (country: Country, r: () => number) =>
      country === 'RU' || country === 'BY'
        ? `${pick(r, CITIES[country])}, ул. ${pick(r, STREETS)}, д. ${1 + Math.floor(r() * 150)}`
        : `${pick(r, CITIES[country])}, ${1 + Math.floor(r() * 400)} ${pick(r, FOREIGN_STREETS)}`;
    /** The route of order `i` (the same every time it is asked for). */
    const routeOf = (i: number): RoutePointInput[] => {
      const r = recordRandom(salt ^ 0x5eed, i);
      const p = PRODUCTS[product[i]!]!;
      const from = pick(r, p.from);
      const to = pick(r, p.to);
      const dispatches = Math.min(p.maxDispatch, r() < 0.15 ? 2 : 1);
      const points: RoutePointInput[] = [];
      for (let d = 0; d < dispatches; d++) {
        points.push({
          kind: 'dispatch',
          address: address(from, r),
          countryId: countries.get(from)!,
          dateFrom: dayText(dispatchDay[i]! + d),
          dateTo: dayText(dispatchDay[i]! + d + (r() < 0.3 ? 1 : 0)),
          contactName: r() < 0.5 ? 'Warehouse manager' : null,
          contactPhone: null,
          loadingMethodId: methods.length && r() < 0.6 ? pick(r, methods).id : null,
        });
      }
      points.push({
        kind: 'delivery',
        address: address(to, r),
        countryId: countries.get(to)!,
        dateFrom: dayText(deliveryDay[i]!),
        dateTo: r() < 0.3 ? dayText(deliveryDay[i]! + 1) : null,
        contactName: null,
        contactPhone: r() < 0.4 ? `+7 (495) ${String(1_000_000 + (i % 9_000_000)).slice(-7)}` : null,
        loadingMethodId: null,
      });
      return points;
    };
    /** The orders operation `n` of `type` covers: an order itself alone, a job its orders. */
    const ordersOf = (type: OperationType, n: number): readonly number[] =>
      type === 'order' ? [n] : jobOrders[n]!;
    /**
     * The stages of operation `n`: its product's or its type's sequence, between its first order's dispatch
     * and its last order's delivery, from a random source of its own.
     */
    const stagesOf = (type: OperationType, n: number) => {
      const linked = ordersOf(type, n);
      const [sequence, seed] =
        type === 'order'
          ? [PRODUCTS[product[n]!]!.stages, 0x57a9e]
          : [JOB_TYPES[jobCodeOf.get(jobType[n]!)!]!.stages, 0x10b5];
      return planStages(
        sequence,
        dispatchDay[linked[0]!]!,
        deliveryDay[linked.at(-1)!]!,
        archived[linked[0]!] === 1,
        today,
        recordRandom(salt ^ seed, n),
      );
    };
    const archivedDay = (i: number) => Math.min(today, deliveryDay[i]! + 30 + (i % 31));
    const lastClosed = (stages: StagePlan[]) =>
      stages.reduce((max, s) => (s.actual !== null && s.actual > max ? s.actual : max), -1);
    const dated = (day: number, hour: number) => at(Math.min(day, today - 1), hour);
    // What the stages' writes keep on the order: the expected days of its and its jobs' open stages.
    const openStageDates = (i: number) => {
      const open = [stagesOf('order', i), ...jobsOf[i]!.map((j) => stagesOf('job', j))]
        .flat()
        .filter((s) => s.actual === null)
        .map((s) => s.expected);
      return [...new Set(open)].sort((a, b) => a - b).map(dayText);
    };

    const firstOrder = await nextId(client, 'orders');
    const firstJob = await nextId(client, 'jobs');

    await bulkLoad(client, ['orders', 'jobs', 'job_orders', 'stages'], async () => {
      await copyRows(client, 'orders', ORDER_COLUMNS, count, (i) => {
        const r = recordRandom(salt ^ 0xc4a9, i);
        const p = PRODUCTS[product[i]!]!;
        const points = routeOf(i);
        const [goods, tnved] = pick(r, GOODS);
        const weight = p.weight[0] + Math.floor(r() * p.weight[1]);
        const declared = r() < 0.35;
        const cargoInput: CargoInput = {
          unitSystem: r() < 0.03 ? 'imperial' : 'metric',
          description: goods,
          weight: String(weight),
          grossWeight: String(weight + Math.floor(weight * 0.04)),
          volume: (weight / (150 + r() * 250)).toFixed(2),
          placeCount: 1 + Math.floor(weight / (300 + r() * 500)),
          packaging: pick(r, PACKAGING),
          stackable: r() < 0.6,
          liquid: r() < 0.03,
          tnvedCodes: r() < 0.45 ? [tnved] : [],
          declaredValue: declared ? (weight * (3 + r() * 40)).toFixed(2) : null,
          declaredValueCurrencyId: declared ? currencies.get(r() < 0.6 ? 'USD' : 'EUR')! : null,
          countryOfOriginId: points[0]!.countryId,
        };
        const stages = stagesOf('order', i);
        const closed = (code: string) => stages.some((s) => s.code === code && s.actual !== null);
        const delivered = stages.find((s) => s.code === 'DELIVERY' && s.actual !== null);
        const age = today - deliveryDay[i]!;
        const status = FINANCE[finance[i]!]!;
        const isArchived = archived[i] === 1;
        const seller = r() < 0.6 ? pick(r, staff).id : null;
        const curators = [forwarder[i]!, ...(r() < 0.3 ? [pick(r, staff).id] : [])];
        const paymentTerms = r() < 0.5;
        const input = {
          clientId: clientOf[i]!,
          productId: productIds.get(p.code)!,
          serviceId: serviceIds.get(pick(r, p.services))!,
          serviceOfficeId: officeOf.get(forwarder[i]!) ?? null,
          forwarderId: forwarder[i]!,
          sellerId: seller,
          curatorIds: [...new Set(curators)],
          transportType: p.transport,
          shipmentTermId: pick(r, termIds),
          paymentTermsBasis: paymentTerms ? pick(r, PAYMENT_BASES) : null,
          paymentTermsDays: paymentTerms ? pick(r, PAYMENT_DAYS) : null,
          route: points,
          cargo: cargoInput,
          failure: r() < 0.01,
          damaged: r() < 0.005,
          completionDate: delivered ? dayText(delivered.actual!) : null,
        };
        if (i % 1000 === 0) {
          assertValid('order', orderCreateSchema, input, {
            requireDispatchAndDelivery: true,
            maxDispatchPoints: p.maxDispatch,
            maxDeliveryPoints: p.maxDelivery,
          });
        }
        const cargo = completeCargo(cargoInput);
        const summary = routeSummary(points);
        const insured = declared && r() < 0.7;
        const changedDay = status === 'NOT_READY' ? null : Math.max(deliveryDay[i]!, today - age / 2);
        const archivedAt = isArchived ? at(archivedDay(i), 3) : null;
        const last = Math.max(lastClosed(stages), changedDay ?? -1, isArchived ? archivedDay(i) : -1);
        const created = createdDay(i);
        return [
          input.clientId,
          nameOf.get(input.clientId)!,
          input.productId,
          p.name,
          input.serviceId,
          input.serviceOfficeId,
          input.forwarderId,
          input.sellerId,
          input.curatorIds.map(String),
          input.transportType,
          input.shipmentTermId,
          input.paymentTermsBasis,
          input.paymentTermsDays,
          JSON.stringify(points.map(completeRoutePoint)),
          summary.dispatchDate,
          summary.deliveryDate,
          summary.dispatchCountryId,
          summary.deliveryCountryId,
          cargo,
          cargo.description,
          status,
          status === 'REJECTED' && reasons.length ? pick(r, reasons).id : null,
          changedDay === null ? null : dated(Math.round(changedDay), 15),
          insured ? (age > 0 ? 'INSURED' : 'READY') : r() < 0.02 ? 'CANCELLED' : 'NOT_READY',
          cargo.tnvedCodes.length && age > 0 ? (r() < 0.8 ? 'VERIFIED' : 'READY') : 'NOT_READY',
          r() < 0.04 ? (age > 0 ? 'marked' : 'required') : 'not_required',
          closed('WAREHOUSE-IN') &&
            stages.some((s) => s.code === 'WAREHOUSE-OUT') &&
            !closed('WAREHOUSE-OUT'),
          closed('DOCUMENTS-RETURNED'),
          [...new Set(jobsOf[i]!.map((j) => String(jobContractor[j])))],
          [...new Set(jobsOf[i]!.map((j) => String(forwarder[jobOrders[j]![0]!])))],
          openStageDates(i),
          stages.length,
          stages.filter((s) => s.actual !== null).length,
          isArchived,
          archivedAt,
          input.failure,
          input.damaged,
          input.completionDate,
          input.forwarderId,
          1 +
            stages.filter((s) => s.actual !== null).length +
            (status === 'NOT_READY' ? 0 : 1) +
            archived[i]!,
          at(created, 9),
          last > created ? dated(last, 16) : at(created, 9),
        ];
      });

      await copyRows(client, 'jobs', JOB_COLUMNS, jobType.length, (j) => {
        const r = recordRandom(salt ^ 0x70b, j);
        const linked = jobOrders[j]!;
        const first = linked[0]!;
        const code = jobCodeOf.get(jobType[j]!)!;
        const type = JOB_TYPES[code]!;
        const orderRoute = routeOf(first);
        const lastRoute = linked.length > 1 ? routeOf(linked.at(-1)!) : orderRoute;
        // Legs carry the cargo from the first order's dispatch; customs and storage happen at delivery.
        const route =
          type.stages === LEG_STAGES || code === 'TRACKING'
            ? [orderRoute[0]!, lastRoute.at(-1)!]
            : [lastRoute.at(-1)!];
        const cost = type.cost ? (type.cost[1] + Math.floor(r() * type.cost[2])).toFixed(2) : null;
        const input = {
          jobTypeId: jobType[j]!,
          contractorId: jobContractor[j]!,
          orderIds: linked.map((k) => firstOrder + k),
          route,
          costAmount: cost,
          costCurrencyId: type.cost ? currencies.get(type.cost[0])! : null,
          tracking: code === 'TRACKING',
          serviceOfficeId: officeOf.get(forwarder[first]!) ?? null,
          forwarderId: forwarder[first]!,
        };
        if (j % 1000 === 0) assertValid('job', jobCreateSchema, input, { requireDispatchAndDelivery: false });
        const stages = stagesOf('job', j);
        const summary = routeSummary(route);
        const status = FINANCE[finance[first]!] === 'REJECTED' ? 'NOT_READY' : FINANCE[finance[first]!]!;
        const isArchived = archived[first] === 1;
        const delivered = stages.find((s) => s.code === 'DELIVERY' && s.actual !== null);
        const created = createdDay(linked.at(-1)!) + Math.floor(r() * 2);
        const last = Math.max(lastClosed(stages), isArchived ? archivedDay(first) : -1);
        return [
          input.jobTypeId,
          input.contractorId,
          nameOf.get(input.contractorId)!,
          input.orderIds.map(String),
          [...new Set(linked.map((k) => clientOf[k]!))].sort((a, b) => a - b).map(String),
          input.costAmount,
          input.costCurrencyId,
          input.tracking,
          JSON.stringify(route.map(completeRoutePoint)),
          summary.dispatchDate,
          summary.deliveryDate,
          input.serviceOfficeId,
          input.forwarderId,
          status,
          status === 'NOT_READY' ? null : dated(deliveryDay[first]! + 10, 15),
          isArchived,
          isArchived ? at(archivedDay(first), 3) : null,
          delivered ? dayText(delivered.actual!) : null,
          input.forwarderId,
          1 + stages.filter((s) => s.actual !== null).length + archived[first]!,
          at(Math.min(created, today), 10),
          last > created ? dated(last, 17) : at(Math.min(created, today), 10),
        ];
      });

      let links = 0;
      for (const linked of jobOrders) links += linked.length;
      let job = 0;
      let nth = 0;
      await copyRows(client, 'job_orders', ['job_id', 'order_id'], links, () => {
        if (nth === jobOrders[job]!.length) {
          job++;
          nth = 0;
        }
        return [firstJob + job, firstOrder + jobOrders[job]![nth++]!];
      });

      // Each operation's 3-5 stages are made together, in the order of the operations: orders, then jobs.
      function* stageRows(
        type: OperationType,
        first: number,
        operations: number,
      ): IterableIterator<CopyValue[]> {
        for (let n = 0; n < operations; n++) {
          const linked = ordersOf(type, n);
          const created = at(Math.min(today, createdDay(linked.at(-1)!)), 9);
          const closer = forwarder[linked[0]!]!;
          for (const s of stagesOf(type, n)) {
            const closedAt = s.actual === null ? null : dated(s.actual, 12);
            yield [
              type,
              first + n,
              ...stageTexts.get(s.code)!,
              dayText(s.expected),
              s.actual === null ? null : dayText(s.actual),
              s.actual !== null,
              closedAt,
              s.actual === null ? null : closer,
              s.actual === null ? 1 : 2,
              created,
              closedAt ?? created,
            ];
          }
        }
      }
      await copyStream(client, 'stages', STAGE_COLUMNS, stageRows('order', firstOrder, count));
      await copyStream(client, 'stages', STAGE_COLUMNS, stageRows('job', firstJob, jobType.length));
    });
  },
};

/**
 * A record as the form would send it: the create schema of its type and the route rules (for an order, its
 * product's).
 */
function assertValid(
  type: OperationType,
  schema: typeof orderCreateSchema | typeof jobCreateSchema,
  input: Record<string, unknown>,
  rules: RouteRules,
): void {
  const parsed = schema.safeParse(input);
  const problems = parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  const issues = routeIssues(input.route as RoutePointInput[], rules);
  problems.push(...issues.map((i) => `route.${i.path.join('.')}: ${i.message}`));
  if (problems.length) throw new Error(`generated ${type} is invalid: ${problems.join('; ')}`);
}
