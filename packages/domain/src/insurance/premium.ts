import { decimalCompare, decimalDivide, decimalFixed, decimalMultiply } from '../common/decimal';

/** How the insured amount is reckoned: the declared value, or the trade convention CIF + 10 %. */
export const INSURED_AMOUNT_BASES = ['declared', 'cif110'] as const;
export type InsuredAmountBasis = (typeof INSURED_AMOUNT_BASES)[number];

/** A percentage, "0.15" or "0.0725": 0 to 100 with at most four decimals. */
export const INSURANCE_RATE = /^\d{1,3}(\.\d{1,4})?$/;

export interface PremiumInput {
  /** The value in the policy currency (already converted at the issue date's rate). */
  value: string;
  basis: InsuredAmountBasis;
  /** Percent. */
  rate: string;
  minimumPremium: string;
}

/**
 * The insured amount (the value, or 110 % of it for CIF + 10 %) and the premium: amount × rate ÷ 100, but
 * never below the policy's minimum premium, rounded half away from zero to kopecks (decimal arithmetic).
 */
export function insurancePremium({ value, basis, rate, minimumPremium }: PremiumInput): {
  insuredAmount: string;
  premium: string;
} {
  const insuredAmount = decimalFixed(basis === 'cif110' ? decimalMultiply(value, '1.1') : value, 2);
  const byRate = decimalFixed(decimalDivide(decimalMultiply(insuredAmount, rate), '100', 2), 2);
  const minimum = decimalFixed(minimumPremium, 2);
  return { insuredAmount, premium: decimalCompare(byRate, minimum) < 0 ? minimum : byRate };
}

/**
 * An amount of one currency in another through their rates to the base currency on the same day
 * (`nominal` units cost `rate` base units), rounded to kopecks.
 */
export function convertThroughBase(
  amount: string,
  from: { rate: string; nominal: number },
  to: { rate: string; nominal: number },
): string {
  const inBase = decimalDivide(decimalMultiply(amount, from.rate), String(from.nominal), 8);
  return decimalFixed(decimalDivide(decimalMultiply(inBase, String(to.nominal)), to.rate, 2), 2);
}
