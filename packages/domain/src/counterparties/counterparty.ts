import { z } from 'zod';
import { createdAtField, updatedAtField } from '../common/dictionary';
import { defineFieldRoles, fieldRoleOf } from '../common/field-roles';
import { f } from '../common/fields';
import { defineResource, entityBase, type FieldDescriptor, type LocalizedText } from '../common/resource';
import { type Role, rolesOfScopedPermission } from '../permissions';
import { colleagueReference } from '../users';
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

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
const optionalIds = z.array(z.number().int().positive()).max(100).optional();
const optionalDate = z.iso.date().nullable().optional();

/**
 * The body of `POST /api/counterparties`. Rules that need other fields or the database are the server's:
 * client or contractor, Russian requisites by checksum when the registration country is Russia, INN+KPP
 * unique, threshold not above the limit, a reason for the black list, field permissions.
 */
export const counterpartyCreateSchema = z.object({
  name: latinCyrillicTextSchema.min(1).max(255),
  fullName: latinCyrillicTextSchema.max(500).nullable().optional(),
  nameEn: noCyrillicTextSchema.max(255).nullable().optional(),
  client: z.boolean().optional(),
  contractor: z.boolean().optional(),
  countryId: z.number().int().positive(),
  inn: optionalText(32),
  kpp: optionalText(32),
  ogrn: optionalText(32),
  okpo: optionalText(32),
  taxpayerId: optionalText(64),
  primaryStateRegistrationNumber: optionalText(64),
  vatCertificate: optionalText(64),
  legalAddress: optionalText(1000),
  postalAddress: optionalText(1000),
  phone: optionalText(64),
  email: primaryEmailSchema.max(254).nullable().optional(),
  emails: emailListSchema.max(2000).nullable().optional(),
  website: optionalText(255),
  statusId: z.number().int().positive().nullable().optional(),
  featureIds: optionalIds,
  serviceOfficeId: z.number().int().positive().nullable().optional(),
  curatorIds: optionalIds,
  managerIds: optionalIds,
  creditLimit: creditAmountSchema.nullable().optional(),
  creditLimitThreshold: creditAmountSchema.nullable().optional(),
  orderCapacity: z.number().int().min(0).max(1_000_000).nullable().optional(),
  segment: z.enum(COUNTERPARTY_SEGMENTS).nullable().optional(),
  difficult: z.boolean().optional(),
  managementLock: z.boolean().optional(),
  liquidAccess: z.boolean().optional(),
  applicationRequired: z.boolean().optional(),
  bonusPaymentWindowDays: z.number().int().min(0).max(3650).nullable().optional(),
  blackList: z.boolean().optional(),
  blackListReason: optionalText(2000),
  firstContact: optionalDate,
  restoredDate: optionalDate,
  validUntil: optionalDate,
  paymentTermsBasis: z.enum(PAYMENT_TERMS_BASES).nullable().optional(),
  paymentTermsDays: z.number().int().min(0).max(365).nullable().optional(),
  /** IPv4/IPv6 addresses or CIDR ranges the counterparty's API key is accepted from (checked by the server). */
  apiAllowedIps: z.array(z.string().trim().min(1).max(100)).max(100).optional(),
  comment: optionalText(4000),
});
export type CounterpartyCreate = z.infer<typeof counterpartyCreateSchema>;

export const counterpartySchema = z.object({
  ...entityBase,
  name: z.string(),
  fullName: z.string().nullable(),
  nameEn: z.string().nullable(),
  client: z.boolean(),
  contractor: z.boolean(),
  countryId: z.number().int(),
  inn: z.string().nullable(),
  kpp: z.string().nullable(),
  ogrn: z.string().nullable(),
  okpo: z.string().nullable(),
  taxpayerId: z.string().nullable(),
  primaryStateRegistrationNumber: z.string().nullable(),
  vatCertificate: z.string().nullable(),
  legalAddress: z.string().nullable(),
  postalAddress: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  emails: z.string().nullable(),
  website: z.string().nullable(),
  statusId: z.number().int().nullable(),
  featureIds: z.array(z.number().int()),
  serviceOfficeId: z.number().int().nullable(),
  curatorIds: z.array(z.number().int()),
  managerIds: z.array(z.number().int()),
  creditLimit: z.string().nullable(),
  creditLimitThreshold: z.string().nullable(),
  /** What the counterparty owes now (sum of the registered exposure sources), decimal string. */
  creditExposure: z.string(),
  creditState: z.enum(CREDIT_STATES),
  orderCapacity: z.number().int().nullable(),
  segment: z.enum(COUNTERPARTY_SEGMENTS).nullable(),
  difficult: z.boolean(),
  managementLock: z.boolean(),
  liquidAccess: z.boolean(),
  applicationRequired: z.boolean(),
  bonusPaymentWindowDays: z.number().int().nullable(),
  blackList: z.boolean(),
  blackListReason: z.string().nullable(),
  firstContact: z.string().nullable(),
  restoredDate: z.string().nullable(),
  validUntil: z.string().nullable(),
  paymentTermsBasis: z.enum(PAYMENT_TERMS_BASES).nullable(),
  paymentTermsDays: z.number().int().nullable(),
  apiAllowedIps: z.array(z.string()),
  /** An API key exists (it was shown once when generated). */
  hasApiKey: z.boolean(),
  apiKeyCreatedAt: z.string().nullable(),
  /** Merged into another counterparty: the survivor's id, and when. */
  merged: z.boolean(),
  mergedIntoId: z.number().int().nullable(),
  mergedAt: z.string().nullable(),
  comment: z.string().nullable(),
});
export type Counterparty = z.infer<typeof counterpartySchema>;

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

const field = (name: string) => ({
  name,
  label: `counterparties.fields.${name}`,
});

export const counterpartyFields: readonly FieldDescriptor[] = [
  {
    ...field('name'),
    type: 'text',
    listed: true,
    searchable: true,
    sortable: true,
    filterWidth: 'wide',
  },
  { ...field('fullName'), type: 'text', searchable: true },
  { ...field('nameEn'), type: 'text', searchable: true },
  { ...field('client'), type: 'boolean', listed: true, filterable: true, sortable: true },
  {
    ...field('contractor'),
    type: 'boolean',
    listed: true,
    filterable: true,
    sortable: true,
  },
  {
    ...field('countryId'),
    type: 'reference',
    reference: { path: '/settings/countries', labelField: 'name' },
    listed: true,
    filterable: true,
  },
  {
    ...field('inn'),
    type: 'text',
    listed: true,
    searchable: true,
    sortable: true,
    filterWidth: 'short',
  },
  { ...field('kpp'), type: 'text', filterWidth: 'short' },
  { ...field('ogrn'), type: 'text', filterWidth: 'short' },
  { ...field('okpo'), type: 'text', filterWidth: 'short' },
  { ...field('taxpayerId'), type: 'text' },
  {
    ...field('primaryStateRegistrationNumber'),
    type: 'text',
  },
  { ...field('vatCertificate'), type: 'text' },
  { ...field('legalAddress'), type: 'textarea' },
  { ...field('postalAddress'), type: 'textarea' },
  { ...field('phone'), type: 'text' },
  { ...field('email'), type: 'email', searchable: true },
  { ...field('emails'), type: 'text' },
  { ...field('website'), type: 'text' },
  {
    ...field('statusId'),
    type: 'reference',
    reference: { path: '/counterparty-statuses', labelField: 'name' },
    filterable: true,
  },
  {
    ...field('featureIds'),
    type: 'references',
    reference: { path: '/counterparty-features', labelField: 'name' },
    filterable: true,
  },
  {
    ...field('serviceOfficeId'),
    type: 'reference',
    reference: { path: '/settings/service-offices', labelField: 'name' },
    filterable: true,
  },
  {
    ...field('curatorIds'),
    type: 'references',
    reference: colleagueReference,
    listed: true,
    filterable: true,
  },
  { ...field('managerIds'), type: 'references', reference: colleagueReference },
  { ...field('creditLimit'), type: 'money', sortable: true },
  { ...field('creditLimitThreshold'), type: 'money' },
  { ...field('creditExposure'), type: 'money', readOnly: true },
  {
    ...field('creditState'),
    type: 'enum',
    options: CREDIT_STATES,
    optionLabels: CREDIT_STATE_LABELS,
    listed: true,
    filterable: true,
    readOnly: true,
  },
  { ...field('orderCapacity'), type: 'integer' },
  {
    ...field('segment'),
    type: 'enum',
    options: COUNTERPARTY_SEGMENTS,
    optionLabels: Object.fromEntries(COUNTERPARTY_SEGMENTS.map((s) => [s, { ru: s, en: s }])),
    filterable: true,
    sortable: true,
    filterWidth: 'short',
  },
  { ...field('difficult'), type: 'boolean', filterable: true },
  { ...field('managementLock'), type: 'boolean' },
  { ...field('liquidAccess'), type: 'boolean' },
  { ...field('applicationRequired'), type: 'boolean' },
  {
    ...field('bonusPaymentWindowDays'),
    type: 'integer',
  },
  {
    ...field('blackList'),
    type: 'boolean',
    listed: true,
    filterable: true,
    sortable: true,
  },
  { ...field('blackListReason'), type: 'textarea' },
  { ...field('firstContact'), type: 'date', sortable: true },
  { ...field('restoredDate'), type: 'date' },
  { ...field('validUntil'), type: 'date', filterable: true },
  {
    ...field('paymentTermsBasis'),
    type: 'enum',
    options: PAYMENT_TERMS_BASES,
    optionLabels: PAYMENT_TERMS_BASIS_LABELS,
  },
  { ...field('paymentTermsDays'), type: 'integer' },
  {
    ...field('apiAllowedIps'),
    type: 'tags',
    hiddenInForm: true,
  },
  {
    ...field('merged'),
    type: 'boolean',
    filterable: true,
    readOnly: true,
    hiddenInForm: true,
  },
  { ...field('comment'), type: 'textarea' },
  createdAtField,
  updatedAtField,
];

export const counterpartyResource = defineResource({
  fieldRoles: COUNTERPARTY_FIELD_RULES,
  name: 'counterparty',
  path: '/counterparties',
  title: 'counterparties.title',
  itemTitle: 'counterparties.item',
  titles: { ru: 'Контрагенты', en: 'Counterparties' },
  entity: counterpartySchema,
  create: counterpartyCreateSchema,
  fields: counterpartyFields,
  roles: COUNTERPARTY_ROLES,
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  deletable: true,
  screens: { create: true, edit: true },
});

/** The reference of a sub-resource's record (contacts, bank accounts, ...) to its counterparty. */
export const counterpartyParent = () =>
  f.parent(counterpartyResource).label('counterparties.fields.counterparty');
