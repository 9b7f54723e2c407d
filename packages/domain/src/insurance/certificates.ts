import { z } from 'zod';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import { moneySchema } from '../common/money';
import type { LocalizedText } from '../common/resource';
import { updateSchemaOf } from '../common/resource';
import { MESSAGES } from '../common/validation';
import { counterpartyResource } from '../counterparties/counterparty';
import { orderResource } from '../operations/order';
import {
  CARGO_INSURANCE_STATUS_LABELS,
  CARGO_INSURANCE_STATUSES,
  CARGO_INSURANCE_TRANSITIONS,
  type CargoInsuranceStatus,
} from '../operations/statuses';
import type { Role } from '../permissions';
import { currencyResource } from '../reference-data/currencies';
import { vehicleTypeResource } from '../reference-data/vehicle-types';
import { insurancePolicyResource, insuranceRateSchema } from './policies';
import { INSURED_AMOUNT_BASES, type InsuredAmountBasis } from './premium';

export const INSURED_AMOUNT_BASIS_LABELS: Readonly<Record<InsuredAmountBasis, LocalizedText>> = {
  declared: { ru: 'Объявленная стоимость', en: 'Declared value' },
  cif110: { ru: 'CIF + 10 %', en: 'CIF + 10 %' },
};

/**
 * Where a certificate's application stands with a linked insurer: being sent (or waiting for the insurer's
 * decision), waiting to be tried again after a failure, failed for good (the desk sends it again), done.
 */
export const INSURER_LINK_STATES = ['sending', 'retrying', 'failed', 'done'] as const;
export type InsurerLinkState = (typeof INSURER_LINK_STATES)[number];

export const INSURER_LINK_STATE_LABELS: Readonly<Record<InsurerLinkState, LocalizedText>> = {
  sending: { ru: 'Отправляется страховщику', en: 'Being sent to the insurer' },
  retrying: { ru: 'Повтор после сбоя', en: 'Retrying after a failure' },
  failed: { ru: 'Страховщик не ответил', en: 'The insurer did not answer' },
  done: { ru: 'Ответ страховщика получен', en: "The insurer's answer received" },
};

/**
 * Spec §6 "Insurance": whoever prepares insurance holds "insurance status ready"; the bank-insurer reads
 * certificates and accepts, rejects or issues them; "case removal" cancels an insured one.
 */
export const INSURANCE_ROLES = {
  view: ['ROLE_INSURANCE_STATUS_READY', 'ROLE_INSURANCE_BANK_INSURER', 'ROLE_INSURANCE_CASE_REMOVE'],
  edit: ['ROLE_INSURANCE_STATUS_READY'],
  insurer: ['ROLE_INSURANCE_BANK_INSURER'],
  cancelInsured: ['ROLE_INSURANCE_CASE_REMOVE'],
} as const satisfies Record<string, readonly Role[]>;

const amount = moneySchema.shape.amount.refine(
  (v) => !v.startsWith('-') && /[1-9]/.test(v),
  MESSAGES.tooSmall,
);
const nonNegative = moneySchema.shape.amount.refine((v) => !v.startsWith('-'), MESSAGES.tooSmall);

/**
 * A cargo insurance certificate (`/tms/cargo-insurance`): one order's shipment declared under an open cover.
 * Its status is the order's cargo insurance status (operations' transitions), moved by the insurance use
 * cases; its terms (value, rate, period, information) change until it goes to the insurer. The server
 * reckons the insured amount and the premium in the policy's currency (premium.ts).
 */
export const insuranceCertificateResource = declareResource({
  name: 'insurance_certificate',
  path: '/tms/cargo-insurance',
  title: 'insurance.certificates.title',
  itemTitle: 'insurance.certificates.item',
  keys: 'insurance.certificates.fields',
  fields: {
    /** The insurer's certificate number, given at issue. */
    number: f.text({ max: 50 }).optional().readOnly().listed().searchable().sortable(),
    /** The order's cargo insurance status. */
    status: f.enum(CARGO_INSURANCE_STATUSES, CARGO_INSURANCE_STATUS_LABELS).readOnly().listed().filterable(),
    orderId: f
      .reference(orderResource)
      .set({ reference: { path: orderResource.path, labelField: orderResource.labelField, padded: true } })
      .listed()
      .filterable(),
    policyId: f.reference(insurancePolicyResource).listed().filterable(),
    clientId: f.reference(counterpartyResource).optional().readOnly().filterable().shownBy('clientName'),
    clientName: f.text().optional().readOnly().listed().searchable().sortable().hiddenInForm(),
    // Insurance details.
    amountBasis: f.enum(INSURED_AMOUNT_BASES, INSURED_AMOUNT_BASIS_LABELS).defaulted(),
    /** The value insured: the order's declared value unless given (or CIF for CIF + 10 %). */
    insuredValue: f.money().input(amount).optional(),
    valueCurrencyId: f.reference(currencyResource, 'code').optional(),
    periodFrom: f.date().optional().listed().filterable().sortable(),
    periodTo: f.date().optional(),
    /** The day the premium's exchange rate is taken on; the issue sets it to the day of issue. */
    issueDate: f.date().optional().listed().filterable().sortable(),
    /** Percent; the policy's rate unless given, within the policy's range. */
    rate: f.text({ max: 10 }).input(insuranceRateSchema).optional(),
    deductible: f.money().input(nonNegative).optional(),
    insuredAmount: f.money().optional().readOnly().listed().sortable(),
    premium: f.money().optional().readOnly().listed().sortable(),
    /** The policy's currency: the amount's and the premium's. */
    currencyId: f.reference(currencyResource, 'code').optional().readOnly().listed(),
    /** Policy-currency units of one unit of the value's currency on the issue date. */
    exchangeRate: f.text().optional().readOnly(),
    // Insurance information (spec §3).
    insuredName: f.text({ max: 255 }).optional().searchable(),
    insuredAddress: f.text({ max: 1000 }).optional(),
    cargoDescription: f.textarea({ max: 2000 }).optional(),
    invoiceNumber: f.text({ max: 100 }).optional().searchable(),
    invoiceDate: f.date().optional(),
    dispatchAddress: f.text({ max: 1000 }).optional(),
    deliveryAddress: f.text({ max: 1000 }).optional(),
    transferAddress: f.text({ max: 1000 }).optional(),
    vehicleTypeId: f.reference(vehicleTypeResource).optional(),
    vehiclePlate: f.text({ max: 30 }).optional(),
    additionalInfo: f.textarea({ max: 4000 }).optional(),
    // What happened.
    rejectionReason: f.text().optional().readOnly(),
    issuedAt: f.datetime().optional().readOnly(),
    cancelledAt: f.datetime().optional().readOnly(),
    // The insurer link (policies with an insurer URL): where the application stands with the insurer.
    insurerState: f.enum(INSURER_LINK_STATES, INSURER_LINK_STATE_LABELS).optional().readOnly(),
    insurerApplicationId: f.text().optional().readOnly(),
    /** Calls to the insurer made for the current application, and the last one's failure. */
    insurerAttempts: f.integer().optional().readOnly(),
    insurerError: f.text().optional().readOnly(),
    insurerNextAttemptAt: f.datetime().optional().readOnly(),
    /** The premium's bills (finance), once billed. */
    incomeBillId: f.integer().optional().readOnly(),
    expenseBillId: f.integer().optional().readOnly(),
    createdAt: f.createdAt().sortable(),
    updatedAt: f.updatedAt(),
  },
  roles: { view: INSURANCE_ROLES.view, edit: INSURANCE_ROLES.edit },
  labelField: 'number',
  defaultSort: { field: 'createdAt', order: 'desc' },
  deletable: true,
  screens: { create: true, edit: true },
});

export const insuranceCertificateSchema = insuranceCertificateResource.entity;
export type InsuranceCertificate = z.infer<typeof insuranceCertificateSchema>;
export const insuranceCertificateCreateSchema = insuranceCertificateResource.create;
export type InsuranceCertificateCreate = z.infer<typeof insuranceCertificateCreateSchema>;
export const insuranceCertificateUpdateSchema = updateSchemaOf(insuranceCertificateCreateSchema);

/** The terms may change while the certificate is ours: not yet with the insurer. */
export const EDITABLE_INSURANCE_STATUSES = ['NOT_READY', 'READY', 'REJECTED'] as const;

/** What every move's body carries: the version the user saw and an optional comment. */
export const insuranceMoveBaseSchema = z.object({
  version: z.number().int().positive(),
  comment: z.string().trim().max(2000).nullable().optional(),
});

/** The moves of a certificate, each its own POST `/tms/cargo-insurance/{id}/<move>`. */
export const INSURANCE_MOVES = ['ready', 'not-ready', 'accept', 'reject', 'issue', 'cancel'] as const;
export type InsuranceMove = (typeof INSURANCE_MOVES)[number];

/** The order status each move takes the certificate to (the order's transitions say from where, and who). */
export const INSURANCE_MOVE_TARGETS = {
  ready: 'READY',
  'not-ready': 'NOT_READY',
  accept: 'ACCEPTED',
  reject: 'REJECTED',
  issue: 'INSURED',
  cancel: 'CANCELLED',
} as const satisfies Record<InsuranceMove, CargoInsuranceStatus>;

/** Who may ask for each move (the order's transitions may ask more: case removal for an insured one). */
export const INSURANCE_MOVE_ROLES: Readonly<Record<InsuranceMove, readonly Role[]>> = {
  ready: INSURANCE_ROLES.edit,
  'not-ready': INSURANCE_ROLES.edit,
  accept: INSURANCE_ROLES.insurer,
  reject: INSURANCE_ROLES.insurer,
  issue: INSURANCE_ROLES.insurer,
  cancel: [...INSURANCE_ROLES.edit, ...INSURANCE_ROLES.cancelInsured],
};

/** The moves the order's transition table has from a status, in the order a page offers them. */
export function insuranceMovesFrom(status: CargoInsuranceStatus): InsuranceMove[] {
  return INSURANCE_MOVES.filter((move) =>
    CARGO_INSURANCE_TRANSITIONS.some((t) => t.from === status && t.to === INSURANCE_MOVE_TARGETS[move]),
  );
}
