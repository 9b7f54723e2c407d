import { z } from 'zod';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import { moneySchema } from '../common/money';
import { MESSAGES } from '../common/validation';
import { legalEntityResource } from '../company/legal-entities';
import type { Role } from '../permissions';
import { currencyResource } from '../reference-data/currencies';
import { colleagueReference } from '../users';
import { paymentFormResource } from './payment-forms';

/** Stable English messages of automatic transfers; the web translates them in messages.json. */
export const AUTOMATIC_TRANSFER_MESSAGES = {
  sameCompany: 'The recipient company must differ from the sender one.',
  formCompany: "The payment form must belong to the rule's company.",
  formCurrency: "The payment form must be in the rule's currency.",
  noForm: 'No payment form for the transfer: set one on the rule or as the default of the legal-entity rule.',
  noBank: 'Cannot create a commission: no bank set for the payment form.',
  pairTwice: 'This pair of companies is listed twice.',
} as const;

/**
 * Spec §6 "Internal transfers": the transfers' readers read the rules and their runs; ROLE_AUTOMATIC_TRANSFER_RULES
 * sets up the rules and the legal-entity rules and runs them now (docs/finance.md "Automatic transfers").
 */
export const AUTOMATIC_TRANSFER_ROLES = {
  view: ['ROLE_INTERNAL_TRANSFER_VIEW', 'ROLE_INTERNAL_TRANSFER_CREATE', 'ROLE_AUTOMATIC_TRANSFER_RULES'],
  edit: ['ROLE_AUTOMATIC_TRANSFER_RULES'],
  create: ['ROLE_AUTOMATIC_TRANSFER_RULES'],
  delete: ['ROLE_AUTOMATIC_TRANSFER_RULES'],
} as const satisfies Record<'view' | 'edit' | 'create' | 'delete', readonly Role[]>;

/** A commission rate in percent of the transfer: 0 to 100, two decimals. */
const percent = moneySchema.shape.amount.refine(
  (v) => !v.startsWith('-') && Number.parseFloat(v) <= 100,
  MESSAGES.invalid,
);

/**
 * An automatic transfer rule (`/finances/automatic-transfers/rules`): the condition is an order's transfer
 * plan needing money from the sender company (the company of the order's first income bill) to the recipient
 * company (where its expense bills are) in the currency; the transfer goes between the rule's payment forms,
 * or the legal-entity rule's default forms where the rule names none, with the rule's commission.
 */
export const automaticTransferRuleResource = declareResource({
  name: 'automatic_transfer_rule',
  path: '/finances/automatic-transfers/rules',
  title: 'finance.automaticTransfers.rules.title',
  itemTitle: 'finance.automaticTransfers.rules.item',
  keys: 'finance.automaticTransfers.rules.fields',
  fields: {
    name: f.name(),
    senderLegalEntityId: f.reference(legalEntityResource).listed().filterable(),
    recipientLegalEntityId: f.reference(legalEntityResource).listed().filterable(),
    currencyId: f.reference(currencyResource, 'code').listed().filterable(),
    senderFormId: f.reference(paymentFormResource).optional().listed(),
    recipientFormId: f.reference(paymentFormResource).optional().listed(),
    commissionPercent: f.money().input(percent).optional().listed(),
    commissionFixed: f.money().optional().listed(),
    comment: f.textarea({ max: 2000 }).optional(),
    createdById: f.reference(colleagueReference).readOnly().optional().hiddenInForm(),
    enabled: f.enabled(),
    updatedAt: f.updatedAt(),
  },
  roles: AUTOMATIC_TRANSFER_ROLES,
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  deletable: true,
  screens: { create: true, edit: true },
});
export const automaticTransferRuleCreateSchema = automaticTransferRuleResource.create;
export const automaticTransferRuleSchema = automaticTransferRuleResource.entity;
export type AutomaticTransferRule = z.infer<typeof automaticTransferRuleSchema>;

/** Whether automatic transfers run from one of our companies to another, and the forms they use by default. */
export const legalEntityRuleSchema = z.object({
  senderLegalEntityId: z.number().int().positive(),
  recipientLegalEntityId: z.number().int().positive(),
  enabled: z.boolean(),
  senderFormId: z.number().int().positive().nullable(),
  recipientFormId: z.number().int().positive().nullable(),
});
export type LegalEntityRule = z.infer<typeof legalEntityRuleSchema>;

/** `PUT /finances/automatic-transfers/legal-entity-rules`: the whole table at once. */
export const legalEntityRulesInputSchema = z.object({ rules: z.array(legalEntityRuleSchema).max(2500) });

/** What the legal-entity rules screen shows: the rules, our companies and their payment forms. */
export const legalEntityRulesViewSchema = z.object({
  rules: z.array(legalEntityRuleSchema),
  companies: z.array(z.object({ id: z.number().int(), name: z.string() })),
  forms: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      legalEntityId: z.number().int(),
      currencyCode: z.string(),
    }),
  ),
});
export type LegalEntityRulesView = z.infer<typeof legalEntityRulesViewSchema>;

export const AUTOMATIC_TRANSFER_ITEM_STATUSES = ['created', 'error'] as const;

/** One thing a run did: a transfer it created for a rule and an order, or why it could not. */
export const automaticTransferRunItemSchema = z.object({
  id: z.number().int(),
  ruleId: z.number().int().nullable(),
  ruleName: z.string(),
  orderId: z.number().int(),
  status: z.enum(AUTOMATIC_TRANSFER_ITEM_STATUSES),
  transferId: z.number().int().nullable(),
  amount: z.string(),
  currencyCode: z.string(),
  commission: z.string().nullable(),
  message: z.string().nullable(),
});
export type AutomaticTransferRunItem = z.infer<typeof automaticTransferRunItemSchema>;

/** A run of the `automatic-transfers` job: when, who started it (null: the schedule), what it did. */
export const automaticTransferRunSchema = z.object({
  id: z.number().int(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  startedById: z.number().int().nullable(),
  created: z.number().int(),
  errors: z.number().int(),
  items: z.array(automaticTransferRunItemSchema),
});
export type AutomaticTransferRun = z.infer<typeof automaticTransferRunSchema>;

/** `POST /finances/automatic-transfers/runs`: whether this call ran (false: a run was under way) and its log. */
export const automaticTransferRunNowSchema = z.object({
  ran: z.boolean(),
  run: automaticTransferRunSchema.nullable(),
});
