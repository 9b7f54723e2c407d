/** Digit helpers shared by the Russian checksums; internal to this folder. */

export function isDigits(value: string, length: number): boolean {
  return value.length === length && /^\d+$/.test(value);
}

/** Σ digit × weight over the first `weights.length` digits of `digits` (ASCII digits only). */
export function weightedSum(digits: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += (digits.charCodeAt(i) - 48) * weights[i]!;
  return sum;
}

/** `digits` (a string of ASCII digits) modulo `modulus`, digit by digit: exact for any length. */
export function digitsMod(digits: string, modulus: number): number {
  let remainder = 0;
  for (let i = 0; i < digits.length; i++) remainder = (remainder * 10 + digits.charCodeAt(i) - 48) % modulus;
  return remainder;
}
