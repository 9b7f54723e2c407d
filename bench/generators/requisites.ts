import { IBAN_COUNTRIES, isValidOkpo, isValidRussianAccount } from '@tms/domain';

/**
 * Registration numbers and accounts with correct check digits, so that generated counterparties pass the
 * same checks (@tms/domain) as the ones people enter; the generator asserts every value with them.
 */

const INN_LEGAL = [2, 4, 10, 3, 5, 9, 4, 6, 8];
const INN_INDIVIDUAL_11 = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const INN_INDIVIDUAL_12 = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8];

function innDigit(digits: string, weights: readonly number[]): string {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += Number(digits[i]) * weights[i]!;
  return String((sum % 11) % 10);
}

/** A legal entity's INN: the tax office (4 digits), a 5-digit number, the check digit. */
export function legalInn(taxOffice: string, serial: number): string {
  const body = `${taxOffice}${String(serial % 100_000).padStart(5, '0')}`;
  return body + innDigit(body, INN_LEGAL);
}

/** A sole proprietor's INN: the tax office (4 digits), a 6-digit number, two check digits. */
export function individualInn(taxOffice: string, serial: number): string {
  const body = `${taxOffice}${String(serial % 1_000_000).padStart(6, '0')}`;
  const eleven = body + innDigit(body, INN_INDIVIDUAL_11);
  return eleven + innDigit(eleven, INN_INDIVIDUAL_12);
}

/** OGRN (13 digits, "1", year, region, 7 digits) or OGRNIP (15 digits, "3", year, region, 9 digits). */
export function ogrn(kind: 'legal' | 'individual', year: number, region: string, serial: number): string {
  const yy = String(year % 100).padStart(2, '0');
  const body =
    kind === 'legal'
      ? `1${yy}${region}${String(serial % 10_000_000).padStart(7, '0')}`
      : `3${yy}${region}${String(serial % 1_000_000_000).padStart(9, '0')}`;
  const modulus = kind === 'legal' ? 11n : 13n;
  return body + String((BigInt(body) % modulus) % 10n);
}

/** The first digit 0-9 that makes `prefix + d + suffix` valid. */
function withCheckDigit(prefix: string, suffix: string, valid: (value: string) => boolean): string {
  for (let d = 0; d < 10; d++) {
    const value = `${prefix}${d}${suffix}`;
    if (valid(value)) return value;
  }
  throw new Error(`no check digit makes ${prefix}?${suffix} valid`);
}

/** OKPO: 8 digits of a legal entity, 10 of a sole proprietor, the last one the check digit. */
export function okpo(kind: 'legal' | 'individual', serial: number): string {
  const length = kind === 'legal' ? 7 : 9;
  return withCheckDigit(String(serial).padStart(length, '0').slice(-length), '', isValidOkpo);
}

/**
 * A settlement account at the bank `bik`: balance account (40702 a company's, 40802 a proprietor's), the
 * currency (810 roubles), the control key, the branch and the account's number.
 */
export function russianAccount(bik: string, balance: string, serial: number): string {
  return withCheckDigit(`${balance}810`, `0000${String(serial % 10_000_000).padStart(7, '0')}`, (value) =>
    isValidRussianAccount(value, bik),
  );
}

/**
 * A BBAN in the registry's `format`: the bank's letters in the letter positions (and in a leading
 * letters-or-digits group, where banks put their code), then the bank's digits and the account's number
 * in the digit positions.
 */
function bban(format: string, bank: { letters: string; digits: string }, serial: number): string {
  const groups = [...format.matchAll(/(\d+)!([nac])/g)].map(([, count, kind], i) => ({
    n: Number(count),
    letters: kind === 'a' || (kind === 'c' && i === 0),
  }));
  const numeric = groups.filter((g) => !g.letters).reduce((sum, g) => sum + g.n, 0);
  let digits = `${bank.digits}${String(serial).padStart(numeric - bank.digits.length, '0')}`;
  let out = '';
  for (const group of groups) {
    if (group.letters) out += bank.letters.padEnd(group.n, 'X').slice(0, group.n);
    else {
      out += digits.slice(0, group.n);
      digits = digits.slice(group.n);
    }
  }
  return out;
}

function mod97(text: string): number {
  let remainder = 0;
  for (const char of text) {
    const value = Number.parseInt(char, 36);
    remainder = (remainder * (value < 10 ? 10 : 100) + value) % 97;
  }
  return remainder;
}

/** An IBAN at `bank` in `country` with its check digits (ISO 7064 MOD 97-10). */
export function iban(country: string, bank: { letters: string; digits: string }, serial: number): string {
  const spec = IBAN_COUNTRIES[country];
  if (!spec) throw new Error(`no IBAN format for ${country}`);
  const body = bban(spec[1], bank, serial);
  const check = 98 - mod97(`${body}${country}00`);
  return `${country}${String(check).padStart(2, '0')}${body}`;
}
