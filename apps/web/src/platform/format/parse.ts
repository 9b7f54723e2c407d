/** Parsing rules of spec §5 for text typed or pasted into inputs. */

/**
 * Typed number text with the spaces gone and a plain decimal point. In English a comma groups thousands
 * ("1,500,000.5"); in Russian, and in English where it cannot be grouping ("12,5"), it is the decimal
 * point (spec §5: commas turn into dots).
 */
function normalizeNumberText(text: string, language: string): string {
  const compact = text.replace(/\s/g, '');
  if (language.startsWith('en') && /^[-+]?\d{1,3}(,\d{3})+(\.\d*)?$/.test(compact)) {
    return compact.replace(/,/g, '');
  }
  return compact.replace(/,/g, '.');
}

/** A number typed in the language's way ("1 234,5" in Russian, "1,234.5" in English); null if not a number. */
export function parseNumber(text: string | null | undefined, language = 'ru'): number | null {
  if (text === null || text === undefined) return null;
  const normalized = normalizeNumberText(text, language);
  if (normalized === '' || !/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(normalized)) return null;
  const value = Number(normalized);
  return Number.isFinite(value) ? value : null;
}

/**
 * A decimal typed in the language's way as the plain decimal text the API takes, digits kept exactly
 * (no float): "1 500 000,50" → "1500000.50"; null if it is not a number.
 */
export function parseDecimal(text: string | null | undefined, language = 'ru'): string | null {
  if (text === null || text === undefined) return null;
  const match = /^([-+]?)(\d*)(?:\.(\d*))?$/.exec(normalizeNumberText(text, language));
  if (!match || (!match[2] && !match[3])) return null;
  const whole = (match[2] || '0').replace(/^0+(?=\d)/, '');
  const fraction = match[3] ?? '';
  const sign = match[1] === '-' && /[1-9]/.test(whole + fraction) ? '-' : '';
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** The id of the input whose pasted text loses every whitespace character. */
export const PASTE_NO_SPACES_ID = 'paste-no-spaces';

/** Pasted text is trimmed; for the `paste-no-spaces` input all whitespace goes. */
export function cleanPastedText(text: string, inputId?: string | null): string {
  return inputId === PASTE_NO_SPACES_ID ? text.replace(/\s/g, '') : text.trim();
}

export type DateMode = 'date' | 'month';

/** What the user typed, with non-digits dropped and the dots put in: "01012025" → "01.01.2025". */
export function maskDate(text: string, mode: DateMode = 'date'): string {
  const digits = text.replace(/\D/g, '').slice(0, mode === 'date' ? 8 : 6);
  const parts =
    mode === 'date'
      ? [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)]
      : [digits.slice(0, 2), digits.slice(2)];
  let out = parts[0] ?? '';
  for (let i = 1; i < parts.length; i++) {
    const part = parts[i] ?? '';
    // The dot goes in with the first digit after a complete part, so deleting backwards never sticks on it.
    if (part) out += `.${part}`;
  }
  return out;
}

export const DATE_MASK = '__.__.____';
export const MONTH_MASK = '__.____';

export type DateParse = { value: string | null; error: 'invalidDate' | null };

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const daysIn = (year: number, month: number) =>
  [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;

/**
 * A masked date to its ISO value ('YYYY-MM-DD', or 'YYYY-MM-01' in month mode). It needs every
 * dot-separated part, a month not above 12 and a day that exists; otherwise `invalidDate` and no value.
 * Empty text is no value and no error.
 */
export function parseMaskedDate(text: string, mode: DateMode = 'date'): DateParse {
  const trimmed = text.trim();
  if (trimmed === '') return { value: null, error: null };
  const parts = trimmed.split('.');
  const invalid: DateParse = { value: null, error: 'invalidDate' };
  if (mode === 'month') {
    const [mm, yyyy] = parts;
    if (parts.length !== 2 || !/^\d{2}$/.test(mm ?? '') || !/^\d{4}$/.test(yyyy ?? '')) return invalid;
    const month = Number(mm);
    if (month < 1 || month > 12 || Number(yyyy) < 1) return invalid;
    return { value: `${yyyy}-${mm}-01`, error: null };
  }
  const [dd, mm, yyyy] = parts;
  if (
    parts.length !== 3 ||
    !/^\d{2}$/.test(dd ?? '') ||
    !/^\d{2}$/.test(mm ?? '') ||
    !/^\d{4}$/.test(yyyy ?? '')
  ) {
    return invalid;
  }
  const day = Number(dd);
  const month = Number(mm);
  const year = Number(yyyy);
  if (month < 1 || month > 12 || year < 1 || day < 1 || day > daysIn(year, month)) return invalid;
  return { value: `${yyyy}-${mm}-${dd}`, error: null };
}

/** An ISO date to the text the date input shows. */
export function isoToMasked(value: string | null | undefined, mode: DateMode = 'date'): string {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  if (!match) return '';
  const [, yyyy, mm, dd] = match;
  return mode === 'month' ? `${mm}.${yyyy}` : `${dd}.${mm}.${yyyy}`;
}
