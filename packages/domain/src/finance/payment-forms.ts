import { z } from 'zod';
import { enabledField, nameField, updatedAtField } from '../common/dictionary';
import { defineResource, entityBase } from '../common/resource';

export const PAYMENT_FORM_MESSAGES = {
  inUse: 'payment form used in bills or payments',
} as const;

/**
 * An account of one of our companies through which bills are paid (spec §3 "payment form"): the company,
 * its bank and account, the currency, the office it serves and whether its bills carry VAT. The account
 * is checked against the bank: by the BIK key for a bank in Russia, as an IBAN where the bank's country
 * uses IBANs, by its form elsewhere.
 */
export const paymentFormCreateSchema = z.object({
  name: z.string().trim().min(1).max(255),
  legalEntityId: z.number().int().positive(),
  bankId: z.number().int().positive(),
  accountNumber: z
    .string()
    .trim()
    .overwrite((value) => value.replace(/\s+/g, '').toUpperCase())
    .pipe(z.string().min(1).max(34)),
  currencyId: z.number().int().positive(),
  serviceOfficeId: z.number().int().positive().nullable().optional(),
  withVat: z.boolean().optional(),
});
export const paymentFormSchema = z.object({
  ...entityBase,
  name: z.string(),
  legalEntityId: z.number().int(),
  bankId: z.number().int(),
  accountNumber: z.string(),
  currencyId: z.number().int(),
  serviceOfficeId: z.number().int().nullable(),
  withVat: z.boolean(),
  enabled: z.boolean(),
});
export type PaymentForm = z.infer<typeof paymentFormSchema>;

const field = (name: string) => ({
  name,
  label: `settings.paymentForms.${name}`,
});

export const paymentFormResource = defineResource({
  name: 'payment_form',
  path: '/finances/payment-forms',
  title: 'settings.paymentForms.title',
  itemTitle: 'settings.paymentForms.item',
  titles: { ru: 'Формы оплаты', en: 'Payment forms' },
  entity: paymentFormSchema,
  create: paymentFormCreateSchema,
  fields: [
    nameField,
    {
      ...field('legalEntityId'),
      type: 'reference',
      reference: { path: '/settings/legal-entities', labelField: 'shortName' },
      listed: true,
      filterable: true,
    },
    {
      ...field('bankId'),
      type: 'reference',
      reference: { path: '/banks', labelField: 'name' },
      listed: true,
      filterable: true,
    },
    {
      ...field('accountNumber'),
      type: 'text',
      listed: true,
      searchable: true,
    },
    {
      ...field('currencyId'),
      type: 'reference',
      reference: { path: '/settings/currencies', labelField: 'code' },
      listed: true,
      filterable: true,
    },
    {
      ...field('serviceOfficeId'),
      type: 'reference',
      reference: { path: '/settings/service-offices', labelField: 'name' },
      listed: true,
      filterable: true,
    },
    { ...field('withVat'), type: 'boolean', listed: true, filterable: true },
    enabledField,
    updatedAtField,
  ],
  // Chosen on bills, payments and reports: every signed-in user reads them.
  roles: { view: [], edit: ['ROLE_SETTINGS_PAYMENT_FORMS'] },
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  toggle: true,
  deletable: true,
  screens: { create: true, edit: true },
});
