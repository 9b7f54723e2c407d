/**
 * Exact decimal arithmetic on decimal strings ("0.45359237"): cargo quantities and money are converted and
 * compared without binary floating point, so 2 lb is exactly 0.90718474 kg and back exactly 2 lb.
 */

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/** A decimal as a scaled integer: value = units / 10^scale. */
interface Scaled {
  units: bigint;
  scale: number;
}

export function isDecimal(text: string): boolean {
  return DECIMAL.test(text);
}

function parse(text: string): Scaled {
  const match = DECIMAL.exec(text.trim());
  if (!match) throw new RangeError(`Not a decimal: "${text}"`);
  const [, sign, whole, fraction = ''] = match;
  const units = BigInt(`${whole}${fraction}`);
  return { units: sign ? -units : units, scale: fraction.length };
}

/** The plain decimal text of a scaled integer, without trailing zeros after the point. */
function format({ units, scale }: Scaled): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, '');
  const text = fraction ? `${whole}.${fraction}` : whole;
  return negative && text !== '0' ? `-${text}` : text;
}

const pow10 = (n: number) => 10n ** BigInt(n);

function rescale(value: Scaled, scale: number): bigint {
  return value.units * pow10(scale - value.scale);
}

/** a + b, exactly. */
export function decimalAdd(a: string, b: string): string {
  const x = parse(a);
  const y = parse(b);
  const scale = Math.max(x.scale, y.scale);
  return format({ units: rescale(x, scale) + rescale(y, scale), scale });
}

/** a − b, exactly. */
export function decimalSubtract(a: string, b: string): string {
  const x = parse(a);
  const y = parse(b);
  const scale = Math.max(x.scale, y.scale);
  return format({ units: rescale(x, scale) - rescale(y, scale), scale });
}

/** a × b, exactly. */
export function decimalMultiply(a: string, b: string): string {
  const x = parse(a);
  const y = parse(b);
  return format({ units: x.units * y.units, scale: x.scale + y.scale });
}

/** Integer division rounding half away from zero. */
function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = (n * 2n + d) / (d * 2n);
  return negative ? -quotient : quotient;
}

/** a ÷ b rounded half away from zero to `scale` decimals (exact when the quotient fits). */
export function decimalDivide(a: string, b: string, scale: number): string {
  const x = parse(a);
  const y = parse(b);
  if (y.units === 0n) throw new RangeError('Division by zero');
  // x/y = (x.units / 10^xs) / (y.units / 10^ys); scaled by 10^scale.
  const numerator = x.units * pow10(scale + y.scale);
  const denominator = y.units * pow10(x.scale);
  return format({ units: divideRounded(numerator, denominator), scale });
}

/** The value rounded half away from zero to `scale` decimals. */
export function decimalRound(value: string, scale: number): string {
  return decimalDivide(value, '1', scale);
}

/** -1, 0 or 1 as a is below, equal to or above b. */
export function decimalCompare(a: string, b: string): -1 | 0 | 1 {
  const x = parse(a);
  const y = parse(b);
  const scale = Math.max(x.scale, y.scale);
  const left = rescale(x, scale);
  const right = rescale(y, scale);
  return left < right ? -1 : left > right ? 1 : 0;
}

/** The decimal in its shortest form ("1.500" → "1.5", "007" → "7"). */
export function decimalNormalize(value: string): string {
  return format(parse(value));
}

/** The decimal fixed to `scale` decimals, as money is shown and stored ("1.5", 2 → "1.50"). */
export function decimalFixed(value: string, scale: number): string {
  const rounded = parse(decimalRound(value, scale));
  const units = rescale(rounded, scale);
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const text = scale ? `${whole}.${digits.slice(digits.length - scale)}` : whole;
  return negative ? `-${text}` : text;
}
