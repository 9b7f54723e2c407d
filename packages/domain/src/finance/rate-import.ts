import { z } from 'zod';
import { FileErrors, type WorkMeter } from '../common/errors';
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
  tooManyCurrencies: 'The file has more currencies than the Bank of Russia publishes.',
  tooManySheetRates: 'The sheet has more rates than one import takes.',
} as const;

/**
 * What a rates file may be: the Bank of Russia's daily file is a few kilobytes of some forty currencies; a sheet
 * of rates a year or so of every currency kept. Beyond, it is refused before it is planned.
 */
export const MAX_CBR_BYTES = 1024 * 1024;
export const MAX_CBR_CURRENCIES = 500;
export const MAX_RATE_SHEET_BYTES = 10 * 1024 * 1024;
export const MAX_RATE_SHEET_ROWS = 10_000;

/** The Bank of Russia skips weekends and holidays; a gap longer than this is a missing file, not a pause. */
export const CBR_CARRY_FORWARD_DAYS = 10;

/** One problem of an import file: the row (XLSX row, or the currency's place in a Bank of Russia file). */
export const currencyRateImportErrorSchema = z.object({
  row: z.number().int(),
  field: z.string().optional(),
  message: z.string(),
});
export type CurrencyRateImportError = z.infer<typeof currencyRateImportErrorSchema>;

/** A rates file's errors by row, the first of them kept (`FileErrors`). */
export const rateImportErrors = () => new FileErrors<CurrencyRateImportError>((a, b) => a.row - b.row);

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

/**
 * An XLSX sheet read without importing it: its rows with what each would do, and its errors by row (the first
 * `MAX_FILE_ERRORS`, and how many in all).
 */
export const currencyRateImportPreviewSchema = z.object({
  rows: z.array(rateImportRowSchema),
  errors: z.array(currencyRateImportErrorSchema),
  errorCount: z.number().int(),
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

const isWordChar = (char: string | undefined) => char !== undefined && /\w/.test(char);

/**
 * A forward-only reader of one piece of text: every search starts where the last one ended and counts the
 * characters it passed over (`meter`), so reading the whole file is linear in its length by construction.
 */
class Scanner {
  constructor(
    private readonly text: string,
    private readonly end: number,
    private readonly meter: WorkMeter,
  ) {}

  /** Where `what` next occurs in [from, end), or -1; counts the characters passed over. */
  find(what: string, from: number): number {
    const at = this.text.indexOf(what, from);
    const found = at >= 0 && at + what.length <= this.end ? at : -1;
    this.meter.steps += Math.max(0, (found < 0 ? this.end : found + what.length) - from);
    return found;
  }

  /** Where the tag `<name` next opens (a whole name: `<ValuteX` is not `<Valute`), or -1. */
  findTag(name: string, from: number): number {
    for (let at = this.find(`<${name}`, from); at >= 0; at = this.find(`<${name}`, at + 1)) {
      if (!isWordChar(this.text[at + name.length + 1])) return at;
    }
    return -1;
  }
}

const CHILDREN = ['CharCode', 'Nominal', 'Value', 'NumCode', 'Name'] as const;

/** The texts of a `<Valute>`'s children (`<CharCode>USD</CharCode>`): the first whole one of each name. */
function childTexts(body: string, meter: WorkMeter): Record<(typeof CHILDREN)[number], string | null> {
  const texts = {} as Record<(typeof CHILDREN)[number], string | null>;
  for (const tag of CHILDREN) {
    meter.steps += body.length;
    // `[^<]*` stops at the next tag: each try reads only up to it, so one pass over the body in all.
    const m = new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(body);
    texts[tag] = m ? xmlText(m[1] ?? '').trim() : null;
  }
  return texts;
}

/**
 * The Bank of Russia's daily file (`XML_daily.asp`: `<ValCurs Date="02.03.2024">` with a `<Valute>` per
 * currency: NumCode, CharCode, Nominal, Name, Value with a decimal comma). A flat, published format, read
 * strictly: any currency that does not read is an error with its place in the file, and nothing is answered.
 * Read in one forward pass (a file of forty thousand unclosed `<ValCurs>` took the old regular expressions
 * seconds per megabyte): `meter` counts the characters read.
 */
export function parseCbrDaily(
  xml: string,
  meter: WorkMeter = { steps: 0 },
): { date: string; rates: CbrRate[] } | { errors: CurrencyRateImportError[]; errorCount: number } {
  const notCbr = { errors: [{ row: 0, message: RATE_IMPORT_MESSAGES.notCbrFile }], errorCount: 1 };
  const whole = new Scanner(xml, xml.length, meter);
  const open = whole.findTag('ValCurs', 0);
  const attrsEnd = open < 0 ? -1 : whole.find('>', open);
  // The root's body runs to the file's last `</ValCurs>`.
  const close = xml.lastIndexOf('</ValCurs>');
  meter.steps += close < 0 ? xml.length : xml.length - close;
  if (attrsEnd < 0 || close <= attrsEnd) return notCbr;
  const attrs = xml.slice(open + '<ValCurs'.length, attrsEnd);
  const inAttrs = new Scanner(attrs, attrs.length, meter);
  let dateText = '';
  for (let at = inAttrs.find('Date="', 0); at >= 0; at = inAttrs.find('Date="', at + 1)) {
    if (isWordChar(attrs[at - 1])) continue;
    const quote = inAttrs.find('"', at + 'Date="'.length);
    if (quote >= 0) dateText = attrs.slice(at + 'Date="'.length, quote);
    break;
  }
  const date = dottedDate(dateText);
  const errors = rateImportErrors();
  if (!date) errors.add({ row: 0, field: 'date', message: RATE_IMPORT_MESSAGES.cbrDate });
  const rates: CbrRate[] = [];
  const body = new Scanner(xml, close, meter);
  let valutes = 0;
  const codes = new Set<string>();
  for (let at = body.findTag('Valute', attrsEnd + 1); at >= 0; at = body.findTag('Valute', at)) {
    const start = body.find('>', at);
    const end = start < 0 ? -1 : body.find('</Valute>', start + 1);
    if (end < 0) break;
    if (valutes === MAX_CBR_CURRENCIES) {
      errors.add({ row: 0, message: RATE_IMPORT_MESSAGES.tooManyCurrencies });
      break;
    }
    const row = ++valutes;
    const texts = childTexts(xml.slice(start + 1, end), meter);
    const code = texts.CharCode ?? '';
    const nominalText = texts.Nominal ?? '';
    const value = (texts.Value ?? '').replace(',', '.');
    if (!/^[A-Z]{3}$/.test(code))
      errors.add({ row, field: 'currency', message: RATE_IMPORT_MESSAGES.cbrCode });
    else if (codes.has(code)) errors.add({ row, field: 'currency', message: RATE_IMPORT_MESSAGES.duplicate });
    codes.add(code);
    const nominal = /^\d{1,7}$/.test(nominalText) ? Number(nominalText) : 0;
    if (nominal < 1 || nominal > 1_000_000) {
      errors.add({ row, field: 'nominal', message: RATE_IMPORT_MESSAGES.nominal });
    }
    if (!rateValueSchema.safeParse(value).success) {
      errors.add({ row, field: 'rate', message: RATE_IMPORT_MESSAGES.rate });
    }
    rates.push({ row, numCode: texts.NumCode ?? '', code, name: texts.Name ?? '', nominal, rate: value });
    at = end + '</Valute>'.length;
  }
  if (valutes === 0 && errors.count === 0) errors.add({ row: 0, message: RATE_IMPORT_MESSAGES.noRows });
  return errors.count > 0 || !date ? { errors: errors.list(), errorCount: errors.count } : { date, rates };
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
