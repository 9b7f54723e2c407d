import { z } from 'zod';
import { rateValueSchema } from './currency-rates';

/**
 * Importing currency rates (docs/finance.md "Currency rates"): the Bank of Russia's daily file and an XLSX
 * sheet. Both are all or nothing: a file with any error changes no rate.
 */
export const RATE_IMPORT_MESSAGES = {
  notCbrFile: 'The file is not the Bank of Russia daily rates file (ValCurs).',
  cbrDate: 'The file has no valid rates date (ValCurs Date, DD.MM.YYYY).',
  cbrCode: 'The currency code is not three Latin letters.',
  nominal: 'The nominal is not a whole number from 1 to 1000000.',
  rate: 'The rate is not a positive number with at most six decimals.',
  date: 'The date is not a date (DD.MM.YYYY or a date cell).',
  unknownCurrency: 'Unknown currency code.',
  duplicate: 'The file has this currency and date twice.',
  noRows: 'The file holds no rates.',
  notXlsx: 'The file is not an XLSX workbook.',
  fetchDisabled: 'Fetching rates from the Bank of Russia is not enabled on this server.',
  fetchFailed: 'The Bank of Russia did not answer with its rates file.',
} as const;

/** The Bank of Russia skips weekends and holidays; a gap longer than this is a missing file, not a pause. */
export const CBR_CARRY_FORWARD_DAYS = 10;

/** One problem of an import file: the row (XLSX row, or the currency's place in a Bank of Russia file). */
export const currencyRateImportErrorSchema = z.object({
  row: z.number().int(),
  field: z.string().optional(),
  message: z.string(),
});
export type CurrencyRateImportError = z.infer<typeof currencyRateImportErrorSchema>;

/** What an import would do with a row: a new rate, another rate for the day, the same rate, or nothing. */
export const RATE_IMPORT_ACTIONS = ['create', 'update', 'unchanged', 'skip'] as const;

export const rateImportRowSchema = z.object({
  row: z.number().int(),
  date: z.iso.date(),
  currency: z.string(),
  nominal: z.number().int(),
  rate: z.string(),
  action: z.enum(RATE_IMPORT_ACTIONS),
});
export type RateImportRow = z.infer<typeof rateImportRowSchema>;

/** An XLSX sheet read without importing it: its rows with what each would do, and every error by row. */
export const currencyRateImportPreviewSchema = z.object({
  rows: z.array(rateImportRowSchema),
  errors: z.array(currencyRateImportErrorSchema),
});
export type CurrencyRateImportPreview = z.infer<typeof currencyRateImportPreviewSchema>;

/** What an import did: counts of rates created, changed, left as they were, carried over days without rates. */
export const rateImportSummarySchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  carried: z.number().int(),
  /** Currency codes not imported: the base currency, and (Bank of Russia file) currencies we do not keep. */
  skipped: z.array(z.string()),
});
export type RateImportSummary = z.infer<typeof rateImportSummarySchema>;

export const cbrFetchSchema = z.object({ date: z.iso.date() });

export const rateImportSettingsSchema = z.object({ cbrFetch: z.boolean() });

export interface CbrRate {
  row: number;
  numCode: string;
  code: string;
  name: string;
  nominal: number;
  /** Decimal text with a dot (the file writes a comma). */
  rate: string;
}

/** `DD.MM.YYYY` as an ISO date, or null when it is no calendar day. */
export function dottedDate(text: string): string | null {
  const m = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const [, d, mo, y] = m;
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  return date.getUTCDate() === Number(d) && date.getUTCMonth() === Number(mo) - 1 ? `${y}-${mo}-${d}` : null;
}

const xmlText = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

const childText = (xml: string, tag: string): string | null => {
  const m = new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml);
  return m ? xmlText(m[1] ?? '').trim() : null;
};

/**
 * The Bank of Russia's daily file (`XML_daily.asp`: `<ValCurs Date="02.03.2024">` with a `<Valute>` per
 * currency: NumCode, CharCode, Nominal, Name, Value with a decimal comma). A flat, published format, read
 * strictly: any currency that does not read is an error with its place in the file, and nothing is answered.
 */
export function parseCbrDaily(
  xml: string,
): { date: string; rates: CbrRate[] } | { errors: CurrencyRateImportError[] } {
  const root = /<ValCurs\b([^>]*)>([\s\S]*)<\/ValCurs>/.exec(xml);
  if (!root) return { errors: [{ row: 0, message: RATE_IMPORT_MESSAGES.notCbrFile }] };
  const dateText = /\bDate="([^"]*)"/.exec(root[1] ?? '')?.[1] ?? '';
  const date = dottedDate(dateText);
  const errors: CurrencyRateImportError[] = [];
  if (!date) errors.push({ row: 0, field: 'date', message: RATE_IMPORT_MESSAGES.cbrDate });
  const rates: CbrRate[] = [];
  const valutes = [...(root[2] ?? '').matchAll(/<Valute\b[^>]*>([\s\S]*?)<\/Valute>/g)];
  valutes.forEach((match, index) => {
    const body = match[1] ?? '';
    const row = index + 1;
    const code = childText(body, 'CharCode') ?? '';
    const nominalText = childText(body, 'Nominal') ?? '';
    const value = (childText(body, 'Value') ?? '').replace(',', '.');
    if (!/^[A-Z]{3}$/.test(code))
      errors.push({ row, field: 'currency', message: RATE_IMPORT_MESSAGES.cbrCode });
    const nominal = /^\d{1,7}$/.test(nominalText) ? Number(nominalText) : 0;
    if (nominal < 1 || nominal > 1_000_000) {
      errors.push({ row, field: 'nominal', message: RATE_IMPORT_MESSAGES.nominal });
    }
    if (!rateValueSchema.safeParse(value).success) {
      errors.push({ row, field: 'rate', message: RATE_IMPORT_MESSAGES.rate });
    }
    rates.push({
      row,
      numCode: childText(body, 'NumCode') ?? '',
      code,
      name: childText(body, 'Name') ?? '',
      nominal,
      rate: value,
    });
  });
  if (valutes.length === 0 && errors.length === 0)
    errors.push({ row: 0, message: RATE_IMPORT_MESSAGES.noRows });
  return errors.length > 0 || !date ? { errors } : { date, rates };
}

/** The days strictly between two ISO dates, in order. */
export function daysStrictlyBetween(from: string, to: string): string[] {
  const days: string[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let t = Date.parse(`${from}T00:00:00Z`) + 86_400_000; t < end; t += 86_400_000) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}
