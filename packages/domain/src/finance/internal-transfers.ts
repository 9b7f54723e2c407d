import type { z } from 'zod';
import { decimalAdd, decimalCompare } from '../common/decimal';
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
  titles: { ru: 'Внутренние переводы', en: 'Internal transfers' },
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

/**
 * An order's transfers status (spec §4) from its plan: its income arrives at the company of its first income
 * bill; every other company with expense bills of the order needs their sum per currency transferred to it.
 * No such need: not-required; each need covered by the order's transfers to that company in that currency:
 * ready; else not-ready.
 */
export function transfersStatusOf(
  bills: readonly TransferPlanBill[],
  transfers: readonly TransferPlanTransfer[],
): 'not-required' | 'not-ready' | 'ready' {
  const home = bills.find((bill) => bill.direction === 'INCOME')?.legalEntityId;
  if (home === undefined) return 'not-required';
  const key = (entity: number, currency: number) => `${entity}:${currency}`;
  const needs = new Map<string, string>();
  for (const bill of bills) {
    if (bill.direction !== 'EXPENSE' || bill.legalEntityId === home) continue;
    const at = key(bill.legalEntityId, bill.currencyId);
    needs.set(at, decimalAdd(needs.get(at) ?? '0', bill.amount));
  }
  if (!needs.size) return 'not-required';
  const covered = new Map<string, string>();
  for (const transfer of transfers) {
    const at = key(transfer.recipientLegalEntityId, transfer.currencyId);
    covered.set(at, decimalAdd(covered.get(at) ?? '0', transfer.amount));
  }
  for (const [at, need] of needs) {
    if (decimalCompare(covered.get(at) ?? '0', need) < 0) return 'not-ready';
  }
  return 'ready';
}
