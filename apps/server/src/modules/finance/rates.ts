import { CURRENCY_RATE_MESSAGES, decimalDivide, decimalFixed, decimalMultiply } from '@tms/domain';
import { and, eq, sql } from 'drizzle-orm';
import { readAll, type Tx } from '../../db/connection';
import { fieldError } from '../../platform/errors';
import { getOptions } from '../options';
import { currencies } from '../reference-data';
import { currencyRates } from './tables';

/** The rate that converted an amount: `nominal` units of the currency cost `rate` base units. */
export interface AppliedRate {
  rate: string;
  nominal: number;
}

/** An amount in the base currency and the rate it was converted at (the base currency's own rate is 1). */
export interface BaseAmount extends AppliedRate {
  amount: string;
  currency: string;
}

/**
 * The rate of `currencyId` on exactly `date`. No row for that day is the error of spec §8 under `field`
 * (the form's date by default), never another day's rate: a rate missing because nobody loaded it would
 * otherwise be replaced silently by a stale one (docs/finance.md "Currency rates").
 */
export async function rateOn(
  tx: Tx,
  currencyId: number,
  date: string,
  field: readonly PropertyKey[] = ['date'],
): Promise<AppliedRate & { code: string; base: boolean }> {
  const [[row], options] = await readAll(tx, [
    () =>
      tx
        .select({ code: currencies.code, rate: currencyRates.rate, nominal: currencyRates.nominal })
        .from(currencies)
        .leftJoin(
          currencyRates,
          and(eq(currencyRates.currencyId, currencies.id), eq(currencyRates.date, sql`${date}::date`)),
        )
        .where(eq(currencies.id, currencyId))
        .limit(1),
    () => getOptions(tx),
  ]);
  if (!row) throw fieldError(['currencyId'], CURRENCY_RATE_MESSAGES.noRate);
  if (row.code === options.systemCurrencyCode) return { code: row.code, base: true, rate: '1', nominal: 1 };
  if (row.rate === null || row.nominal === null) throw fieldError(field, CURRENCY_RATE_MESSAGES.noRate);
  return { code: row.code, base: false, rate: row.rate, nominal: row.nominal };
}

/**
 * `amount` of `currencyId` in the base currency at `date`'s rate, rounded half away from zero to kopecks.
 * Callers store the result with what they convert, once: nothing reconverts an amount later.
 */
export async function toBaseCurrency(
  tx: Tx,
  amount: string,
  currencyId: number,
  date: string,
  field?: readonly PropertyKey[],
): Promise<BaseAmount> {
  const [applied, options] = await readAll(tx, [
    () => rateOn(tx, currencyId, date, field),
    () => getOptions(tx),
  ]);
  const converted = decimalFixed(
    applied.base ? amount : decimalDivide(decimalMultiply(amount, applied.rate), String(applied.nominal), 2),
    2,
  );
  return {
    amount: converted,
    currency: options.systemCurrencyCode,
    rate: applied.rate,
    nominal: applied.nominal,
  };
}
