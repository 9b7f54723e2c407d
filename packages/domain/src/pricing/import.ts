import { z } from 'zod';
import { decimalCompare, decimalNormalize } from '../common/decimal';
import { FileErrors } from '../common/errors';

import { priceCollectionResource } from './collections';
import { PRICING_MESSAGES as M } from './messages';

/** What a sheet's columns may hold; the user maps each to a column (docs/pricing.md "Import"). */
export const RATE_IMPORT_FIELDS = [
  'fromRegion',
  'toRegion',
  'weightBreak',
  'volumeBreak',
  'price',
  'currency',
] as const;
export type RateImportField = (typeof RATE_IMPORT_FIELDS)[number];

/** The fields a mapping must name; a break and a currency are checked beside (either of two will do). */
export const REQUIRED_IMPORT_FIELDS: readonly RateImportField[] = ['toRegion', 'price'];

/** Most data rows one file may hold. */
export const MAX_IMPORT_ROWS = 20_000;

const column = z.number().int().min(1).max(1000);
const fileId = z.number().int().positive();

/** Which sheet column (1-based) holds each field; a field without a column is not in the file. */
export const rateImportMappingSchema = z.object({
  fromRegion: column.nullable().optional(),
  toRegion: column.nullable().optional(),
  weightBreak: column.nullable().optional(),
  volumeBreak: column.nullable().optional(),
  price: column.nullable().optional(),
  currency: column.nullable().optional(),
});
export type RateImportMapping = z.infer<typeof rateImportMappingSchema>;

/** The first step: the uploaded file (a temporary upload of `POST /api/file-management/files/temporary`). */
export const rateImportFileSchema = z.object({ fileId });

/** The preview and the import: the file, its mapping and the collection it becomes. */
export const rateImportSchema = z.object({
  fileId,
  mapping: rateImportMappingSchema,
  collection: priceCollectionResource.create,
});
export type RateImport = z.infer<typeof rateImportSchema>;

/** A column of the sheet: its 1-based index and its header text. */
export const sheetColumnSchema = z.object({ index: z.number().int(), title: z.string() });
export type SheetColumn = z.infer<typeof sheetColumnSchema>;

/** The answer of the first step: the sheet's columns, how many data rows, the mapping guessed. */
export const rateImportColumnsSchema = z.object({
  sheet: z.string(),
  columns: z.array(sheetColumnSchema),
  rowCount: z.number().int(),
  suggested: rateImportMappingSchema,
});
export type RateImportColumns = z.infer<typeof rateImportColumnsSchema>;

/** A row of the sheet as read: its row number and the text of each column by index. */
export interface SheetRow {
  number: number;
  cells: Readonly<Record<number, string>>;
}

/** A row ready to store. */
export const parsedRateRowSchema = z.object({
  sourceRow: z.number().int(),
  toRegionId: z.number().int(),
  toRegionName: z.string(),
  weightBreak: z.string().nullable(),
  volumeBreak: z.string().nullable(),
  price: z.string(),
  currency: z.string(),
});
export type ParsedRateRow = z.infer<typeof parsedRateRowSchema>;

/** A refused cell (or row: `field` null), by the sheet's row number. */
export const rateImportErrorSchema = z.object({
  row: z.number().int(),
  field: z.enum(RATE_IMPORT_FIELDS).nullable(),
  value: z.string(),
  message: z.string(),
});
export type RateImportError = z.infer<typeof rateImportErrorSchema>;

/**
 * The preview: every row that would be stored and the errors (the first `MAX_FILE_ERRORS` by row, and how many
 * in all); the import stores only a clean file.
 */
export const rateImportPreviewSchema = z.object({
  rows: z.array(parsedRateRowSchema),
  errors: z.array(rateImportErrorSchema),
  errorCount: z.number().int(),
});
export type RateImportPreview = z.infer<typeof rateImportPreviewSchema>;

/** Header words that say what a column holds (lower case, Russian and English), most specific first. */
const HEADER_HINTS: readonly [RateImportField, RegExp][] = [
  ['fromRegion', /(from|origin|откуда|отправ)/],
  ['toRegion', /(to\b|destination|куда|назнач|доставк)/],
  ['weightBreak', /(weight|kg|вес|кг)/],
  ['volumeBreak', /(volume|cbm|m3|м3|м³|объ[её]м)/],
  ['currency', /(currency|curr|валют)/],
  ['price', /(price|rate|amount|цена|тариф|ставк|стоимост)/],
];

/** The mapping guessed from the header texts: each field to the first column whose header names it. */
export function suggestRateMapping(columns: readonly SheetColumn[]): RateImportMapping {
  const mapping: RateImportMapping = {};
  const taken = new Set<number>();
  for (const [field, hint] of HEADER_HINTS) {
    const found = columns.find((c) => !taken.has(c.index) && hint.test(c.title.toLowerCase()));
    if (found) {
      mapping[field] = found.index;
      taken.add(found.index);
    }
  }
  return mapping;
}

/** A problem of the mapping itself, under `mapping.<field>`. */
export interface MappingIssue {
  field: RateImportField | null;
  message: string;
}

/** The mapping's own rules: required fields, a column once, columns that exist, a break, a currency. */
export function rateMappingIssues(
  mapping: RateImportMapping,
  columns: readonly SheetColumn[],
  defaultCurrency: boolean,
): MappingIssue[] {
  const issues: MappingIssue[] = [];
  const known = new Set(columns.map((c) => c.index));
  const seen = new Set<number>();
  for (const field of RATE_IMPORT_FIELDS) {
    const index = mapping[field];
    if (index == null) {
      if (REQUIRED_IMPORT_FIELDS.includes(field)) issues.push({ field, message: M.columnRequired });
      continue;
    }
    if (!known.has(index)) issues.push({ field, message: M.columnMissing });
    else if (seen.has(index)) issues.push({ field, message: M.columnTwice });
    seen.add(index);
  }
  if (mapping.weightBreak == null && mapping.volumeBreak == null) {
    issues.push({ field: 'weightBreak', message: M.breakRequired });
  }
  if (mapping.currency == null && !defaultCurrency)
    issues.push({ field: 'currency', message: M.currencyRequired });
  return issues;
}

/** What a sheet's texts are checked against. */
export interface RateLookups {
  /** The collection's (origin) region. */
  regionId: number;
  /** Every region by its code, name and English name in lower case. */
  regions: ReadonlyMap<string, { id: number; name: string }>;
  /** Known currency codes. */
  currencies: ReadonlySet<string>;
  /** The collection's currency code, for a sheet without a currency column. */
  defaultCurrency: string | null;
}

/** "1 200,5" → "1200.5"; null when not a number. */
function numberOf(text: string): string | null {
  const plain = text.replace(/\s+/g, '').replace(',', '.');
  return /^\d{1,12}(\.\d{1,6})?$/.test(plain) ? decimalNormalize(plain) : null;
}

const PRICE = /^\d{1,15}(\.\d{1,2})?$/;

/**
 * The rows of a sheet under a mapping: each non-empty row becomes a priced row, or one error per refused
 * cell with its row number (a row with any error is not a row). Pure: the server reads the file and the
 * lookups, the preview and the import both call this.
 */
export function parseRateSheet(
  rows: readonly SheetRow[],
  mapping: RateImportMapping,
  lookups: RateLookups,
): RateImportPreview {
  const parsed: ParsedRateRow[] = [];
  const errors = new FileErrors<RateImportError>((a, b) => a.row - b.row);
  const seen = new Set<string>();
  for (const row of rows) {
    const cell = (field: RateImportField) => {
      const index = mapping[field];
      return index == null ? '' : (row.cells[index] ?? '').trim();
    };
    if (RATE_IMPORT_FIELDS.every((field) => cell(field) === '')) continue;
    const rowErrors: RateImportError[] = [];
    const fail = (field: RateImportField | null, message: string): undefined => {
      rowErrors.push({ row: row.number, field, value: field ? cell(field) : '', message });
    };
    const region = (field: 'fromRegion' | 'toRegion') => {
      const text = cell(field);
      if (!text) return fail(field, M.valueRequired);
      return lookups.regions.get(text.toLowerCase()) ?? fail(field, M.unknownRegion);
    };
    if (mapping.fromRegion != null) {
      const from = region('fromRegion');
      if (from && from.id !== lookups.regionId) fail('fromRegion', M.foreignOrigin);
    }
    const to = region('toRegion');
    const breakOf = (field: 'weightBreak' | 'volumeBreak') => {
      const text = cell(field);
      if (!text) return null;
      const value = numberOf(text);
      if (value === null || decimalCompare(value, '0') <= 0) {
        fail(field, M.notNumber);
        return null;
      }
      return value;
    };
    const weightBreak = breakOf('weightBreak');
    const volumeBreak = breakOf('volumeBreak');
    if (!cell('weightBreak') && !cell('volumeBreak')) fail(null, M.rowBreakRequired);
    const priceText = cell('price').replace(/\s+/g, '').replace(',', '.');
    if (!priceText) fail('price', M.valueRequired);
    else if (!PRICE.test(priceText)) fail('price', M.notPrice);
    const currencyText = mapping.currency == null ? '' : cell('currency').toUpperCase();
    const currency = currencyText || lookups.defaultCurrency;
    if (!currency) fail('currency', M.valueRequired);
    else if (!lookups.currencies.has(currency)) fail('currency', M.unknownCurrency);
    if (rowErrors.length === 0 && to) {
      const key = `${to.id}|${weightBreak}|${volumeBreak}`;
      if (seen.has(key)) fail(null, M.duplicateBreak);
      seen.add(key);
    }
    if (rowErrors.length > 0 || !to || !currency) {
      for (const error of rowErrors) errors.add(error);
      continue;
    }
    parsed.push({
      sourceRow: row.number,
      toRegionId: to.id,
      toRegionName: to.name,
      weightBreak,
      volumeBreak,
      price: decimalNormalize(priceText),
      currency,
    });
  }
  return { rows: parsed, errors: errors.list(), errorCount: errors.count };
}
