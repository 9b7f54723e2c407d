import { z } from 'zod';
import { decimalCompare } from '../common/decimal';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import { moneySchema } from '../common/money';
import { updateSchemaOf } from '../common/resource';
import { MESSAGES } from '../common/validation';
import { counterpartyResource } from '../counterparties/counterparty';
import type { Role } from '../permissions';
import { currencyResource } from '../reference-data/currencies';
import { DECLARED_SCREENS } from '../screens';
import { INSURANCE_MESSAGES as M } from './messages';
import { INSURANCE_RATE } from './premium';

/** A percentage of 0 to 100 with at most four decimals, as decimal text. */
export const insuranceRateSchema = z
  .string()
  .trim()
  .refine((v) => INSURANCE_RATE.test(v) && decimalCompare(v, '100') <= 0, M.rateFormat);

const amount = moneySchema.shape.amount.refine((v) => !v.startsWith('-'), MESSAGES.tooSmall);

/** Who reads and keeps the open covers: the settings role of spec §6 "cargo insurance"; the insurer and
 * whoever prepares certificates read them. */
export const INSURANCE_POLICY_ROLES = {
  view: ['ROLE_SETTINGS_CARGO_INSURANCE', 'ROLE_INSURANCE_STATUS_READY', 'ROLE_INSURANCE_BANK_INSURER'],
  edit: ['ROLE_SETTINGS_CARGO_INSURANCE'],
} as const satisfies { view: readonly Role[]; edit: readonly Role[] };

/**
 * The company's open cover (генеральный договор, ГК РФ ст. 941) with an insurer: each shipment declared
 * under it gets a certificate. It fixes the currency, the default rate and the range a certificate's rate
 * may take, the minimum premium per certificate, the deductible, how long after issue the insurer lets a
 * certificate be cancelled and how many days a claim's notice may take.
 */
export const insurancePolicyResource = declareResource({
  name: 'insurance_policy',
  path: DECLARED_SCREENS.insurancePolicyResource.path,
  title: 'insurance.policies.title',
  itemTitle: 'insurance.policies.item',
  keys: 'insurance.policies.fields',
  fields: {
    number: f.text({ max: 50 }).listed().searchable().sortable(),
    insurerId: f.reference(counterpartyResource).filterable().shownBy('insurerName'),
    /** The insurer's name at the last save: the list's column (readers of policies need not read counterparties). */
    insurerName: f.text().readOnly().listed().searchable().sortable().hiddenInForm(),
    currencyId: f.reference(currencyResource, 'code').listed().filterable(),
    validFrom: f.date().listed().sortable(),
    validUntil: f.date().listed().sortable(),
    rate: f.text({ max: 10 }).input(insuranceRateSchema).listed(),
    minRate: f.text({ max: 10 }).input(insuranceRateSchema),
    maxRate: f.text({ max: 10 }).input(insuranceRateSchema),
    minimumPremium: f.money().input(amount).listed(),
    deductible: f.money().input(amount).defaulted(),
    /** Hours after the certificate's issue the insurer still takes a cancellation (0: never once insured). */
    cancelWindowHours: f.integer({ min: 0, max: 8760 }).defaulted(),
    /** Days the insured has to give the insurer written notice of a loss. */
    claimNoticeDays: f.integer({ min: 1, max: 365 }).defaulted(),
    /** Days the insurer has to decide a claim once its documents are complete. */
    claimDecisionDays: f.integer({ min: 1, max: 365 }).defaulted(),
    /** Days the insurer has to pay a claim once it decided to. */
    claimPaymentDays: f.integer({ min: 1, max: 365 }).defaulted(),
    /**
     * The insurer's API (docs/insurance.md "Insurer link"): accepted certificates go to it through the job
     * queue and come back insured or rejected. Empty: the insurance desk enters the insurer's decisions.
     */
    insurerUrl: f.text({ max: 500 }).input(z.string().trim().url().max(500)).optional(),
    comment: f.textarea({ max: 2000 }).optional(),
    enabled: f.enabled(),
    updatedAt: f.updatedAt(),
  },
  roles: INSURANCE_POLICY_ROLES,
  labelField: 'number',
  defaultSort: { field: 'validFrom', order: 'desc' },
  deletable: true,
  screens: { create: true, edit: true },
});

export const insurancePolicySchema = insurancePolicyResource.entity;
export type InsurancePolicy = z.infer<typeof insurancePolicySchema>;
export const insurancePolicyCreateSchema = insurancePolicyResource.create;
export const insurancePolicyUpdateSchema = updateSchemaOf(insurancePolicyCreateSchema);
