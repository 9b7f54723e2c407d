import type { z } from 'zod';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import { moneySchema } from '../common/money';
import { MESSAGES } from '../common/validation';
import { serviceOfficeResource } from '../company/service-offices';
import { rolesOfScopedPermission } from '../permissions';
import { currencyResource } from '../reference-data/currencies';
import { colleagueReference } from '../users';
import { paymentFormResource } from './payment-forms';
import { PAYMENT_ROLES } from './payments';

export const CURRENCY_CONVERSION_MESSAGES = {
  sameCurrency: 'The bought currency must differ from the sold one.',
  fixed: 'A conversion does not change: delete it and enter it again.',
} as const;

const positiveAmount = moneySchema.shape.amount.refine(
  (v) => !v.startsWith('-') && /[1-9]/.test(v),
  MESSAGES.tooSmall,
);

/**
 * Currency conversions (`/currency-conversion`): one currency sold from one of our payment forms and another
 * bought onto one, on a date; the effective rate is bought ÷ sold. Posted as a pair that balances in each
 * currency (docs/finance.md "Currency conversion"). Payments' roles: whoever enters payments converts.
 */
export const currencyConversionResource = declareResource({
  name: 'currency_conversion',
  path: '/currency-conversion',
  title: 'finance.conversions.title',
  itemTitle: 'finance.conversions.item',
  keys: 'finance.conversions.fields',
  fields: {
    date: f.date().listed().filterable().sortable(),
    soldFormId: f.reference(paymentFormResource).listed().filterable(),
    soldCurrencyId: f.reference(currencyResource, 'code').readOnly().listed().filterable().hiddenInForm(),
    soldAmount: f.money().input(positiveAmount).listed().sortable(),
    boughtFormId: f.reference(paymentFormResource).listed().filterable(),
    boughtCurrencyId: f.reference(currencyResource, 'code').readOnly().listed().filterable().hiddenInForm(),
    boughtAmount: f.money().input(positiveAmount).listed().sortable(),
    /** Bought per one sold, as the amounts give it. */
    rate: f.text().readOnly().listed(),
    comment: f.textarea({ max: 2000 }).optional(),
    serviceOfficeId: f.reference(serviceOfficeResource).readOnly().optional().filterable().hiddenInForm(),
    createdById: f.reference(colleagueReference).readOnly().optional().filterable().hiddenInForm(),
    createdAt: f.createdAt().sortable(),
    updatedAt: f.updatedAt(),
  },
  roles: {
    view: [...PAYMENT_ROLES.view],
    // Entered and deleted, never changed.
    edit: [],
    create: ['ROLE_PAYMENT_CREATE'],
    delete: rolesOfScopedPermission('ROLE_PAYMENT_DELETE'),
  },
  labelField: 'date',
  defaultSort: { field: 'date', order: 'desc' },
  deletable: true,
  screens: { create: true, edit: true },
});
export const currencyConversionSchema = currencyConversionResource.entity;
export type CurrencyConversion = z.infer<typeof currencyConversionSchema>;
