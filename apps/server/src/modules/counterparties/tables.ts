import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { entityColumns } from '../../platform/columns';
import { serviceOffices } from '../../platform/identity/tables';
import { dictionaryColumns, listIndexes, searchTextColumn } from '../../platform/resources/indexes';
import { legalEntities } from '../company';
import { banks, countries, currencies } from '../reference-data';

/**
 * A company name as the similar search compares it: lower case, without quotes and punctuation and without
 * the legal form ("ООО «Ромашка»", "Romashka LLC" and "АО Ромашка" are the same company to a person).
 */
export function similarNameSql(name: SQL): SQL {
  return sql`btrim(regexp_replace(regexp_replace(lower(${name}), '[«»"''“”„.,()/&№-]+', ' ', 'g'), '(^| )(ооо|оао|зао|пао|ао|ип|тоо|одо|чуп|уп|llc|ltd|inc|gmbh|ag|sp z o o|sa|bv|co)( |$)', ' ', 'g'))`;
}

const money = (name: string) => numeric(name, { precision: 18, scale: 2 });
const day = (name: string) => date(name, { mode: 'string' });

/** Clients and contractors (spec §3 Counterparty). */
export const counterparties = pgTable(
  'counterparties',
  {
    ...entityColumns(),
    name: text('name').notNull(),
    fullName: text('full_name'),
    nameEn: text('name_en'),
    client: boolean('client').notNull().default(false),
    contractor: boolean('contractor').notNull().default(false),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    inn: text('inn'),
    kpp: text('kpp'),
    ogrn: text('ogrn'),
    okpo: text('okpo'),
    taxpayerId: text('taxpayer_id'),
    primaryStateRegistrationNumber: text('primary_state_registration_number'),
    vatCertificate: text('vat_certificate'),
    legalAddress: text('legal_address'),
    postalAddress: text('postal_address'),
    phone: text('phone'),
    email: text('email'),
    /** Further addresses, ", "-joined (emailListSchema). */
    emails: text('emails'),
    website: text('website'),
    statusId: integer('status_id').references(() => counterpartyStatuses.id),
    featureIds: integer('feature_ids').array().notNull().default([]),
    serviceOfficeId: integer('service_office_id').references(() => serviceOffices.id),
    curatorIds: integer('curator_ids').array().notNull().default([]),
    managerIds: integer('manager_ids').array().notNull().default([]),
    creditLimit: money('credit_limit'),
    creditLimitThreshold: money('credit_limit_threshold'),
    orderCapacity: integer('order_capacity'),
    segment: text('segment'),
    difficult: boolean('difficult').notNull().default(false),
    managementLock: boolean('management_lock').notNull().default(false),
    liquidAccess: boolean('liquid_access').notNull().default(false),
    applicationRequired: boolean('application_required').notNull().default(true),
    bonusPaymentWindowDays: integer('bonus_payment_window_days'),
    blackList: boolean('black_list').notNull().default(false),
    blackListReason: text('black_list_reason'),
    firstContact: day('first_contact'),
    restoredDate: day('restored_date'),
    validUntil: day('valid_until'),
    paymentTermsBasis: text('payment_terms_basis'),
    paymentTermsDays: integer('payment_terms_days'),
    apiAllowedIps: text('api_allowed_ips').array().notNull().default([]),
    /** sha256 of the cabinet's API key; the key itself is shown once. */
    apiKeyHash: text('api_key_hash'),
    apiKeyCreatedAt: timestamp('api_key_created_at', { withTimezone: true }),
    mergedIntoId: integer('merged_into_id').references((): AnyPgColumn => counterparties.id),
    mergedAt: timestamp('merged_at', { withTimezone: true }),
    comment: text('comment'),
    /** Digits of the phone, last ten: the form compared by the similar search whatever the prefix. */
    phoneKey: text('phone_key').generatedAlwaysAs(
      (): SQL => sql`nullif(right(regexp_replace(coalesce(phone, ''), '\\D', '', 'g'), 10), '')`,
    ),
    similarName: text('similar_name').generatedAlwaysAs((): SQL => similarNameSql(sql.raw('"name"'))),
    searchText: searchTextColumn('name', 'full_name', 'name_en', 'inn', 'email'),
  },
  (t) => [
    // One live counterparty per INN and KPP (both empty KPPs count as equal); merged ones keep theirs.
    uniqueIndex('counterparties_inn_kpp_uq')
      .on(t.inn, sql`coalesce(${t.kpp}, '')`)
      .where(sql`${t.inn} IS NOT NULL AND ${t.mergedIntoId} IS NULL`),
    uniqueIndex('counterparties_api_key_uq').on(t.apiKeyHash),
    // The similar search: nearest names by trigram distance (KNN over GiST; a 128-byte signature instead of
    // the default 12 keeps the index precise on 100,000 names, halving the rows rechecked), exact emails
    // and phones.
    index('counterparties_similar_name_trgm').using('gist', sql`${t.similarName} gist_trgm_ops(siglen=128)`),
    index('counterparties_email_lower_idx').on(sql`lower(${t.email})`),
    index('counterparties_emails_idx').using('gin', sql`string_to_array(lower(${t.emails}), ', ')`),
    index('counterparties_phone_key_idx').on(t.phoneKey),
    index('counterparties_curators_idx').using('gin', t.curatorIds),
    index('counterparties_managers_idx').using('gin', t.managerIds),
    index('counterparties_features_idx').using('gin', t.featureIds),
    index('counterparties_office_idx').on(t.serviceOfficeId),
    index('counterparties_country_idx').on(t.countryId),
    index('counterparties_status_idx').on(t.statusId),
    index('counterparties_merged_into_idx').on(t.mergedIntoId),
    ...listIndexes('counterparties', t, {
      sortable: [
        t.name,
        t.inn,
        t.client,
        t.contractor,
        t.creditLimit,
        t.segment,
        t.blackList,
        t.firstContact,
        t.createdAt,
        t.updatedAt,
      ],
      searchText: t.searchText,
    }),
  ],
);

const counterpartyId = () =>
  integer('counterparty_id')
    .notNull()
    .references(() => counterparties.id, { onDelete: 'cascade' });

/** Accounts of a counterparty; one of them is the primary one. */
export const counterpartyBankAccounts = pgTable(
  'counterparty_bank_accounts',
  {
    ...entityColumns(),
    counterpartyId: counterpartyId(),
    bankId: integer('bank_id').references(() => banks.id),
    bankName: text('bank_name'),
    bik: text('bik'),
    account: text('account'),
    correspondentAccount: text('correspondent_account'),
    iban: text('iban'),
    swift: text('swift'),
    currencyId: integer('currency_id').references(() => currencies.id),
    primary: boolean('primary').notNull().default(false),
    searchText: searchTextColumn('bank_name', 'bik', 'account', 'iban', 'swift'),
  },
  (t) => [
    index('counterparty_bank_accounts_counterparty_idx').on(t.counterpartyId),
    uniqueIndex('counterparty_bank_accounts_primary_uq').on(t.counterpartyId).where(sql`${t.primary}`),
    ...listIndexes('counterparty_bank_accounts', t, {
      sortable: [t.primary, t.updatedAt],
      searchText: t.searchText,
    }),
  ],
);

/** Contracts with a counterparty. */
export const counterpartyAgreements = pgTable(
  'counterparty_agreements',
  {
    ...entityColumns(),
    counterpartyId: counterpartyId(),
    agreementTypeId: integer('agreement_type_id')
      .notNull()
      .references(() => agreementTypes.id),
    number: text('number').notNull(),
    date: day('date'),
    validFrom: day('valid_from'),
    validUntil: day('valid_until'),
    legalEntityId: integer('legal_entity_id').references(() => legalEntities.id),
    comment: text('comment'),
    searchText: searchTextColumn('number', 'comment'),
  },
  (t) => [
    index('counterparty_agreements_counterparty_idx').on(t.counterpartyId),
    ...listIndexes('counterparty_agreements', t, {
      sortable: [t.number, t.date, t.validFrom, t.validUntil, t.updatedAt],
      searchText: t.searchText,
    }),
  ],
);

/** Kinds of agreements with counterparties. */
export const agreementTypes = pgTable(
  'agreement_types',
  {
    ...entityColumns(),
    ...dictionaryColumns(),
  },
  (t) => [
    uniqueIndex('agreement_types_code_uq').on(t.code),
    ...listIndexes('agreement_types', t, {
      sortable: [t.name, t.nameEn, t.updatedAt],
      searchText: t.searchText,
    }),
  ],
);

/** Where a counterparty stands with us. */
export const counterpartyStatuses = pgTable(
  'counterparty_statuses',
  {
    ...entityColumns(),
    ...dictionaryColumns(),
  },
  (t) => [
    uniqueIndex('counterparty_statuses_code_uq').on(t.code),
    ...listIndexes('counterparty_statuses', t, {
      sortable: [t.name, t.nameEn, t.updatedAt],
      searchText: t.searchText,
    }),
  ],
);

/** Marks a counterparty can carry. */
export const counterpartyFeatures = pgTable(
  'counterparty_features',
  {
    ...entityColumns(),
    ...dictionaryColumns(),
  },
  (t) => [
    uniqueIndex('counterparty_features_code_uq').on(t.code),
    ...listIndexes('counterparty_features', t, {
      sortable: [t.name, t.nameEn, t.updatedAt],
      searchText: t.searchText,
    }),
  ],
);
