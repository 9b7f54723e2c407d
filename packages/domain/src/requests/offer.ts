import { z } from 'zod';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import { type Money, moneySchema } from '../common/money';
import type { LocalizedText } from '../common/resource';
import { counterpartyResource } from '../counterparties/counterparty';
import type { Role } from '../permissions';
import { REQUEST_ROLES } from './request';
import { requestOfferTypeResource } from './request-offer-types';

/** Stable English messages of the offers' rules (docs/request-offers.md; the web translates them). */
export const OFFER_MESSAGES = {
  extension: 'an offer cannot be extended by more than a year',
  validityPast: 'The validity must not end before today.',
  disabled: 'The offer is disabled.',
  currencyTwice: 'Each currency once.',
  unknownCurrency: 'Unknown or disabled currency.',
  contractorsRequired: 'Choose at least one contractor.',
  contractorTwice: 'The contractor already has an offer of this type on the request.',
} as const;

/**
 * What an offer is in (docs/request-offers.md): REQUESTED once the request is sent to the contractor and
 * no price came yet, RECEIVED with its amounts, DISABLED when taken out of the quote by its role.
 */
export const OFFER_STATUSES = ['REQUESTED', 'RECEIVED', 'DISABLED'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
export const OFFER_STATUS_LABELS: Readonly<Record<OfferStatus, LocalizedText>> = {
  REQUESTED: { ru: 'Запрошено', en: 'Requested' },
  RECEIVED: { ru: 'Получено', en: 'Received' },
  DISABLED: { ru: 'Отключено', en: 'Disabled' },
};

/** The status an offer's facts give it. */
export function offerStatusOf(offer: { disabled: boolean; amounts: readonly unknown[] }): OfferStatus {
  if (offer.disabled) return 'DISABLED';
  return offer.amounts.length ? 'RECEIVED' : 'REQUESTED';
}

/** Amounts in several currencies, each currency once, none negative. */
const amountSchema = moneySchema.refine((m) => !m.amount.startsWith('-'), {
  message: 'This value is too small.',
  path: ['amount'],
});
export const amountsSchema = z
  .array(amountSchema)
  .max(10)
  .superRefine((amounts, ctx) => {
    const seen = new Set<string>();
    amounts.forEach((item, index) => {
      if (seen.has(item.currency))
        ctx.addIssue({ code: 'custom', message: OFFER_MESSAGES.currencyTwice, path: [index, 'currency'] });
      seen.add(item.currency);
    });
  });

/** "an offer cannot be extended by more than a year" (spec §9): the last day `from` may reach. */
export function latestValidity(from: string): string {
  const [year, month, day] = from.split('-').map(Number) as [number, number, number];
  // 29 February plus a year is 28 February, never 1 March.
  const last = new Date(Date.UTC(year + 1, month - 1, day));
  if (last.getUTCMonth() !== month - 1) last.setUTCDate(0);
  return last.toISOString().slice(0, 10);
}

/** `day` plus `days` calendar days (YYYY-MM-DD). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * The validity rule of docs/request-offers.md as a refusal, or null: it ends today or later; a new offer's
 * ends at most a year after today; a later end of an existing offer at most a year after its current end.
 */
export function validityIssue(validUntil: string, today: string, current: string | null): string | null {
  if (current !== null && validUntil === current) return null;
  if (validUntil < today) return OFFER_MESSAGES.validityPast;
  const base = current !== null && current > today ? current : today;
  return validUntil > latestValidity(base) ? OFFER_MESSAGES.extension : null;
}

/** Who reads offers and the quote: who reads requests. Who writes them: who works on requests. */
export const OFFER_ROLES = REQUEST_ROLES;
export const OFFER_DISABLE_ROLE: Role = 'ROLE_REQUEST_OFFERS_DISABLE';
export const SEND_TO_CONTRACTOR_ROLE: Role = 'ROLE_REQUEST_SEND_TO_CONTRACTOR';

const amountsText = (value: unknown) =>
  ((value as Money[] | undefined) ?? []).map((m) => `${m.amount} ${m.currency}`).join('; ');

/**
 * Contractors' offers on customer requests (`/request-offers`): read here (list, export, get) in the
 * requests' scope; written only through the use case `requests.write-offer` (the request page, later the
 * contractor's cabinet), sent with `requests.send-to-contractors`, disabled with its role.
 */
export const requestOfferResource = declareResource({
  name: 'request_offer',
  path: '/request-offers',
  title: 'offers.title',
  itemTitle: 'offers.item',
  keys: 'offers.fields',
  readOnly: true,
  fields: {
    requestId: f.reference({ path: '/requests', labelField: 'number' }).listed().filterable().sortable(),
    offerTypeId: f.reference(requestOfferTypeResource).listed().filterable(),
    contractorId: f.reference(counterpartyResource).filterable(),
    /** The contractor's name at the last save, for the list's sort and the search. */
    contractorName: f.text().listed().searchable().sortable(),
    amounts: f.of('json', amountsSchema, z.array(moneySchema)).listed().set({ exportText: amountsText }),
    /** The amounts converted at the rates of `rateDate` and summed; null while there are none. */
    amountInBaseCurrency: f.money().optional().listed().sortable(),
    baseCurrency: f.text().optional(),
    rateDate: f.date().optional(),
    validUntil: f.date().optional().listed().filterable().sortable(),
    status: f.enum(OFFER_STATUSES, OFFER_STATUS_LABELS).listed().filterable().sortable(),
    /** Chosen for the quote: the margin is shown against the chosen offers. */
    selected: f.boolean().listed().filterable().width('short'),
    comment: f.textarea({ max: 2000 }).optional(),
    createdAt: f.createdAt().listed().filterable().sortable(),
    updatedAt: f.updatedAt(),
  },
  roles: OFFER_ROLES,
  labelField: 'contractorName',
  defaultSort: { field: 'createdAt', order: 'desc' },
  deletable: false,
  creatable: false,
  screens: { create: false, edit: false },
});
export const requestOfferSchema = requestOfferResource.entity;
export type RequestOffer = z.infer<typeof requestOfferSchema>;

/**
 * The body of the one write of an offer (`requests.write-offer`): a new one without `id`, a change of one
 * with `id` and `version`. Without `validUntil` a new offer is valid for the options' default days.
 */
export const offerWriteSchema = z.object({
  id: z.number().int().positive().optional(),
  version: z.number().int().positive().optional(),
  requestId: z.number().int().positive(),
  offerTypeId: z.number().int().positive(),
  contractorId: z.number().int().positive(),
  validUntil: z.iso.date().nullable().optional(),
  amounts: amountsSchema.default([]),
  selected: z.boolean().optional(),
  comment: z.string().trim().max(2000).nullable().optional(),
});
export type OfferWrite = z.infer<typeof offerWriteSchema>;

/** The body of "send to contractors": one REQUESTED offer of the type for each contractor. */
export const sendToContractorsSchema = z.object({
  offerTypeId: z.number().int().positive(),
  contractorIds: z
    .array(z.number().int().positive())
    .min(1, OFFER_MESSAGES.contractorsRequired)
    .max(50)
    .refine((ids) => new Set(ids).size === ids.length, OFFER_MESSAGES.contractorTwice),
  validUntil: z.iso.date().nullable().optional(),
  comment: z.string().trim().max(2000).nullable().optional(),
});
export type SendToContractors = z.infer<typeof sendToContractorsSchema>;

/** The body of the disable (or enable again) of an offer. */
export const offerDisableSchema = z.object({
  disabled: z.boolean(),
  version: z.number().int().positive(),
});

/**
 * Offer templates (ROLE_REQUEST_OFFER_TEMPLATES): a type, a contractor, amounts, a validity in days and a
 * comment that prefill a new offer. Read by whoever writes offers.
 */
export const requestOfferTemplateResource = declareResource({
  name: 'request_offer_template',
  path: '/request-offer-templates',
  title: 'offers.templates.title',
  itemTitle: 'offers.templates.item',
  keys: 'offers.templates.fields',
  fields: {
    name: f.text({ max: 200 }).listed().searchable().sortable(),
    offerTypeId: f.reference(requestOfferTypeResource).optional().listed().filterable(),
    contractorId: f.reference(counterpartyResource).optional().listed().filterable(),
    amounts: f
      .of('json', amountsSchema, z.array(moneySchema))
      .defaulted()
      .listed()
      .set({ exportText: amountsText }),
    validityDays: f.integer({ min: 1, max: 365 }).optional().listed().width('short'),
    comment: f.textarea({ max: 2000 }).optional(),
    enabled: f.enabled(),
    updatedAt: f.updatedAt(),
  },
  roles: {
    view: [...REQUEST_ROLES.view, ...REQUEST_ROLES.edit],
    edit: ['ROLE_REQUEST_OFFER_TEMPLATES'],
  },
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  deletable: true,
  screens: { create: false, edit: true },
});
export const requestOfferTemplateSchema = requestOfferTemplateResource.entity;
export type RequestOfferTemplate = z.infer<typeof requestOfferTemplateSchema>;

/** A new offer's values from a template: what it has, the validity counted from `today`. */
export function offerFromTemplate(template: RequestOfferTemplate, today: string) {
  return {
    offerTypeId: template.offerTypeId ?? null,
    contractorId: template.contractorId ?? null,
    amounts: template.amounts.map((m) => ({ ...m })),
    validUntil: template.validityDays ? addDays(today, template.validityDays) : null,
    comment: template.comment ?? '',
  };
}
