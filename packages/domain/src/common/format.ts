import type { LocalizedText } from './resource';

/**
 * Numbers, amounts and dates as the product shows them (spec §9), for the web and for what the server writes
 * for people (notifications, generated documents): Russian "1 234,50 ₽", English "1,234.50 ₽", dates
 * DD.MM.YYYY in both languages. Pure: no locale data beyond these rules, so server and browser agree.
 */

const CURRENCY_SYMBOLS: Record<string, string> = {
  USD: '$',
  EUR: '€',
  GBP: '£',
  RUB: '₽',
  BYN: 'Br',
  CNY: '¥',
  UAH: '₴',
  KZT: '₸',
  JPY: '¥',
  CHF: '₣',
  TRY: '₺',
  PLN: 'zł',
  INR: '₹',
  KRW: '₩',
  AED: 'د.إ',
  UZS: 'сўм',
  KGS: 'с',
  AMD: '֏',
  GEL: '₾',
  AZN: '₼',
  MDL: 'L',
  CZK: 'Kč',
  SEK: 'kr',
  NOK: 'kr',
  DKK: 'kr',
  HKD: 'HK$',
  CAD: 'C$',
  AUD: 'A$',
};

/** The sign of a currency code; an unknown code is shown as the code itself. */
export const currencySymbol = (code: string | null | undefined): string =>
  code ? (CURRENCY_SYMBOLS[code.toUpperCase()] ?? code.toUpperCase()) : '';

/** The separators a language writes numbers with: Russian "1 500 000,5", English "1,500,000.5". */
export function numberSeparators(language: string): { group: string; decimal: string } {
  return language.startsWith('en') ? { group: ',', decimal: '.' } : { group: '\u00a0', decimal: ',' };
}

const groupDigits = (digits: string, group: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, group);

/** A number as plain decimal text, never in exponent form: 1.5e-7 → "0.00000015"; '' if not finite. */
export const decimalText = (value: number): string =>
  Number.isFinite(value)
    ? value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 })
    : '';

/**
 * A number (or a decimal string from the API) as people of the language write it, digits kept as they
 * are (no rounding, no float): "1500000.5" → "1 500 000,5" in Russian, "1,500,000.5" in English. Text
 * that is not a plain decimal is returned unchanged, so an input never hides what was typed.
 */
export function formatDecimal(value: string | number | null | undefined, language: string): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'number' ? decimalText(value) : value.trim();
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return typeof value === 'number' ? text : value;
  const [, sign, whole = '', fraction] = match;
  const { group, decimal } = numberSeparators(language);
  return `${sign}${groupDigits(whole, group)}${fraction ? `${decimal}${fraction}` : ''}`;
}

/** A money amount (decimal string from the API) with grouping and its currency sign: "1 234,50 ₽". */
export function formatMoney(
  amount: string | number | null | undefined,
  currency: string,
  locale: string,
): string {
  if (amount === null || amount === undefined || amount === '') return '';
  const [whole = '0', fraction = ''] = String(amount).split('.');
  const negative = whole.startsWith('-');
  const digits = negative ? whole.slice(1) : whole;
  const { group, decimal: separator } = numberSeparators(locale);
  const grouped = groupDigits(digits, group);
  const cents = fraction.padEnd(2, '0');
  return `${negative ? '-' : ''}${grouped}${separator}${cents}\u00a0${currencySymbol(currency)}`;
}

/** A calendar date ("2026-03-01", or the day of an ISO timestamp as written) as DD.MM.YYYY; other text unchanged. */
export function formatCalendarDate(value: string | null | undefined): string {
  if (!value) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : value;
}

/** A month ("2026-03", or a date in it) as MM.YYYY; other text unchanged. */
export function formatCalendarMonth(value: string | null | undefined): string {
  if (!value) return '';
  const match = /^(\d{4})-(\d{2})/.exec(value);
  return match ? `${match[2]}.${match[1]}` : value;
}

/** An amount in both languages ("5 000,00 ₽" / "5,000.00 ₽"), for a text filled in the reader's language. */
export function moneyTexts(amount: string | number, currency: string): LocalizedText {
  return { ru: formatMoney(amount, currency, 'ru'), en: formatMoney(amount, currency, 'en') };
}
