import { z } from 'zod';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import { legalEntityResource } from '../company/legal-entities';
import { serviceOfficeResource } from '../company/service-offices';
import { counterpartyResource } from '../counterparties/counterparty';
import { bankResource } from '../reference-data/banks';
import { currencyResource } from '../reference-data/currencies';
import { DECLARED_SCREENS } from '../screens';

export const PAYMENT_FORM_MESSAGES = {
  inUse: 'payment form used in bills or payments',
} as const;

/**
 * An account of one of our companies through which bills are paid (spec §3 "payment form"): the company,
 * its bank and account, the currency, the office it serves and whether its bills carry VAT. The account
 * is checked against the bank: by the BIK key for a bank in Russia, as an IBAN where the bank's country
 * uses IBANs, by its form elsewhere.
 */
export const paymentFormResource = declareResource({
  name: 'payment_form',
  path: DECLARED_SCREENS.paymentFormResource.path,
  title: 'settings.paymentForms.title',
  itemTitle: 'settings.paymentForms.item',
  keys: 'settings.paymentForms',
  fields: {
    name: f.name(),
    legalEntityId: f.reference(legalEntityResource).listed().filterable(),
    bankId: f.reference(bankResource).listed().filterable(),
    accountNumber: f
      .text()
      .input(
        z
          .string()
          .trim()
          .overwrite((value) => value.replace(/\s+/g, '').toUpperCase())
          .pipe(z.string().min(1).max(34)),
      )
      .listed()
      .searchable(),
    currencyId: f.reference(currencyResource).listed().filterable(),
    serviceOfficeId: f.reference(serviceOfficeResource).optional().listed().filterable(),
    withVat: f.boolean().defaulted().listed().filterable(),
    /** The bank as a counterparty: whom the bank commissions charged on this form are owed to. */
    bankCounterpartyId: f.reference(counterpartyResource).optional(),
    enabled: f.enabled(),
    updatedAt: f.updatedAt(),
  },
  // Chosen on bills, payments and reports: every signed-in user reads them.
  roles: { view: [], edit: ['ROLE_SETTINGS_PAYMENT_FORMS'] },
  labelField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  deletable: true,
  screens: { create: true, edit: true },
});
export const paymentFormCreateSchema = paymentFormResource.create;
export const paymentFormSchema = paymentFormResource.entity;
export type PaymentForm = z.infer<typeof paymentFormSchema>;
