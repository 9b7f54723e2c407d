import { digitsMod, isDigits, weightedSum } from './checksum';
import { COUNTERPARTY_MESSAGES } from './messages';

/** Russian taxpayer kind: a legal entity (10-digit INN, OGRN) or an individual / sole proprietor (12, OGRNIP). */
export type TaxpayerKind = 'legal' | 'individual';

const INN_LEGAL_WEIGHTS = [2, 4, 10, 3, 5, 9, 4, 6, 8];
const INN_INDIVIDUAL_WEIGHTS_11 = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const INN_INDIVIDUAL_WEIGHTS_12 = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8];

function innCheckDigit(digits: string, weights: readonly number[]): number {
  return (weightedSum(digits, weights) % 11) % 10;
}

/** The kind an INN's length stands for, or null when it is neither 10 nor 12 digits. */
export function innKind(value: string): TaxpayerKind | null {
  if (isDigits(value, 10)) return 'legal';
  if (isDigits(value, 12)) return 'individual';
  return null;
}

/**
 * INN (ИНН): 10 digits with one check digit for a legal entity, 12 digits with two for an individual.
 * The first two digits are a region code, never 00, so an all-zero number that happens to pass the
 * checksum is refused too. Pass `kind` to accept only one of the two.
 */
export function isValidInn(value: string, kind?: TaxpayerKind): boolean {
  const actual = innKind(value);
  if (actual === null || (kind !== undefined && kind !== actual)) return false;
  if (value.startsWith('00')) return false;
  const digit = (index: number) => value.charCodeAt(index) - 48;
  if (actual === 'legal') return innCheckDigit(value, INN_LEGAL_WEIGHTS) === digit(9);
  return (
    innCheckDigit(value, INN_INDIVIDUAL_WEIGHTS_11) === digit(10) &&
    innCheckDigit(value, INN_INDIVIDUAL_WEIGHTS_12) === digit(11)
  );
}

/** KPP (КПП): tax office code (4 digits), reason code (2 digits or capital Latin letters), 3 digits. */
export function isValidKpp(value: string): boolean {
  return /^\d{4}[\dA-Z]{2}\d{3}$/.test(value);
}

/** The kind an OGRN's length stands for (13: OGRN, 15: OGRNIP), or null. */
export function ogrnKind(value: string): TaxpayerKind | null {
  if (isDigits(value, 13)) return 'legal';
  if (isDigits(value, 15)) return 'individual';
  return null;
}

/**
 * OGRN (ОГРН, 13 digits, of a legal entity) or OGRNIP (ОГРНИП, 15 digits, of a sole proprietor). The
 * check digit is the last digit of (the number without it) mod 11 for OGRN and mod 13 for OGRNIP,
 * computed digit by digit because the numbers exceed float precision. The first digit tells the record
 * kind: 1 or 5 for an OGRN, 3 for an OGRNIP; other digits are numbers of later register entries (ГРН),
 * not registration numbers.
 */
export function isValidOgrn(value: string, kind?: TaxpayerKind): boolean {
  const actual = ogrnKind(value);
  if (actual === null || (kind !== undefined && kind !== actual)) return false;
  const body = value.slice(0, -1);
  const check = value.charCodeAt(value.length - 1) - 48;
  if (actual === 'legal') return /^[15]/.test(value) && digitsMod(body, 11) % 10 === check;
  return value.startsWith('3') && digitsMod(body, 13) % 10 === check;
}

/** OGRNIP (ОГРНИП): the 15-digit registration number of a sole proprietor. */
export function isValidOgrnip(value: string): boolean {
  return isValidOgrn(value, 'individual');
}

/** Σ digit × weight mod 11 with weights 1..10 repeating, the sequence started `shift` places later. */
function classifierRemainder(body: string, shift: number): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += (body.charCodeAt(i) - 48) * (((i + shift) % 10) + 1);
  return sum % 11;
}

/**
 * OKPO (ОКПО): 8 digits for a legal entity, 10 for a sole proprietor; the last is the check digit of the
 * Rosstat method for all-Russian classifier codes: Σ digit × weight (weights 1, 2, ... 10, repeating)
 * mod 11; a remainder of 10 is recomputed with the weights shifted by two (3, 4, ... 10, 1, ...); if it is
 * 10 again the check digit is 0.
 */
export function isValidOkpo(value: string): boolean {
  if (!isDigits(value, 8) && !isDigits(value, 10)) return false;
  const body = value.slice(0, -1);
  let remainder = classifierRemainder(body, 0);
  if (remainder === 10) remainder = classifierRemainder(body, 2);
  if (remainder === 10) remainder = 0;
  return remainder === value.charCodeAt(value.length - 1) - 48;
}

export interface CounterpartyRequisites {
  inn?: string | null;
  kpp?: string | null;
  ogrn?: string | null;
  okpo?: string | null;
}

export type RequisitesErrors = Partial<Record<keyof CounterpartyRequisites, string>>;

/**
 * Field messages for a Russian counterparty's registration numbers, each checked when filled, plus their
 * agreement: an OGRN of a legal entity goes with a 10-digit INN, an OGRNIP with a 12-digit one, and a
 * sole proprietor has no KPP. Empty when everything filled is valid.
 */
export function requisitesErrors(requisites: CounterpartyRequisites): RequisitesErrors {
  const errors: RequisitesErrors = {};
  const { inn, kpp, ogrn, okpo } = requisites;
  const innOk = !!inn && isValidInn(inn);
  if (inn && !innOk) errors.inn = COUNTERPARTY_MESSAGES.inn;
  if (kpp) {
    if (!isValidKpp(kpp)) errors.kpp = COUNTERPARTY_MESSAGES.kpp;
    else if (innOk && innKind(inn) === 'individual') errors.kpp = COUNTERPARTY_MESSAGES.kppForIndividual;
  }
  if (ogrn) {
    if (!isValidOgrn(ogrn)) errors.ogrn = COUNTERPARTY_MESSAGES.ogrn;
    else if (innOk && innKind(inn) !== ogrnKind(ogrn)) errors.ogrn = COUNTERPARTY_MESSAGES.ogrnMismatch;
  }
  if (okpo && !isValidOkpo(okpo)) errors.okpo = COUNTERPARTY_MESSAGES.okpo;
  return errors;
}
