import { z } from 'zod';
import { decimalAdd, decimalCompare, decimalFixed, decimalSubtract } from '../common/decimal';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import { moneySchema } from '../common/money';
import { MESSAGES } from '../common/validation';
import { legalEntityResource } from '../company/legal-entities';
import { serviceOfficeResource } from '../company/service-offices';
import { orderResource } from '../operations/order';
import type { Role } from '../permissions';
import { currencyResource } from '../reference-data/currencies';
import { colleagueReference } from '../users';
import { paymentFormResource } from './payment-forms';

/** Stable English messages of the internal transfers' rules; the web translates them in messages.json. */
export const INTERNAL_TRANSFER_MESSAGES = {
  sameForm: 'The recipient payment form must differ from the sender one.',
  currency: 'The sender and recipient payment forms must be in one currency.',
  fixed: 'An internal transfer does not change: delete it and enter it again.',
  outgoingFirst: 'Cannot delete the outgoing payment of an internal transfer while the incoming one exists.',
  planSender: "The sender payment form must be one of the order's income company in the need's currency.",
  planRecipient: "The recipient payment form must be one of the need's company in its currency.",
  planNoForm: 'No payment form fits: add one to the company in this currency.',
  hasBills: 'Cannot delete an internal transfer with bills: delete its intercompany bills first.',
} as const;

/**
 * Spec §6 "Internal transfers": view (every transfer), create (enter them, read and delete one's own within
 * the payments' delete scope: docs/finance.md "Internal transfers").
 */
export const INTERNAL_TRANSFER_ROLES = {
  view: ['ROLE_INTERNAL_TRANSFER_VIEW', 'ROLE_INTERNAL_TRANSFER_CREATE'],
  edit: [],
  create: ['ROLE_INTERNAL_TRANSFER_CREATE'],
  delete: ['ROLE_INTERNAL_TRANSFER_CREATE'],
} as const satisfies Record<'view' | 'edit' | 'create' | 'delete', readonly Role[]>;

/** Spec §6 "Internal transfers: plan": reads an order's transfer plan and creates its missing transfers. */
export const INTERNAL_TRANSFER_PLAN_ROLES = [
  'ROLE_INTERNAL_TRANSFER_PLAN',
] as const satisfies readonly Role[];

const positiveAmount = moneySchema.shape.amount.refine(
  (v) => !v.startsWith('-') && /[1-9]/.test(v),
  MESSAGES.tooSmall,
);

/**
 * Internal transfers (`/finances/internal-transfers`, spec §3): money moved between the group's own payment
 * forms (and so companies) in one currency: an outgoing payment on the sender form and an incoming one on the
 * recipient form, entered as a pair and posted through the INTERNAL_TRANSFERS clearing account.
 */
export const internalTransferResource = declareResource({
  name: 'internal_transfer',
  path: '/finances/internal-transfers',
  title: 'finance.internalTransfers.title',
  itemTitle: 'finance.internalTransfers.item',
  keys: 'finance.internalTransfers.fields',
  fields: {
    date: f.date().listed().filterable().sortable(),
    senderFormId: f.reference(paymentFormResource).listed().filterable(),
    /** The forms' companies and currency, stored with the transfer. */
    senderLegalEntityId: f.reference(legalEntityResource).readOnly().listed().filterable().hiddenInForm(),
    recipientFormId: f.reference(paymentFormResource).listed().filterable(),
    recipientLegalEntityId: f.reference(legalEntityResource).readOnly().listed().filterable().hiddenInForm(),
    currencyId: f.reference(currencyResource, 'code').readOnly().listed().filterable().hiddenInForm(),
    amount: f.money().input(positiveAmount).listed().sortable(),
    orderId: f.reference(orderResource).optional().filterable(),
    comment: f.textarea({ max: 2000 }).optional().listed(),
    serviceOfficeId: f.reference(serviceOfficeResource).readOnly().optional().filterable().hiddenInForm(),
    createdById: f.reference(colleagueReference).readOnly().optional().filterable().hiddenInForm(),
    createdAt: f.createdAt().sortable(),
    updatedAt: f.updatedAt(),
  },
  roles: INTERNAL_TRANSFER_ROLES,
  labelField: 'date',
  defaultSort: { field: 'date', order: 'desc' },
  deletable: true,
  screens: { create: true, edit: true },
});
export const internalTransferCreateSchema = internalTransferResource.create;
export type InternalTransferCreate = z.infer<typeof internalTransferCreateSchema>;
export const internalTransferSchema = internalTransferResource.entity;
export type InternalTransfer = z.infer<typeof internalTransferSchema>;

/** What of an order's bill the transfer plan looks at. */
export interface TransferPlanBill {
  direction: 'INCOME' | 'EXPENSE' | string;
  legalEntityId: number;
  currencyId: number;
  amount: string;
}
/** What of an internal transfer of the order the plan looks at. */
export interface TransferPlanTransfer {
  recipientLegalEntityId: number;
  currencyId: number;
  amount: string;
}

/** One need of an order's transfer plan: what a company of the group must receive in one currency. */
export interface TransferNeed {
  legalEntityId: number;
  currencyId: number;
  /** The sum of the order's expense bills of that company in that currency. */
  needed: string;
  /** The order's transfers to that company in that currency. */
  covered: string;
  /** needed − covered, never below zero. */
  missing: string;
}

/**
 * An order's transfer plan (spec §2, §4): its income arrives at the company of its first income bill (the
 * home company); every other company with expense bills of the order needs their sum per currency
 * transferred to it, covered by the order's transfers to that company in that currency. No income bill: no
 * home and no needs. Needs in the order of the bills.
 */
export function transferPlanOf(
  bills: readonly TransferPlanBill[],
  transfers: readonly TransferPlanTransfer[],
): { homeLegalEntityId: number | null; needs: TransferNeed[] } {
  const home = bills.find((bill) => bill.direction === 'INCOME')?.legalEntityId;
  if (home === undefined) return { homeLegalEntityId: null, needs: [] };
  const key = (entity: number, currency: number) => `${entity}:${currency}`;
  const needs = new Map<string, TransferNeed>();
  for (const bill of bills) {
    if (bill.direction !== 'EXPENSE' || bill.legalEntityId === home) continue;
    const at = key(bill.legalEntityId, bill.currencyId);
    const need = needs.get(at) ?? {
      legalEntityId: bill.legalEntityId,
      currencyId: bill.currencyId,
      needed: '0',
      covered: '0',
      missing: '0',
    };
    needs.set(at, { ...need, needed: decimalAdd(need.needed, bill.amount) });
  }
  for (const transfer of transfers) {
    const need = needs.get(key(transfer.recipientLegalEntityId, transfer.currencyId));
    if (need) need.covered = decimalAdd(need.covered, transfer.amount);
  }
  const money = (value: string) => decimalFixed(value, 2);
  return {
    homeLegalEntityId: home,
    needs: [...needs.values()].map((need) => {
      const missing = decimalSubtract(need.needed, need.covered);
      return {
        ...need,
        needed: money(need.needed),
        covered: money(need.covered),
        missing: money(decimalCompare(missing, '0') > 0 ? missing : '0'),
      };
    }),
  };
}

/**
 * An order's transfers status (spec §4) from its plan (`transferPlanOf`): no need: not-required; each need
 * covered: ready; else not-ready.
 */
export function transfersStatusOf(
  bills: readonly TransferPlanBill[],
  transfers: readonly TransferPlanTransfer[],
): 'not-required' | 'not-ready' | 'ready' {
  const { needs } = transferPlanOf(bills, transfers);
  if (!needs.length) return 'not-required';
  return needs.every((need) => decimalCompare(need.missing, '0') === 0) ? 'ready' : 'not-ready';
}

const formOptionSchema = z.object({ id: z.number().int(), name: z.string() });

/**
 * `GET /finances/internal-transfers/transfer-plan/{orderId}`: the order's plan, each need with the payment
 * forms that may send it (the home company's in its currency) and receive it (the company's in its
 * currency), and the ones proposed (the income bill's form, the expense bills' form, else the first that fits).
 */
export const transferPlanSchema = z.object({
  orderId: z.number().int(),
  orderNumber: z.number().int(),
  transfersStatus: z.enum(['not-required', 'not-ready', 'ready']),
  homeLegalEntityId: z.number().int().nullable(),
  homeLegalEntityName: z.string().nullable(),
  needs: z.array(
    z.object({
      legalEntityId: z.number().int(),
      legalEntityName: z.string(),
      currencyId: z.number().int(),
      currencyCode: z.string(),
      needed: z.string(),
      covered: z.string(),
      missing: z.string(),
      senderForms: z.array(formOptionSchema),
      recipientForms: z.array(formOptionSchema),
      senderFormId: z.number().int().nullable(),
      recipientFormId: z.number().int().nullable(),
    }),
  ),
});
export type TransferPlan = z.infer<typeof transferPlanSchema>;

/**
 * `POST /finances/internal-transfers/transfer-plan/{orderId}`: creates a transfer for every need still
 * missing money, from the forms chosen per need (company and currency; unset: the proposed ones).
 */
export const transferPlanCreateSchema = z.object({
  choices: z
    .array(
      z.object({
        legalEntityId: z.number().int().positive(),
        currencyId: z.number().int().positive(),
        senderFormId: z.number().int().positive().nullish(),
        recipientFormId: z.number().int().positive().nullish(),
      }),
    )
    .max(100)
    .default([]),
});
export type TransferPlanCreate = z.input<typeof transferPlanCreateSchema>;

/** The answer of a plan's create: the transfers made (none when every need was covered) and the plan after. */
export const transferPlanResultSchema = z.object({
  createdIds: z.array(z.number().int()),
  plan: transferPlanSchema,
});
export type TransferPlanResult = z.infer<typeof transferPlanResultSchema>;
