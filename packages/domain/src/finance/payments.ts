import { z } from 'zod';
import { declareResource } from '../common/declare';
import { defineFieldRoles } from '../common/field-roles';
import { f } from '../common/fields';
import { moneySchema } from '../common/money';
import { MESSAGES } from '../common/validation';
import { legalEntityResource } from '../company/legal-entities';
import { serviceOfficeResource } from '../company/service-offices';
import { counterpartyResource } from '../counterparties/counterparty';
import { type Role, rolesOfScopedPermission } from '../permissions';
import { currencyResource } from '../reference-data/currencies';
import { colleagueReference } from '../users';
import { internalTransferResource } from './internal-transfers';
import { paymentFormResource } from './payment-forms';

/** Stable English messages of the payments' rules; the web translates them in messages.json. */
export const PAYMENT_MESSAGES = {
  billCurrency: 'The bill is in another currency than the payment.',
  billDirection: 'An incoming payment pays income bills, an outgoing one expense bills.',
  billCounterparty: 'The bill belongs to another counterparty.',
  billTwice: 'The bill is linked twice.',
  overBalance: "The linked amount exceeds the bill's open balance.",
  overAmount: 'The linked amounts exceed the payment amount.',
  unlinkedDenied: 'You may not leave a payment or a part of it unlinked.',
  linkDenied: 'You may not link payments to bills.',
  fixed:
    'Only the links of a payment change, and its counterparty while it has none: delete it and enter it again.',
  counterpartyRequired: 'A payment linked to bills needs its counterparty.',
  billAccepted: "The bill's order or job is accepted by finance control: its payment links do not change.",
  paysAccepted:
    'The payment pays a bill of an order or job accepted by finance control: it is not deleted while that stands.',
  transferBill: 'A payment of an internal transfer covers only the bills of that transfer.',
  billOfTransfer: 'A bill of an internal transfer takes only the payments of that transfer.',
} as const;

/** Incoming: money came to the payment form's account; outgoing: it left it. */
export const PAYMENT_DIRECTIONS = {
  INCOMING: { ru: 'Входящий', en: 'Incoming' },
  OUTGOING: { ru: 'Исходящий', en: 'Outgoing' },
} as const;
export type PaymentDirection = keyof typeof PAYMENT_DIRECTIONS;

/** The bills' direction an incoming or outgoing payment pays. */
export const PAYMENT_BILL_DIRECTION = { INCOMING: 'INCOME', OUTGOING: 'EXPENSE' } as const;

/** Spec §6 "Payments": list (office, all), create, delete (own, office, all), linked, unlinked, totals. */
export const PAYMENT_ROLES = {
  view: [...rolesOfScopedPermission('ROLE_PAYMENT_LIST'), 'ROLE_PAYMENT_CREATE'],
  // The only change of a payment is to its links.
  edit: ['ROLE_PAYMENT_LINKED'],
  create: ['ROLE_PAYMENT_CREATE'],
  delete: rolesOfScopedPermission('ROLE_PAYMENT_DELETE'),
} as const satisfies Record<'view' | 'edit' | 'create' | 'delete', readonly Role[]>;

/** Only an internal transfer enters its own pair of payments (its use case checks they are its). */
export const PAYMENT_FIELD_RULES = defineFieldRoles({
  roles: { internalTransferId: 'ROLE_INTERNAL_TRANSFER_CREATE' },
  createDefaults: { internalTransferId: null },
});

const positiveAmount = moneySchema.shape.amount.refine(
  (v) => !v.startsWith('-') && /[1-9]/.test(v),
  MESSAGES.tooSmall,
);

/** A payment's part paying one bill (in the payment's currency, which is the bill's). */
export const paymentLinkSchema = z.object({
  billId: z.number().int().positive(),
  amount: positiveAmount,
});
export type PaymentLink = z.infer<typeof paymentLinkSchema>;
/** A link as answered: with the bill's number, amount and balance for the reader. */
export const paymentLinkEntitySchema = paymentLinkSchema.extend({
  billNumber: z.string(),
  billAmount: z.string(),
  billBalance: z.string(),
});

/**
 * Payments (`/finances/payments`, spec §3 "Payment"): money in or out on one of our payment forms (its
 * company, account and currency are the payment's), linked to bills of the same currency or left (partly)
 * unlinked. Every write posts to or reverses in the ledger (docs/finance.md "Payments").
 */
export const paymentResource = declareResource({
  name: 'payment',
  path: '/finances/payments',
  title: 'finance.payments.title',
  itemTitle: 'finance.payments.item',
  keys: 'finance.payments.fields',
  fields: {
    number: f.text({ max: 50 }).listed().searchable().sortable(),
    direction: f.enum(PAYMENT_DIRECTIONS).listed().filterable().sortable().width('short'),
    date: f.date().listed().filterable().sortable(),
    paymentFormId: f.reference(paymentFormResource).listed().filterable(),
    /** The payment form's company and currency, stored with the payment. */
    legalEntityId: f.reference(legalEntityResource).readOnly().listed().filterable().hiddenInForm(),
    currencyId: f.reference(currencyResource, 'code').readOnly().listed().filterable().hiddenInForm(),
    amount: f.money().input(positiveAmount).listed().sortable(),
    counterpartyId: f.reference(counterpartyResource).optional().filterable(),
    counterpartyName: f.text().readOnly().optional().listed().searchable().sortable().hiddenInForm(),
    purpose: f.textarea({ max: 2000 }).optional().listed().searchable(),
    /** What of the amount pays bills; the rest is unlinked (an advance until matched). */
    linkedAmount: f.money().readOnly().listed().sortable(),
    unlinkedAmount: f.money().readOnly().listed().filterable().sortable(),
    links: f
      .of('json', z.array(paymentLinkSchema).max(100), z.array(paymentLinkEntitySchema))
      .defaulted()
      .label('finance.payments.fields.links'),
    /** The internal transfer whose outgoing or incoming payment this is. */
    internalTransferId: f.reference(internalTransferResource).optional().filterable().hiddenInForm(),
    serviceOfficeId: f.reference(serviceOfficeResource).readOnly().optional().filterable().hiddenInForm(),
    createdById: f.reference(colleagueReference).readOnly().optional().filterable().hiddenInForm(),
    createdAt: f.createdAt().sortable(),
    updatedAt: f.updatedAt(),
  },
  fieldRoles: PAYMENT_FIELD_RULES,
  roles: PAYMENT_ROLES,
  labelField: 'number',
  defaultSort: { field: 'date', order: 'desc' },
  deletable: true,
  screens: { create: true, edit: true },
});

export const paymentCreateSchema = paymentResource.create;
export type PaymentCreate = z.infer<typeof paymentCreateSchema>;
export const paymentSchema = paymentResource.entity;
export type Payment = z.infer<typeof paymentSchema>;

/** The payments' totals of a list's filter, per currency and direction (no total adds currencies). */
export const paymentTotalsSchema = z.array(
  z.object({
    currencyId: z.number().int(),
    currencyCode: z.string(),
    incoming: z.string(),
    outgoing: z.string(),
    unlinked: z.string(),
    count: z.number().int(),
  }),
);
export type PaymentTotals = z.infer<typeof paymentTotalsSchema>;
