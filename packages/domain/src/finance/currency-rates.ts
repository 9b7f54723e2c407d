import { z } from 'zod';
import { declareResource } from '../common/declare';
import { f } from '../common/fields';
import { MESSAGES } from '../common/validation';
import { currencyResource } from '../reference-data/currencies';
import { DECLARED_SCREENS } from '../screens';

export const CURRENCY_RATE_MESSAGES = {
  /** Spec §8: a conversion never falls back to another day's rate. */
  noRate: 'No currency rates for the selected date.',
  baseCurrency: 'The base currency has no rate: it is the unit of every rate.',
} as const;

/** Where a rate came from: typed in, an XLSX file, the Central Bank of Russia's daily file. */
export const CURRENCY_RATE_SOURCES = {
  MANUAL: { ru: 'Вручную', en: 'Manual' },
  IMPORT: { ru: 'Импорт XLSX', en: 'XLSX import' },
  CBR: { ru: 'ЦБ РФ', en: 'Bank of Russia' },
} as const;
export type CurrencyRateSource = keyof typeof CURRENCY_RATE_SOURCES;

/** A rate: a positive decimal with at most 6 places (the Bank of Russia publishes 4). */
export const rateValueSchema = z
  .string()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,6})?$/, MESSAGES.invalid)
  .refine((v) => /[1-9]/.test(v), MESSAGES.tooSmall);

/**
 * The rate of a currency on a date (spec §3 "currency rate"): `nominal` units of the currency cost `rate`
 * units of the base currency (system options' `systemCurrencyCode`), as the Bank of Russia quotes 100 JPY.
 * A conversion uses the rate of exactly its date; a day without a rate is an error (docs/finance.md).
 */
export const currencyRateResource = declareResource({
  name: 'currency_rate',
  path: DECLARED_SCREENS.currencyRateResource.path,
  title: 'settings.currencyRates.title',
  itemTitle: 'settings.currencyRates.item',
  keys: 'settings.currencyRates',
  fields: {
    date: f.date().listed().filterable().sortable(),
    currencyId: f.reference(currencyResource, 'code').listed().filterable(),
    nominal: f.integer({ min: 1, max: 1_000_000 }).defaulted().listed().width('short'),
    rate: f.of('money', rateValueSchema, z.string()).listed().sortable(),
    source: f.enum(CURRENCY_RATE_SOURCES).readOnly().listed().filterable(),
    updatedAt: f.updatedAt(),
  },
  // Every conversion reads them; only their keepers change them.
  roles: { view: [], edit: ['ROLE_SETTINGS_CURRENCY_RATES'] },
  labelField: 'date',
  defaultSort: { field: 'date', order: 'desc' },
  deletable: true,
  screens: { create: true, edit: true },
});
export const currencyRateCreateSchema = currencyRateResource.create;
export const currencyRateSchema = currencyRateResource.entity;
export type CurrencyRate = z.infer<typeof currencyRateSchema>;
