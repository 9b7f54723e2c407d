import {
  counterpartyCreateSchema,
  isValidCorrespondentAccount,
  isValidIban,
  requisitesErrors,
  russianBankDetailsErrors,
} from '@tms/domain';
import type pg from 'pg';
import { type CopyValue, copyRows } from '../lib/copy';
import { dictionary, type Generator, type IdRange, idRange, nextId, pick, randomId } from './registry';
import { iban, individualInn, legalInn, ogrn, okpo, russianAccount } from './requisites';
import {
  BELARUSIAN_FORMS,
  CHINESE_CITIES,
  CHINESE_PEOPLE,
  CHINESE_TRADES,
  CHINESE_WORDS,
  COMPANY_ROOTS,
  COMPANY_SUFFIXES,
  EUROPEAN,
  GIVEN_NAMES,
  PATRONYMICS,
  POSITIONS,
  POSITIONS_EN,
  RUSSIAN_FORMS,
  STREETS,
  SURNAMES,
} from './words';

const DAY = 86_400_000;
const YEARS = 3;

/** Russian cities: phone code, region (of the OGRN) and tax offices (the first four digits of INN and KPP). */
const RUSSIAN_CITIES = [
  {
    city: 'Москва',
    phone: '495',
    region: '77',
    offices: ['7701', '7705', '7714', '7728', '7736'],
    post: '1',
  },
  { city: 'Санкт-Петербург', phone: '812', region: '78', offices: ['7801', '7810', '7842'], post: '19' },
  { city: 'Казань', phone: '843', region: '16', offices: ['1655', '1657'], post: '420' },
  { city: 'Новосибирск', phone: '383', region: '54', offices: ['5401', '5406'], post: '630' },
  { city: 'Екатеринбург', phone: '343', region: '66', offices: ['6658', '6670'], post: '620' },
  { city: 'Владивосток', phone: '423', region: '25', offices: ['2536', '2540'], post: '690' },
  { city: 'Самара', phone: '846', region: '63', offices: ['6311', '6317'], post: '443' },
  { city: 'Ростов-на-Дону', phone: '863', region: '61', offices: ['6161', '6164'], post: '344' },
] as const;
const BELARUSIAN_CITIES = [
  { city: 'Минск', phone: '17', post: '220' },
  { city: 'Брест', phone: '162', post: '224' },
  { city: 'Гомель', phone: '232', post: '246' },
  { city: 'Гродно', phone: '152', post: '230' },
] as const;
const LEGAL_FORM_NAMES: Record<string, [ru: string, en: string]> = {
  ООО: ['Общество с ограниченной ответственностью', 'LLC'],
  АО: ['Акционерное общество', 'JSC'],
  ПАО: ['Публичное акционерное общество', 'PJSC'],
  ЗАО: ['Закрытое акционерное общество', 'CJSC'],
  ОДО: ['Общество с дополнительной ответственностью', 'ALC'],
  ЧУП: ['Частное унитарное предприятие', 'PUE'],
  ЧТУП: ['Частное торговое унитарное предприятие', 'PTUE'],
  ОАО: ['Открытое акционерное общество', 'OJSC'],
  СООО: ['Совместное общество с ограниченной ответственностью', 'JV LLC'],
};
export const RUSSIAN_BANKS = [
  ['ПАО Сбербанк', '044525225', '30101810400000000225', 'SABRRUMM'],
  ['АО «Альфа-Банк»', '044525593', '30101810200000000593', 'ALFARUMM'],
  ['Банк ВТБ (ПАО)', '044525187', '30101810700000000187', 'VTBRRUMM'],
  ['АО «Райффайзенбанк»', '044525700', '30101810200000000700', 'RZBMRUMM'],
  ['Банк ГПБ (АО)', '044525823', '30101810200000000823', 'GAZPRUMM'],
  ['ПАО «Промсвязьбанк»', '044525555', '30101810400000000555', 'PRMSRUMM'],
] as const;
/** Foreign banks of the IBAN countries generated: letters and digits of the bank code, SWIFT, currency. */
const FOREIGN_BANKS: Record<
  string,
  { name: string; letters: string; digits: string; swift: string; currency: string }
> = {
  BY: { name: 'ОАО «АСБ Беларусбанк»', letters: 'AKBB', digits: '3012', swift: 'AKBBBY2X', currency: 'BYN' },
  DE: { name: 'Commerzbank AG', letters: '', digits: '20040000', swift: 'COBADEFFXXX', currency: 'EUR' },
  PL: { name: 'PKO Bank Polski', letters: '', digits: '10201026', swift: 'BPKOPLPW', currency: 'EUR' },
  LT: { name: 'Swedbank AB', letters: '', digits: '73000', swift: 'HABALT22', currency: 'EUR' },
  NL: { name: 'Rabobank', letters: 'RABO', digits: '', swift: 'RABONL2U', currency: 'EUR' },
};
const STATUSES = [
  ['NEW', 'Новый', 'New'],
  ['ACTIVE', 'Активный', 'Active'],
  ['ON-HOLD', 'Приостановлен', 'On hold'],
  ['LOST', 'Потерян', 'Lost'],
] as const;
/** Status codes by share of counterparties: most are active. */
const STATUS_MIX = [
  'ACTIVE',
  'ACTIVE',
  'ACTIVE',
  'ACTIVE',
  'ACTIVE',
  'ACTIVE',
  'NEW',
  'NEW',
  'ON-HOLD',
  'LOST',
];
const FEATURES = [
  ['ADR', 'Опасные грузы (ADR)', 'Dangerous goods (ADR)'],
  ['TEMP', 'Температурный режим', 'Temperature control'],
  ['OVERSIZE', 'Негабаритные грузы', 'Oversized cargo'],
  ['BONDED', 'Таможенный склад (СВХ)', 'Bonded warehouse'],
  ['PREPAY', 'Работа по предоплате', 'Prepayment only'],
] as const;
const BLACK_LIST_REASONS = [
  'Срыв погрузки без предупреждения',
  'Неоплата счетов более 90 дней',
  'Поддельные документы водителя',
  'Утрата груза, претензия не урегулирована',
];
const COMMENTS = ['Работаем по предоплате до первых пяти рейсов', 'Документы только оригиналы', 'VIP-клиент'];
const SEGMENTS = ['A', 'B', 'B', 'C', 'C', 'C', 'D'] as const;
const PAYMENT_BASES = ['DISPATCH', 'DELIVERY', 'DOCUMENTS', 'BILL'] as const;
const PAYMENT_DAYS = [5, 10, 14, 30, 45, 60];
const MAIL_BOXES = ['logist', 'sales', 'buh', 'director', 'dispatch'];

type Kind = 'RU' | 'IP' | 'BY' | 'CN' | 'EU';

/** What the contacts and accounts of a counterparty need to know of it. */
interface Summary {
  kind: Kind;
  country: string;
  domain: string;
  /** Phone code of its city. */
  phone: string;
}

function slug(text: string): string {
  return text
    .normalize('NFD')
    .toLowerCase()
    .replace(/ł/g, 'l')
    .replace(/[^a-z0-9]+/g, '');
}

/** A 7-digit local number, different for each `n` below ten million. */
function localNumber(n: number): string {
  return String((n * 7919 + 1_234_567) % 10_000_000).padStart(7, '0');
}

const russianPhone = (code: string, n: number) => {
  const d = localNumber(n);
  return `+7 (${code}) ${d.slice(0, 3)}-${d.slice(3, 5)}-${d.slice(5)}`;
};

function money(amount: number): string {
  return amount.toFixed(2);
}

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

async function codeIds(
  client: pg.ClientBase,
  table: string,
  codes: readonly string[],
): Promise<Map<string, number>> {
  const { rows } = await client.query<{ id: number; code: string }>(
    `SELECT id, code FROM ${table} WHERE code = ANY($1)`,
    [codes],
  );
  return new Map(rows.map((r) => [r.code, r.id]));
}

/** The server's rules of a counterparty that need no database, so generated data is data people could enter. */
function assertValid(record: Record<string, unknown>, russian: boolean): void {
  const parsed = counterpartyCreateSchema.safeParse(record);
  const problems = parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  if (russian) problems.push(...Object.entries(requisitesErrors(record)).map(([f, m]) => `${f}: ${m}`));
  if (!record.client && !record.contractor) problems.push('neither client nor contractor');
  if (record.blackList && !record.blackListReason) problems.push('black list without a reason');
  if (record.creditLimitThreshold && Number(record.creditLimitThreshold) > Number(record.creditLimit)) {
    problems.push('threshold above the limit');
  }
  if (problems.length)
    throw new Error(`generated counterparty ${record.name} is invalid: ${problems.join('; ')}`);
}

const COUNTERPARTY_COLUMNS = [
  ['name', 'name'],
  ['full_name', 'fullName'],
  ['name_en', 'nameEn'],
  ['client', 'client'],
  ['contractor', 'contractor'],
  ['country_id', 'countryId'],
  ['inn', 'inn'],
  ['kpp', 'kpp'],
  ['ogrn', 'ogrn'],
  ['okpo', 'okpo'],
  ['taxpayer_id', 'taxpayerId'],
  ['vat_certificate', 'vatCertificate'],
  ['legal_address', 'legalAddress'],
  ['postal_address', 'postalAddress'],
  ['phone', 'phone'],
  ['email', 'email'],
  ['emails', 'emails'],
  ['website', 'website'],
  ['status_id', 'statusId'],
  ['feature_ids', 'featureIds'],
  ['service_office_id', 'serviceOfficeId'],
  ['curator_ids', 'curatorIds'],
  ['manager_ids', 'managerIds'],
  ['credit_limit', 'creditLimit'],
  ['credit_limit_threshold', 'creditLimitThreshold'],
  ['order_capacity', 'orderCapacity'],
  ['segment', 'segment'],
  ['difficult', 'difficult'],
  ['management_lock', 'managementLock'],
  ['liquid_access', 'liquidAccess'],
  ['black_list', 'blackList'],
  ['black_list_reason', 'blackListReason'],
  ['first_contact', 'firstContact'],
  ['payment_terms_basis', 'paymentTermsBasis'],
  ['payment_terms_days', 'paymentTermsDays'],
  ['comment', 'comment'],
  ['merged_into_id', 'mergedIntoId'],
  ['merged_at', 'mergedAt'],
  ['created_at', 'createdAt'],
  ['updated_at', 'updatedAt'],
] as const;

/**
 * Clients and contractors (size / 10: 100,000 at a million orders) with their contacts (one to three
 * each) and bank accounts. Russian companies and sole proprietors with valid INN, KPP, OGRN, OKPO and
 * accounts at real banks; Belarusian, Chinese and European partners with their tax numbers and IBANs
 * (Chinese ones have no account: the product takes a BIK or an IBAN, and China has no IBAN). Curated by
 * the generated users, served by the generated offices; some with credit limits, a few black-listed or
 * merged into another. Statuses and features come from the installation's dictionaries (generated here
 * when empty, as in the bench's fresh database). search_text, similar_name and phone_key are generated
 * columns: the database computes them from what is copied.
 */
export const counterpartiesGenerator: Generator = {
  name: 'counterparties',
  tables: ['counterparties', 'contacts', 'counterparty_bank_accounts', 'banks'],
  rows: (size) => Math.max(100, Math.round(size / 10)),
  async run({ client, size, random, ids }) {
    const count = this.rows(size);
    const offices = ids.get('service_offices');
    const users = ids.get('users');
    const statuses = await dictionary(client, 'counterparty_statuses', STATUSES);
    const statusIds = [...statuses.values()];
    const featureIds = [...(await dictionary(client, 'counterparty_features', FEATURES)).values()];
    const countries = await codeIds(client, 'countries', [
      'RU',
      'BY',
      'CN',
      ...EUROPEAN.map((e) => e.country),
    ]);
    const currencies = await codeIds(client, 'currencies', ['RUB', 'BYN', 'EUR']);
    const banks = await russianBanks(client, countries.get('RU')!);

    const first = await nextId(client, 'counterparties');
    const summaries: Summary[] = [];
    const usedInns = new Set<string>();
    const now = Date.now();
    const start = now - YEARS * 365 * DAY;
    const step = (now - start) / count;
    const someUsers = (range: IdRange | undefined, n: number) =>
      range ? [...new Set(Array.from({ length: n }, () => randomId(random, range)))] : [];

    await copyRows(
      client,
      'counterparties',
      COUNTERPARTY_COLUMNS.map(([column]) => column),
      count,
      (i) => {
        const r = random();
        const kind: Kind = r < 0.56 ? 'RU' : r < 0.62 ? 'IP' : r < 0.75 ? 'BY' : r < 0.85 ? 'CN' : 'EU';
        const type = random();
        const client = type < 0.7;
        const contractor = type >= 0.55;
        const firstContact = now - Math.floor(random() * 12 * 365 * DAY);
        const { summary, fields } = companyOf(kind, i, random, usedInns, firstContact);
        const record: Record<string, unknown> = { client, contractor, ...fields };
        summaries.push(summary);
        record.countryId = countries.get(summary.country);
        record.email = `info@${summary.domain}`;
        record.emails =
          random() < 0.3 ? `${pick(random, MAIL_BOXES)}@${summary.domain}, office@${summary.domain}` : null;
        record.website = random() < 0.4 ? `https://www.${summary.domain}` : null;
        record.statusId = statuses.get(pick(random, STATUS_MIX)) ?? pick(random, statusIds);
        record.featureIds =
          random() < 0.3 ? [...new Set([pick(random, featureIds), pick(random, featureIds)])] : [];
        record.serviceOfficeId = offices ? randomId(random, offices) : null;
        record.curatorIds = someUsers(users, random() < 0.85 ? 1 : 2);
        record.managerIds = random() < 0.4 ? someUsers(users, 1) : [];
        if (client && random() < 0.5) {
          const limit = 50_000 * (2 + Math.floor(random() * 200));
          record.creditLimit = money(limit);
          record.creditLimitThreshold = random() < 0.6 ? money(limit * 0.8) : null;
          record.orderCapacity = 12 + Math.floor(random() * 2400);
          record.segment = pick(random, SEGMENTS);
        }
        if (random() < 0.5) {
          record.paymentTermsBasis = pick(random, PAYMENT_BASES);
          record.paymentTermsDays = pick(random, PAYMENT_DAYS);
        }
        record.difficult = random() < 0.03;
        record.managementLock = random() < 0.01;
        record.liquidAccess = contractor && random() < 0.2;
        record.blackList = random() < 0.02;
        record.blackListReason = record.blackList ? pick(random, BLACK_LIST_REASONS) : null;
        record.firstContact = isoDate(firstContact);
        record.comment = random() < 0.1 ? pick(random, COMMENTS) : null;
        assertValid(record, kind === 'RU' || kind === 'IP');
        const created = start + i * step;
        // One in a hundred was found to duplicate an older record and merged into it.
        const merged = i >= 100 && random() < 0.01;
        record.mergedIntoId = merged ? first + Math.floor(random() * i) : null;
        record.mergedAt = merged ? new Date(created + random() * (now - created)).toISOString() : null;
        record.createdAt = new Date(created).toISOString();
        record.updatedAt = new Date(created + random() * (now - created)).toISOString();
        return COUNTERPARTY_COLUMNS.map(([, key]) => {
          const value = record[key] ?? null;
          return (Array.isArray(value) ? value.map(String) : value) as CopyValue;
        });
      },
    );
    const range = await idRange(client, 'counterparties');
    if (range.first !== first || range.last - range.first + 1 !== count) {
      throw new Error(`counterparties got ids ${range.first}..${range.last}, expected from ${first}`);
    }
    ids.set('counterparties', range);

    // Contacts: one to three per counterparty, in the order of their counterparties.
    const perCounterparty = summaries.map(() => 1 + Math.floor(random() * 3));
    let owner = 0;
    let nth = 0;
    await copyRows(
      client,
      'contacts',
      ['name', 'email', 'phone', 'counterparty_id', 'position', 'emails', 'enabled'],
      perCounterparty.reduce((a, b) => a + b, 0),
      (i) => {
        if (nth === perCounterparty[owner]) {
          owner++;
          nth = 0;
        }
        nth++;
        const summary = summaries[owner]!;
        const box = `${MAIL_BOXES[(owner + nth) % MAIL_BOXES.length]}${nth}`;
        return [
          personOf(summary.kind, random),
          `${box}@${summary.domain}`,
          contactPhone(summary, i),
          first + owner,
          summary.kind === 'CN' || summary.kind === 'EU'
            ? pick(random, POSITIONS_EN)
            : pick(random, POSITIONS),
          random() < 0.1 ? `${box}.personal@${summary.domain}` : null,
          random() > 0.05,
        ];
      },
    );

    // Bank accounts: Russian ones at the banks of the dictionary, others by IBAN; none for China.
    const accountsOf = summaries.map((s): number =>
      s.kind === 'CN' ? 0 : s.kind === 'RU' && random() < 0.25 ? 2 : 1,
    );
    owner = 0;
    nth = 0;
    while (accountsOf[owner] === 0) owner++;
    await copyRows(
      client,
      'counterparty_bank_accounts',
      [
        'counterparty_id',
        'bank_id',
        'bank_name',
        'bik',
        'account',
        'correspondent_account',
        'iban',
        'swift',
        'currency_id',
        'primary',
      ],
      accountsOf.reduce((a, b) => a + b, 0),
      (i) => {
        if (nth === accountsOf[owner]) {
          do owner++;
          while (accountsOf[owner] === 0);
          nth = 0;
        }
        nth++;
        const summary = summaries[owner]!;
        const primary = nth === 1;
        if (summary.kind === 'RU' || summary.kind === 'IP') {
          const bank = pick(random, banks);
          const account = russianAccount(bank.bik, summary.kind === 'IP' ? '40802' : '40702', i);
          const errors = russianBankDetailsErrors({ ...bank, account });
          if (Object.keys(errors).length)
            throw new Error(`generated account ${account}: ${JSON.stringify(errors)}`);
          return [
            first + owner,
            bank.id,
            bank.name,
            bank.bik,
            account,
            bank.correspondentAccount,
            null,
            bank.swift,
            currencies.get('RUB')!,
            primary,
          ];
        }
        const bank = FOREIGN_BANKS[summary.country]!;
        const number = iban(summary.country, bank, i);
        if (!isValidIban(number)) throw new Error(`generated IBAN ${number} is invalid`);
        return [
          first + owner,
          null,
          bank.name,
          null,
          null,
          null,
          number,
          bank.swift,
          currencies.get(bank.currency)!,
          primary,
        ];
      },
    );
  },
};

interface Bank {
  id: number;
  name: string;
  bik: string;
  correspondentAccount: string;
  swift: string;
}

/** The Russian banks of the banks dictionary (added when missing), each checked by its keys. */
async function russianBanks(client: pg.ClientBase, russia: number): Promise<Bank[]> {
  for (const [name, bik, correspondent] of RUSSIAN_BANKS) {
    if (!isValidCorrespondentAccount(correspondent, bik))
      throw new Error(`${name}: invalid correspondent account`);
  }
  const { rows: present } = await client.query<{ bik: string }>(
    'SELECT bik FROM banks WHERE bik IS NOT NULL',
  );
  const known = new Set(present.map((r) => r.bik));
  const missing = RUSSIAN_BANKS.filter(([, bik]) => !known.has(bik));
  await copyRows(
    client,
    'banks',
    ['name', 'bik', 'correspondent_account', 'swift', 'country_id'],
    missing.length,
    (i) => {
      const [name, bik, correspondent, swift] = missing[i]!;
      return [name, bik, correspondent, swift, russia];
    },
  );
  const { rows } = await client.query<{ id: number; bik: string }>(
    'SELECT id, bik FROM banks WHERE bik = ANY($1)',
    [RUSSIAN_BANKS.map(([, bik]) => bik)],
  );
  const idOf = new Map(rows.map((r) => [r.bik, r.id]));
  return RUSSIAN_BANKS.map(([name, bik, correspondentAccount, swift]) => ({
    id: idOf.get(bik)!,
    name,
    bik,
    correspondentAccount,
    swift,
  }));
}

/** Name, requisites, address and phone of counterparty `i` of `kind`, with its summary. */
function companyOf(
  kind: Kind,
  i: number,
  random: () => number,
  usedInns: Set<string>,
  firstContact: number,
): { summary: Summary; fields: Record<string, unknown> } {
  const year = new Date(firstContact).getUTCFullYear() - Math.floor(random() * 10);
  const street = `ул. ${pick(random, STREETS)}, д. ${1 + Math.floor(random() * 150)}`;
  if (kind === 'RU' || kind === 'IP') {
    const place = pick(random, RUSSIAN_CITIES);
    const office = pick(random, place.offices);
    const address = `${place.post.padEnd(6, String(i % 10))}, ${place.city}, ${street}`;
    let serial = (i * 7919) % 1_000_000;
    let inn = '';
    do {
      inn = kind === 'RU' ? legalInn(office, serial++) : individualInn(office, serial++);
    } while (usedInns.has(inn));
    usedInns.add(inn);
    const common = {
      inn,
      ogrn: ogrn(kind === 'RU' ? 'legal' : 'individual', year, place.region, i),
      okpo: okpo(kind === 'RU' ? 'legal' : 'individual', i * 31 + 1000),
      legalAddress: address,
      postalAddress:
        random() < 0.3 ? `${place.post.padEnd(6, '0')}, ${place.city}, а/я ${1 + (i % 900)}` : null,
      phone: russianPhone(place.phone, i),
    };
    if (kind === 'IP') {
      const surname = pick(random, SURNAMES);
      const given = pick(random, GIVEN_NAMES);
      const patronymic = pick(random, PATRONYMICS);
      return {
        summary: {
          kind,
          country: 'RU',
          phone: place.phone,
          domain: `${slug(pick(random, COMPANY_ROOTS)[1])}-ip${i}.ru`,
        },
        fields: {
          ...common,
          name: `ИП ${surname} ${given[0]}. ${patronymic[0]}.`,
          fullName: `Индивидуальный предприниматель ${surname} ${given} ${patronymic}`,
        },
      };
    }
    const form = pick(random, RUSSIAN_FORMS);
    const { ru, en } = brand(random, '', '', place.city);
    return {
      summary: { kind, country: 'RU', phone: place.phone, domain: `${slug(en)}${i}.ru` },
      fields: {
        ...common,
        kpp: `${office}01001`,
        name: `${form} «${ru}»`,
        fullName: `${LEGAL_FORM_NAMES[form]![0]} «${ru}»`,
        nameEn: `${en} ${LEGAL_FORM_NAMES[form]![1]}`,
      },
    };
  }
  if (kind === 'BY') {
    const place = pick(random, BELARUSIAN_CITIES);
    const form = pick(random, BELARUSIAN_FORMS);
    const { ru, en } = brand(random, 'Бел', 'Bel', null);
    return {
      summary: { kind, country: 'BY', phone: place.phone, domain: `${slug(en)}${i}.by` },
      fields: {
        name: `${form} «${ru}»`,
        fullName: `${LEGAL_FORM_NAMES[form]![0]} «${ru}»`,
        nameEn: `${en} ${LEGAL_FORM_NAMES[form]![1]}`,
        taxpayerId: `${1 + (i % 7)}9${String((i * 7919) % 10_000_000).padStart(7, '0')}`,
        legalAddress: `${place.post}${String(i % 1000).padStart(3, '0')}, ${place.city}, ${street}`,
        phone: `+375 ${place.phone} ${localNumber(i)}`,
      },
    };
  }
  if (kind === 'CN') {
    const city = pick(random, CHINESE_CITIES);
    const word = pick(random, CHINESE_WORDS);
    const name = `${city} ${word} ${pick(random, CHINESE_TRADES)} Co., Ltd.`;
    return {
      summary: { kind, country: 'CN', phone: '21', domain: `${slug(word)}${i}.cn` },
      fields: {
        name,
        fullName: name,
        nameEn: name,
        taxpayerId: `91${310_000 + (i % 90_000)}${String(i * 7919)
          .padStart(9, '0')
          .slice(-9)}X`,
        legalAddress: `No. ${1 + (i % 999)} ${word} Road, ${city}, China`,
        phone: `+86 21 ${localNumber(i)}`,
      },
    };
  }
  const partner = pick(random, EUROPEAN);
  const name = `${pick(random, partner.words)} ${partner.form}`;
  return {
    summary: {
      kind,
      country: partner.country,
      phone: partner.phone,
      domain: `${slug(name)}${i}.${partner.country.toLowerCase()}`,
    },
    fields: {
      name,
      fullName: name,
      nameEn: name,
      vatCertificate: `${partner.country}${100_000_000 + ((i * 7919) % 900_000_000)}`,
      legalAddress: `${partner.street} ${1 + (i % 200)}, ${partner.city}`,
      phone: `${partner.phone} ${localNumber(i)}`,
    },
  };
}

/**
 * A brand such as «Волга Сервис», «Транслогистик» or (with the prefix "Бел") «Белтранссервис», sometimes
 * with the city, in Cyrillic and Latin.
 */
function brand(
  random: () => number,
  prefixRu: string,
  prefixEn: string,
  city: string | null,
): { ru: string; en: string } {
  const [root, rootEn] = pick(random, COMPANY_ROOTS);
  const [suffixRu, suffixEn] = pick(random, COMPANY_SUFFIXES);
  const rootRu = prefixRu ? `${prefixRu}${root.toLowerCase()}` : root;
  const rootLatin = prefixEn ? `${prefixEn}${rootEn.toLowerCase()}` : rootEn;
  const joined = random() < 0.4;
  const ru = joined ? `${rootRu}${suffixRu.toLowerCase()}` : `${rootRu} ${suffixRu}`;
  const en = joined ? `${rootLatin}${suffixEn.toLowerCase()}` : `${rootLatin} ${suffixEn}`;
  return city && random() < 0.25 ? { ru: `${ru} ${city}`, en } : { ru, en };
}

function personOf(kind: Kind, random: () => number): string {
  if (kind === 'CN') return pick(random, CHINESE_PEOPLE);
  if (kind === 'EU') return pick(random, pick(random, EUROPEAN).people);
  return `${pick(random, SURNAMES)} ${pick(random, GIVEN_NAMES)}`;
}

/** A contact's own number: a Russian mobile, or the office line of the counterparty's country. */
function contactPhone(summary: Summary, i: number): string {
  if (summary.kind === 'RU' || summary.kind === 'IP') return russianPhone(String(900 + (i % 100)), i);
  if (summary.kind === 'BY') return `+375 29 ${localNumber(i)}`;
  if (summary.kind === 'CN') return `+86 138 ${localNumber(i)}`;
  return `${summary.phone} ${localNumber(i + 5_000_000)}`;
}
