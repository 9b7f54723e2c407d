import dayjs from 'dayjs';

// Numbers and amounts are written alike by the server (notifications, documents) and the web: one source.
export { currencySymbol, decimalText, formatDecimal, formatMoney, numberSeparators } from '@tms/domain';

/** Formatting helpers of spec §9; pure, locale passed in where wording differs. */

export const DATE_FORMAT = 'DD.MM.YYYY';
export const MONTH_FORMAT = 'MM.YYYY';
/** Spec "dd.MM.yyyy hh:mm": day, month, year and a 24-hour clock, as the back office reads times. */
export const DATE_TIME_FORMAT = 'DD.MM.YYYY HH:mm';

/** Ids are shown zero-padded to 6 digits: 42 → 000042. */
export function padId(id: number | string | null | undefined): string {
  if (id === null || id === undefined || id === '') return '';
  return String(id).padStart(6, '0');
}

const SIZE_UNITS = {
  en: ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'],
  ru: ['байт', 'КБ', 'МБ', 'ГБ', 'ТБ', 'ПБ', 'ЭБ', 'ЗБ', 'ЙБ'],
} as const;

/** A file size in the units of the interface's language, base 1024 ("1.5 KB", "1,5 КБ"). */
export function formatFileSize(bytes: number, language = 'en', decimals = 2): string {
  const units = SIZE_UNITS[language === 'ru' ? 'ru' : 'en'];
  if (!Number.isFinite(bytes) || bytes <= 0) return `0 ${units[0]}`;
  const unit = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), units.length - 1);
  const value = String(Number.parseFloat((bytes / 1024 ** unit).toFixed(decimals)));
  return `${language === 'ru' ? value.replace('.', ',') : value} ${units[unit]}`;
}

type DateLike = string | number | Date | null | undefined;

function valid(value: DateLike): dayjs.Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  const date = dayjs(value);
  return date.isValid() ? date : null;
}

export const formatDate = (value: DateLike): string => valid(value)?.format(DATE_FORMAT) ?? '';
export const formatMonth = (value: DateLike): string => valid(value)?.format(MONTH_FORMAT) ?? '';
export const formatDateTime = (value: DateLike): string => valid(value)?.format(DATE_TIME_FORMAT) ?? '';

/** Dates within this many days are shown relative ("2 hours ago"); older ones as a date. */
export const TIME_AGO_DAYS = 3;

/** "5 minutes ago" for the last 3 days, DD.MM.YYYY HH:mm before that. */
export function timeAgo(value: DateLike, locale: string, now: Date = new Date()): string {
  const date = valid(value);
  if (!date) return '';
  const seconds = Math.round((date.valueOf() - now.valueOf()) / 1000);
  if (Math.abs(seconds) > TIME_AGO_DAYS * 86_400) return date.format(DATE_TIME_FORMAT);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const steps: [Intl.RelativeTimeFormatUnit, number][] = [
    ['day', 86_400],
    ['hour', 3600],
    ['minute', 60],
  ];
  for (const [unit, size] of steps) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(seconds, 'second');
}

export const formatTemperature = (value: number | null | undefined): string =>
  value === null || value === undefined ? '' : `${value} °C`;

/**
 * Russian plural form (spec §9): 1 → one, 2–4 → few, the rest → many; 11–14 are "many", and the rule
 * repeats by the last digit (21 → one, 22 → few).
 */
export function russianPluralForm(count: number): 'one' | 'few' | 'many' {
  const n = Math.abs(Math.trunc(count));
  const lastTwo = n % 100;
  const last = n % 10;
  if (last === 1 && lastTwo !== 11) return 'one';
  if (last >= 2 && last <= 4 && (lastTwo < 12 || lastTwo > 14)) return 'few';
  return 'many';
}

/**
 * The label of a referenced record: its label field (in English its English twin, `nameEn` beside `name`,
 * when the record has one), padded for numbers (orders, jobs), or its id.
 */
export function labelOfRow(
  row: Record<string, unknown>,
  labelField: string,
  padded = false,
  language = 'ru',
): string {
  const english = language === 'en' ? row[`${labelField}En`] : undefined;
  const label = (typeof english === 'string' && english.trim() !== '' ? english : row[labelField]) ?? row.id;
  return padded ? padId(label as number | string) : String(label);
}
