import { z } from 'zod';
import {
  decimalCompare,
  decimalDivide,
  decimalFixed,
  decimalMultiply,
  decimalSubtract,
} from '../common/decimal';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import { moneySchema } from '../common/money';
import { MESSAGES } from '../common/validation';
import { legalEntityResource } from '../company/legal-entities';
import { serviceOfficeResource } from '../company/service-offices';
import { counterpartyResource } from '../counterparties/counterparty';
import { type Role, rolesOfScopedPermission } from '../permissions';
import { currencyResource } from '../reference-data/currencies';
import { colleagueReference } from '../users';
import { paymentFormResource } from './payment-forms';
import { paymentLinkEntitySchema, paymentLinkSchema, paymentResource } from './payments';

/** Stable English messages of the bank acquiring rules; the web translates them in messages.json. */
export const ACQUIRING_MESSAGES = {
  fixed: 'A bank acquiring operation does not change: delete it and enter it again.',
  commissionRequired: 'Give the commission amount or its rate.',
  commissionTwice: 'Give either the commission amount or its rate, not both.',
  commissionOverGross: 'The commission must be less than the gross amount.',
  rate: 'The commission rate is a percentage from 0 to 100 with at most four decimals.',
  paymentOfOperation: 'The payment of a bank acquiring operation is deleted with the operation.',
} as const;

/**
 * Spec §6 "Acquiring: manage, view own or all": manage enters and deletes operations and reads them all;
 * view all reads every operation, view own the ones the user entered (docs/finance.md "Bank acquiring").
 */
export const ACQUIRING_ROLES = {
  view: ['ROLE_ACQUIRING_MANAGE', ...rolesOfScopedPermission('ROLE_ACQUIRING_VIEW')],
  // Entered and deleted, never changed.
  edit: [],
  create: ['ROLE_ACQUIRING_MANAGE'],
  delete: ['ROLE_ACQUIRING_MANAGE'],
} as const satisfies Record<'view' | 'edit' | 'create' | 'delete', readonly Role[]>;

const positiveAmount = moneySchema.shape.amount.refine(
  (v) => !v.startsWith('-') && /[1-9]/.test(v),
  MESSAGES.tooSmall,
);
const commissionAmount = moneySchema.shape.amount.refine((v) => !v.startsWith('-'), MESSAGES.tooSmall);
/** A percentage, "1.8" or "2.25": 0 to 100 with at most four decimals. */
const RATE = /^\d{1,3}(\.\d{1,4})?$/;
const commissionRate = z
  .string()
  .trim()
  .refine((v) => RATE.test(v) && decimalCompare(v, '100') <= 0, ACQUIRING_MESSAGES.rate);

/**
 * The acquirer's commission of a gross amount at a rate in percent: gross × rate ÷ 100, rounded half away
 * from zero to kopecks (decimal arithmetic, never floats).
 */
export function acquiringCommission(gross: string, ratePercent: string): string {
  return decimalFixed(decimalDivide(decimalMultiply(gross, ratePercent), '100', 2), 2);
}

/** What the acquiring bank settles onto the payment form: the gross less its commission. */
export function acquiringNet(gross: string, commission: string): string {
  return decimalFixed(decimalSubtract(gross, commission), 2);
}

/**
 * Bank acquiring (`/bank-acquiring`, spec §3, DOMAIN "Payments through bank acquiring are card payments"):
 * card payments of a client received through an acquiring bank onto one of our payment forms, less the
 * acquirer's commission, matched to the client's income bills. Entering one enters its incoming payment of
 * the gross amount (the payments' rules and posting) and posts the commission (docs/finance.md "Bank
 * acquiring").
 */
export const acquiringResource = declareResource({
  name: 'acquiring_operation',
  path: '/bank-acquiring',
  title: 'finance.acquiring.title',
  itemTitle: 'finance.acquiring.item',
  keys: 'finance.acquiring.fields',
  fields: {
    number: f.text({ max: 50 }).listed().searchable().sortable(),
    date: f.date().listed().filterable().sortable(),
    /** The acquiring bank (a counterparty of ours under an acquiring agreement). */
    acquirerId: f.reference(counterpartyResource).listed().filterable(),
    paymentFormId: f.reference(paymentFormResource).listed().filterable(),
    /** The payment form's company and currency, stored with the operation. */
    legalEntityId: f.reference(legalEntityResource).readOnly().filterable().hiddenInForm(),
    currencyId: f.reference(currencyResource, 'code').readOnly().listed().filterable().hiddenInForm(),
    /** The client whose card payments these are; the links pay its income bills. */
    counterpartyId: f.reference(counterpartyResource).listed().filterable(),
    grossAmount: f.money().input(positiveAmount).listed().sortable(),
    /** The commission rate in percent; given, the server computes the commission from it. */
    commissionRate: f.text({ max: 10 }).input(commissionRate).optional(),
    /** The commission: given, or computed from the rate. */
    commissionAmount: f.money().input(commissionAmount).defaulted().listed().sortable(),
    netAmount: f.money().readOnly().listed().sortable(),
    links: f
      .of('json', z.array(paymentLinkSchema).max(100), z.array(paymentLinkEntitySchema))
      .defaulted()
      .label('finance.acquiring.fields.links'),
    /** The incoming payment of the gross amount the operation entered. */
    paymentId: f.reference(paymentResource).readOnly().optional().hiddenInForm(),
    comment: f.textarea({ max: 2000 }).optional().listed().searchable(),
    serviceOfficeId: f.reference(serviceOfficeResource).readOnly().optional().filterable().hiddenInForm(),
    createdById: f.reference(colleagueReference).readOnly().optional().filterable().hiddenInForm(),
    createdAt: f.createdAt().sortable(),
    updatedAt: f.updatedAt(),
  },
  roles: ACQUIRING_ROLES,
  labelField: 'number',
  defaultSort: { field: 'date', order: 'desc' },
  deletable: true,
  screens: { create: true, edit: true },
});
export const acquiringCreateSchema = acquiringResource.create;
export type AcquiringCreate = z.infer<typeof acquiringCreateSchema>;
export const acquiringSchema = acquiringResource.entity;
export type AcquiringOperation = z.infer<typeof acquiringSchema>;

/** The totals of a list's filter, per currency (no total adds currencies). */
export const acquiringTotalsSchema = z.array(
  z.object({
    currencyId: z.number().int(),
    currencyCode: z.string(),
    gross: z.string(),
    commission: z.string(),
    net: z.string(),
    count: z.number().int(),
  }),
);
export type AcquiringTotals = z.infer<typeof acquiringTotalsSchema>;
