import { z } from 'zod';
import {
  decimalAdd,
  decimalCompare,
  decimalFixed,
  decimalNormalize,
  decimalSubtract,
  isDecimal,
} from './decimal';

/**
 * Money: a decimal amount as text (never a binary float: "0.1" + "0.2" is "0.3") in a currency (its ISO
 * 4217 letter code, e.g. RUB). Arithmetic and comparison refuse mixed currencies.
 */
export interface Money {
  readonly amount: string;
  readonly currency: string;
}

const CURRENCY = /^[A-Z]{3}$/;

export const MONEY_MESSAGES = {
  /** An amount that is not a decimal number. */
  amount: 'This value is not a valid amount.',
  /** A currency that is not three capital letters. */
  currency: 'This value is not a valid currency.',
} as const;

/** The wire form of money: `{ amount: "1250.50", currency: "RUB" }` (amount as text, at most 2 decimals). */
export const moneySchema = z.object({
  amount: z
    .string()
    .trim()
    .regex(/^-?\d{1,15}(\.\d{1,2})?$/, MONEY_MESSAGES.amount),
  currency: z.string().regex(CURRENCY, MONEY_MESSAGES.currency),
});

export class CurrencyMismatchError extends Error {
  constructor(a: string, b: string) {
    super(`Cannot combine ${a} with ${b}`);
  }
}

/** Money of `amount` (a decimal as text, or an integer) in `currency`; throws on anything else. */
export function money(amount: string | bigint, currency: string): Money {
  const text = typeof amount === 'bigint' ? amount.toString() : amount.trim();
  if (!isDecimal(text)) throw new RangeError(`Not an amount: "${text}"`);
  if (!CURRENCY.test(currency)) throw new RangeError(`Not a currency: "${currency}"`);
  return { amount: decimalNormalize(text), currency };
}

export const zeroMoney = (currency: string): Money => money('0', currency);

function sameCurrency(a: Money, b: Money): void {
  if (a.currency !== b.currency) throw new CurrencyMismatchError(a.currency, b.currency);
}

export function addMoney(a: Money, b: Money): Money {
  sameCurrency(a, b);
  return { amount: decimalAdd(a.amount, b.amount), currency: a.currency };
}

export function subtractMoney(a: Money, b: Money): Money {
  sameCurrency(a, b);
  return { amount: decimalSubtract(a.amount, b.amount), currency: a.currency };
}

/** The sum of amounts in one currency (zero for none). */
export function sumMoney(items: readonly Money[], currency: string): Money {
  return items.reduce(addMoney, zeroMoney(currency));
}

/** -1, 0 or 1 as a is below, equal to or above b. */
export function compareMoney(a: Money, b: Money): -1 | 0 | 1 {
  sameCurrency(a, b);
  return decimalCompare(a.amount, b.amount);
}

export const moneyEquals = (a: Money, b: Money): boolean => compareMoney(a, b) === 0;

/** The amount fixed to `scale` decimals (default 2, rounded half away from zero): "1250.5" → "1250.50". */
export function moneyToFixed(value: Money, scale = 2): string {
  return decimalFixed(value.amount, scale);
}
