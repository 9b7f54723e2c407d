import { decimalAdd, decimalFixed, type Money } from '@tms/domain';
import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import { toBaseCurrency } from '../finance';
import { currencies } from '../reference-data';

/** An offer's amount in base currency: null members while it has no amounts. */
export interface BaseAmount {
  amount: string | null;
  currency: string | null;
  rateDate: string | null;
}

/**
 * The amounts converted to base currency at the rates of exactly `day` (finance's conversion) and summed.
 * A currency without a rate that day is finance's refusal, under `field` ("No currency rates for the
 * selected date."); nothing falls back to another day.
 */
export async function baseAmountOf(
  tx: Tx,
  amounts: readonly Money[],
  day: string,
  field = 'amounts',
): Promise<BaseAmount> {
  if (!amounts.length) return { amount: null, currency: null, rateDate: null };
  const rows = await tx
    .select({ id: currencies.id, code: currencies.code })
    .from(currencies)
    .where(
      inArray(
        currencies.code,
        amounts.map((m) => m.currency),
      ),
    );
  const ids = new Map(rows.map((row) => [row.code, row.id]));
  let total = '0';
  let currency = '';
  for (const item of amounts) {
    const converted = await toBaseCurrency(tx, item.amount, ids.get(item.currency)!, day, [field]);
    total = decimalAdd(total, converted.amount);
    currency = converted.currency;
  }
  return { amount: decimalFixed(total, 2), currency, rateDate: day };
}
