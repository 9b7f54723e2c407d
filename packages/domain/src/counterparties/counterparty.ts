import { z } from 'zod';
import { declareResource } from '../common/declare';
import { defineFieldRoles, fieldRoleOf } from '../common/field-roles';
import { f } from '../common/fields';
import type { LocalizedText } from '../common/resource';
import { serviceOfficeResource } from '../company/service-offices';
import { type Role, rolesOfScopedPermission } from '../permissions';
import { countryResource } from '../reference-data/countries';
import { colleagueReference } from '../users';
import { counterpartyFeatureResource, counterpartyStatusResource } from './counterparty-dictionaries';
import { COUNTERPARTY_MESSAGES as M } from './messages';
import {
  emailListSchema,
  latinCyrillicTextSchema,
  noCyrillicTextSchema,
  primaryEmailSchema,
} from './schemas';

/** Commercial segment of a client (A the most valuable). */
export const COUNTERPARTY_SEGMENTS = ['A', 'B', 'C', 'D'] as const;
export type CounterpartySegment = (typeof COUNTERPARTY_SEGMENTS)[number];

/** The event the payment term counts from (spec §3 "payment terms": dispatch, delivery, documents, bill). */
export const PAYMENT_TERMS_BASES = ['DISPATCH', 'DELIVERY', 'DOCUMENTS', 'BILL'] as const;
export type PaymentTermsBasis = (typeof PAYMENT_TERMS_BASES)[number];
export const PAYMENT_TERMS_BASIS_LABELS: Readonly<Record<PaymentTermsBasis, LocalizedText>> = {
  DISPATCH: { ru: 'С даты отправки', en: 'From dispatch' },
  DELIVERY: { ru: 'С даты доставки', en: 'From delivery' },
  DOCUMENTS: { ru: 'С получения документов', en: 'From receipt of documents' },
  BILL: { ru: 'С даты счёта', en: 'From the bill date' },
};

/**
 * Where a counterparty stands against its credit limit: no limit set, within it, past the warning
 * threshold, or exhausted (exposure at or above the limit).
 */
export const CREDIT_STATES = ['NO_LIMIT', 'WITHIN', 'THRESHOLD', 'EXHAUSTED'] as const;
export type CreditState = (typeof CREDIT_STATES)[number];
export const CREDIT_STATE_LABELS: Readonly<Record<CreditState, LocalizedText>> = {
  NO_LIMIT: { ru: 'Без лимита', en: 'No limit' },
  WITHIN: { ru: 'В пределах лимита', en: 'Within the limit' },
  THRESHOLD: { ru: 'Достигнут порог', en: 'Threshold reached' },
  EXHAUSTED: { ru: 'Лимит исчерпан', en: 'Limit exhausted' },
};

/** The view and edit permissions of counterparties and of everything kept under one (contacts, ...). */
export const COUNTERPARTY_ROLES = {
  view: rolesOfScopedPermission('ROLE_COUNTERPARTY_VIEW'),
  edit: rolesOfScopedPermission('ROLE_COUNTERPARTY_EDIT'),
};

/** A non-negative amount with at most two decimals, as a string ("150000.00"); never a float. */
export const creditAmountSchema = z
  .string()
  .trim()
  .regex(/^\d{1,16}(\.\d{1,2})?$/, M.creditLimit);

/**
 * Fields only holders of a role may change (spec §6 "Clients and contractors"); the server refuses a
 * changed value without it ("Field edit access denied.") and the web disables the input. Fields of
 * `COUNTERPARTY_FIELDS_FREE_ON_CREATE` are checked on update only.
 */
export const COUNTERPARTY_FIELD_ROLES: Readonly<Record<string, Role>> = {
  client: 'ROLE_COUNTERPARTY_SET_TYPE',
  contractor: 'ROLE_COUNTERPARTY_SET_TYPE',
  name: 'ROLE_COUNTERPARTY_NAME_EDIT',
  fullName: 'ROLE_COUNTERPARTY_NAME_EDIT',
  nameEn: 'ROLE_COUNTERPARTY_NAME_EDIT',
  managerIds: 'ROLE_COUNTERPARTY_MANAGERS',
  statusId: 'ROLE_COUNTERPARTY_STATUS',
  blackList: 'ROLE_COUNTERPARTY_BLACK_LIST',
  blackListReason: 'ROLE_COUNTERPARTY_BLACK_LIST',
  liquidAccess: 'ROLE_COUNTERPARTY_LIQUID_ACCESS',
  firstContact: 'ROLE_COUNTERPARTY_FIRST_CONTACT',
  paymentTermsBasis: 'ROLE_COUNTERPARTY_PAYMENT_CONDITIONS',
  paymentTermsDays: 'ROLE_COUNTERPARTY_PAYMENT_CONDITIONS',
  restoredDate: 'ROLE_COUNTERPARTY_RESTORED_MARK',
  difficult: 'ROLE_COUNTERPARTY_DIFFICULT_MARK',
  applicationRequired: 'ROLE_COUNTERPARTY_APPLICATION_TOGGLE',
  bonusPaymentWindowDays: 'ROLE_COUNTERPARTY_BONUS_PAYMENT_WINDOW',
  featureIds: 'ROLE_COUNTERPARTY_FEATURES',
  apiAllowedIps: 'ROLE_COUNTERPARTY_API_KEYS',
  // Who may work past the lock is who sets and lifts it.
  managementLock: 'ROLE_IGNORE_MANAGEMENT_LOCK',
};

/** A new counterparty gets its type and names from whoever creates it. */
export const COUNTERPARTY_FIELDS_FREE_ON_CREATE: readonly string[] = [
  'client',
  'contractor',
  'name',
  'fullName',
  'nameEn',
];

/** The role a user needs to change `field` (create: a new record), or undefined when edit access is enough. */
export function counterpartyFieldRole(field: string, create: boolean): Role | undefined {
  return fieldRoleOf(COUNTERPARTY_FIELD_RULES, field, create ? null : {});
}

/** The counterparty's field roles as its resource declares them (a new record starts "application required"). */
export const COUNTERPARTY_FIELD_RULES = defineFieldRoles({
  roles: COUNTERPARTY_FIELD_ROLES,
  freeOnCreate: COUNTERPARTY_FIELDS_FREE_ON_CREATE,
  createDefaults: { applicationRequired: true },
});

/** Segments are their own wording (A, B, ...) in both languages. */
const SEGMENT_LABELS = Object.fromEntries(COUNTERPARTY_SEGMENTS.map((s) => [s, { ru: s, en: s }])) as Record<
  CounterpartySegment,
  LocalizedText
>;

const colleagues = () => f.references(colleagueReference, undefined, { max: 100 }).defaulted();

/**
 * Counterparties (`/counterparties`). The create body's rules that need other fields or the database are
 * the server's: client or contractor, Russian requisites by checksum when the registration country is
 * Russia, INN+KPP unique, threshold not above the limit, a reason for the black list, field permissions.
 */
export const counterpartyResource = declareResource({
  fieldRoles: COUNTERPARTY_FIELD_RULES,
  name: 'counterparty',
  path: '/counterparties',
  title: 'counterparties.title',
  itemTitle: 'counterparties.item',
  keys: 'counterparties.fields',
  fields: {
    name: f
      .text()
      .input(latinCyrillicTextSchema.min(1).max(255))
      .listed()
      .searchable()
      .sortable()
      .width('wide'),
    fullName: f.text().input(latinCyrillicTextSchema.max(500)).optional().searchable(),
    nameEn: f.text().input(noCyrillicTextSchema.max(255)).optional().searchable(),
    client: f.boolean().defaulted().listed().filterable().sortable(),
    contractor: f.boolean().defaulted().listed().filterable().sortable(),
    countryId: f.reference(countryResource).listed().filterable(),
    inn: f.text({ max: 32 }).optional().listed().searchable().sortable().width('short'),
    kpp: f.text({ max: 32 }).optional().width('short'),
    ogrn: f.text({ max: 32 }).optional().width('short'),
    okpo: f.text({ max: 32 }).optional().width('short'),
    taxpayerId: f.text({ max: 64 }).optional(),
    primaryStateRegistrationNumber: f.text({ max: 64 }).optional(),
    vatCertificate: f.text({ max: 64 }).optional(),
    legalAddress: f.textarea({ max: 1000 }).optional(),
    postalAddress: f.textarea({ max: 1000 }).optional(),
    phone: f.text({ max: 64 }).optional(),
    email: f.of('email', primaryEmailSchema.max(254), z.string()).optional().searchable(),
    emails: f.text().input(emailListSchema.max(2000)).optional(),
    website: f.text().optional(),
    statusId: f.reference(counterpartyStatusResource).optional().filterable(),
    featureIds: f.references(counterpartyFeatureResource, undefined, { max: 100 }).defaulted().filterable(),
    serviceOfficeId: f.reference(serviceOfficeResource).optional().filterable(),
    curatorIds: colleagues().listed().filterable(),
    managerIds: colleagues(),
    creditLimit: f.money().input(creditAmountSchema).optional().sortable(),
    creditLimitThreshold: f.money().input(creditAmountSchema).optional(),
    /** What the counterparty owes now (sum of the registered exposure sources), decimal string. */
    creditExposure: f.money().readOnly(),
    creditState: f.enum(CREDIT_STATES, CREDIT_STATE_LABELS).readOnly().listed().filterable(),
    orderCapacity: f.integer({ min: 0, max: 1_000_000 }).optional(),
    segment: f.enum(COUNTERPARTY_SEGMENTS, SEGMENT_LABELS).optional().filterable().sortable().width('short'),
    difficult: f.boolean().defaulted().filterable(),
    managementLock: f.boolean().defaulted(),
    liquidAccess: f.boolean().defaulted(),
    applicationRequired: f.boolean().defaulted(),
    bonusPaymentWindowDays: f.integer({ min: 0, max: 3650 }).optional(),
    blackList: f.boolean().defaulted().listed().filterable().sortable(),
    blackListReason: f.textarea({ max: 2000 }).optional(),
    firstContact: f.date().optional().sortable(),
    restoredDate: f.date().optional(),
    validUntil: f.date().optional().filterable(),
    paymentTermsBasis: f.enum(PAYMENT_TERMS_BASES, PAYMENT_TERMS_BASIS_LABELS).optional(),
    paymentTermsDays: f.integer({ min: 0, max: 365 }).optional(),
    /** IPv4/IPv6 addresses or CIDR ranges the counterparty's API key is accepted from (checked by the server). */
    apiAllowedIps: f
      .of('tags', z.array(z.string().trim().min(1).max(100)).max(100), z.array(z.string()))
      .defaulted()
      .hiddenInForm(),
    /** An API key exists (it was shown once when generated). */
    hasApiKey: f.boolean().readOnly().schemaOnly(),
    apiKeyCreatedAt: f.datetime().optional().schemaOnly(),
    /** Merged into another counterparty: the survivor's id, and when. */
    merged: f.boolean().readOnly().filterable().hiddenInForm(),
    mergedIntoId: f.integer().readOnly().optional().schemaOnly(),
    mergedAt: f.datetime().optional().schemaOnly(),
    comment: f.textarea().optional(),
    createdAt: f.createdAt(),
    updatedAt: f.updatedAt(),
  },
  roles: COUNTERPARTY_ROLES,
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  deletable: true,
  screens: { create: true, edit: true },
});

/** The body of `POST /api/counterparties`. */
export const counterpartyCreateSchema = counterpartyResource.create;
export type CounterpartyCreate = z.infer<typeof counterpartyCreateSchema>;
export const counterpartySchema = counterpartyResource.entity;
export type Counterparty = z.infer<typeof counterpartySchema>;

/** The reference of a sub-resource's record (contacts, bank accounts, ...) to its counterparty. */
export const counterpartyParent = () =>
  f.parent(counterpartyResource).label('counterparties.fields.counterparty');
