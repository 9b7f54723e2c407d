import {
  type DeclaredReport,
  decimalAdd,
  decimalCompare,
  decimalDivide,
  decimalFixed,
  decimalMultiply,
  type ExportLanguage,
  REPORT_MESSAGES,
  type ReportAnswer,
  type ReportDrill,
  type ReportRow,
  reportAnswerSchema,
  reportCellQuerySchema,
  reportDrillSchema,
} from '@tms/domain';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { calendarDay } from '../../platform/calendar';
import type { Clock } from '../../platform/clock';
import { fieldError, zodValidationError } from '../../platform/errors';
import { textOf } from '../../platform/i18n/dictionaries';
import { defineUseCase, type UseCase, type UseCaseContext } from '../../platform/resources';
import { getOptions } from '../options';

/** Where a report runs: the reader (its role and scope), the database, and the app's clock for "today". */
export interface ReportContext extends UseCaseContext {
  clock?: Clock;
  /** The screen asks: a report of one row per document answers at most this many rows (`shownRows`). */
  screenRows?: number;
}

export type ReportCell = { row: string; column: string };

/** The files a report's export writes. */
export type ReportFileFormat = 'xlsx' | 'pdf';

/**
 * A report's server half: its answer and its drill-down for one figure, over the query its declaration
 * parses (docs/development.md "Adding a report"). Both are use cases with the report's role, so whoever
 * asks — the screen, the export job as its owner — is checked by the kernel the same way.
 */
export interface ReportImplementation<Q> {
  report: DeclaredReport;
  answer(ctx: ReportContext, query: Q): Promise<ReportAnswer>;
  drill(ctx: ReportContext, query: Q, cell: ReportCell): Promise<ReportDrill>;
  /** What a printed (PDF) export says under its title; the period when the report has none of its own. */
  caption?(ctx: ReportContext, query: Q, lang: ExportLanguage): Promise<string>;
  /**
   * A printed form of its own (the акт сверки), in place of the table a PDF or XLSX export writes by default:
   * the file in `format`.
   */
  print?(
    ctx: ReportContext,
    query: Q,
    answer: ReportAnswer,
    lang: ExportLanguage,
    format: ReportFileFormat,
  ): Promise<Uint8Array>;
}

export interface ReportUseCases {
  report: DeclaredReport;
  answer: UseCase<z.ZodType, typeof reportAnswerSchema, ReportContext>;
  drill: UseCase<z.ZodType, typeof reportDrillSchema, ReportContext>;
  caption?(ctx: ReportContext, query: Record<string, unknown>, lang: ExportLanguage): Promise<string>;
  print?(
    ctx: ReportContext,
    query: Record<string, unknown>,
    answer: ReportAnswer,
    lang: ExportLanguage,
    format: ReportFileFormat,
  ): Promise<Uint8Array>;
}

export function reportUseCases<Q>(
  report: { query: z.ZodType<Q> } & Omit<DeclaredReport, 'query'>,
  implementation: Omit<ReportImplementation<Q>, 'report'>,
): ReportUseCases {
  const declared = report as unknown as DeclaredReport;
  const { caption, print } = implementation;
  return {
    report: declared,
    ...(caption && { caption: (ctx, query, lang) => caption(ctx, query as Q, lang) }),
    ...(print && {
      print: (ctx, query, answer, lang, format) => print(ctx, query as Q, answer, lang, format),
    }),
    answer: defineUseCase({
      name: `reports.${report.key}`,
      // Its export runs the answer as its owner, who may hold the export role alone (VAT 0 %); the
      // screen's door keeps to the reading roles.
      roles: [...new Set([...declared.roles, ...declared.exportRoles])],
      input: report.query as z.ZodType,
      output: reportAnswerSchema,
      run: (ctx: ReportContext, query) => implementation.answer(ctx, query as Q),
    }),
    drill: defineUseCase({
      name: `reports.${report.key}.drill`,
      roles: report.roles,
      input: z.intersection(report.query as z.ZodType, reportCellQuerySchema),
      output: reportDrillSchema,
      run: (ctx: ReportContext, input) => {
        const { row, column, ...query } = input as Q & ReportCell;
        return implementation.drill(ctx, query as Q, { row, column });
      },
    }),
  };
}

/*
 * The screen's row limit (docs/reports.md "Rows on the screen"): a report that may answer more rows than a
 * screen can show (one per document, or per client) answers the screen its first `ctx.screenRows`
 * (REPORT_SCREEN_ROWS) and says how many there are (`shownRows`); its totals and chart stay those of every row,
 * summed by the database; the export, which has no `screenRows`, writes every row.
 */

/** ` LIMIT n` for the screen's rows; nothing for the export. */
export const screenLimit = (ctx: ReportContext): SQL =>
  ctx.screenRows === undefined ? sql`` : sql` LIMIT ${ctx.screenRows}`;

/** Whether rows read with `screenLimit` may be cut: then the totals are to be summed over all of them apart. */
export const screenCut = (ctx: ReportContext, read: number): boolean =>
  ctx.screenRows !== undefined && read >= ctx.screenRows;

/** The first `ctx.screenRows` of rows built in full (all of them for the export). */
export const screenRowsOf = <T>(ctx: ReportContext, rows: readonly T[]): T[] =>
  ctx.screenRows === undefined ? [...rows] : rows.slice(0, ctx.screenRows);

/** The answer's `shownRows` when the screen shows fewer rows than there are. */
export const shownRowsOf = (shown: number, total: number) =>
  total > shown ? { shownRows: { shown, total } } : {};

/** The company's today by the context's clock. */
export const todayOf = (ctx: { clock?: Clock }) => calendarDay(ctx.clock?.() ?? new Date());

/**
 * A report's query from an address's parameters: the declaration's defaults under what the address says
 * (an address without a period is the report's default period), parsed by its schema (400 otherwise).
 */
export function parseReportQuery(
  report: DeclaredReport,
  params: Record<string, unknown>,
  today: string,
  extra: z.ZodObject = z.object({}),
): Record<string, unknown> {
  const given = Object.fromEntries(
    Object.entries(params).filter(([, value]) => value !== '' && value != null),
  );
  const parsed = z.intersection(report.query, extra).safeParse({ ...report.defaults(today), ...given });
  if (!parsed.success) throw zodValidationError(parsed.error);
  return parsed.data as Record<string, unknown>;
}

/** The base currency's code (system options). */
export async function baseCurrencyOf(ctx: ReportContext): Promise<string> {
  return (await getOptions(ctx.tx)).systemCurrencyCode;
}

/** Where each kind of document a drill-down lists opens. */
export const DOCUMENT_PATHS = {
  bills: '/finances/bills',
  orders: '/tms/orders',
  payments: '/finances/payments',
} as const;

/** A drill-down's row: one document, opened by its link, named back by its id. */
export const documentRow = (
  document: keyof typeof DOCUMENT_PATHS,
  id: number,
  cells: ReportRow['cells'],
): ReportRow => ({ key: String(id), href: `${DOCUMENT_PATHS[document]}/${id}`, cells });

/** A drill-down asked of a figure the report has not: 400 under `column`. */
export function unknownFigure(): never {
  throw fieldError(['column'], REPORT_MESSAGES.unknownFigure);
}

/** Conditions joined with AND, leaving out those not given. */
export function allOf(...parts: (SQL | undefined | false | null)[]): SQL {
  const given = parts.filter((part): part is SQL => Boolean(part));
  return given.length ? sql.join(given, sql` AND `) : sql`true`;
}

/** `column = value` when the filter is given. */
export const when = (value: number | string | undefined, condition: (value: number | string) => SQL) =>
  value === undefined ? undefined : condition(value);

/** Σ of decimal strings, exact, to two places. */
export function sum(values: readonly (string | null | undefined)[]): string {
  return decimalFixed(
    values.reduce<string>((acc, value) => (value ? decimalAdd(acc, value) : acc), '0'),
    2,
  );
}

/** A ratio in percent, one decimal: Σnumerator ÷ Σdenominator of a total; none when the denominator is zero. */
export function ratio(numerator: string, denominator: string): string | null {
  if (decimalCompare(denominator, '0') === 0) return null;
  return decimalFixed(decimalMultiply(decimalDivide(numerator, denominator, 8), '100'), 1);
}

/** A report's text key (`reports:columns.open`) in `lang`, with its `{{values}}`. */
export function reportText(key: string, lang: ExportLanguage, params: Record<string, string | number> = {}) {
  const text = textOf(key.replace(':', '.'), lang) ?? key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? ''));
}
