import { decimalRound } from '@tms/domain';
import { inArray } from 'drizzle-orm';
import { currencyRates } from '../../modules/finance/tables';
import { currencies } from '../../modules/reference-data/tables';
import { calendarDay } from '../../platform/calendar';
import type { Tx } from '../connection';

/** Rates in roubles around which the demo's daily rates move (per `nominal` units, as the Bank of Russia quotes 100 KZT). */
const DEMO_RATES: Readonly<Record<string, { rate: number; nominal: number }>> = {
  USD: { rate: 92.5, nominal: 1 },
  EUR: { rate: 99.8, nominal: 1 },
  CNY: { rate: 12.7, nominal: 1 },
  BYN: { rate: 28.3, nominal: 1 },
  PLN: { rate: 23.1, nominal: 1 },
  KZT: { rate: 18.4, nominal: 100 },
};

/**
 * Daily rates of the demo's foreign currencies from 120 days back to 14 days ahead, so offers, bills and
 * conversions of the demo find a rate for any recent date. The walk is deterministic: the same data on
 * every start.
 */
export async function seedDemoRates(tx: Tx, today = new Date()): Promise<void> {
  const rows = await tx
    .select({ id: currencies.id, code: currencies.code })
    .from(currencies)
    .where(inArray(currencies.code, Object.keys(DEMO_RATES)));
  const values: (typeof currencyRates.$inferInsert)[] = [];
  for (const { id, code } of rows) {
    const demo = DEMO_RATES[code]!;
    for (let offset = -120; offset <= 14; offset++) {
      const day = new Date(today);
      day.setUTCDate(day.getUTCDate() + offset);
      // A slow wave of ±3 % keyed on the day and the currency: plausible, repeatable.
      const wave = Math.sin((offset + id * 7) / 11) * 0.03;
      values.push({
        date: calendarDay(day),
        currencyId: id,
        nominal: demo.nominal,
        rate: decimalRound((demo.rate * (1 + wave)).toFixed(6), 4),
        source: 'CBR',
      });
    }
  }
  if (values.length) await tx.insert(currencyRates).values(values);
}
