import type { ReportCellKind } from '@tms/domain';
import { loadExcel, sheetNameOf } from '../../platform/resources/workbook';
import { writeReportPdf } from './pdf';
import { writeStatementPdf } from './statement-pdf';
import { writeStatementWorkbook } from './statement-xlsx';

/** A report as its export writes it: the screen's table, translated, then its totals in bold. */
export interface ReportWorkbookInput {
  title: string;
  columns: readonly { header: string; kind: ReportCellKind }[];
  rows: readonly (readonly (string | number | null)[])[];
  totals: readonly (readonly (string | number | null)[])[];
}

const FORMATS: Partial<Record<ReportCellKind, string>> = {
  money: '#,##0.00',
  percent: '0.0',
  days: '0.0',
  hours: '0.0',
  count: '0',
  date: 'dd.mm.yyyy',
  month: 'mm.yyyy',
};

/** A cell as Excel keeps it: money and shares as numbers (their text is exact to two places), days as dates. */
function cellOf(kind: ReportCellKind, value: string | number | null): string | number | Date | null {
  if (value === null || value === '') return null;
  if (
    (kind === 'money' || kind === 'percent' || kind === 'count' || kind === 'days' || kind === 'hours') &&
    typeof value === 'string'
  )
    return Number(value);
  // A totals row's "Total" stands in a month or date column too: only a day or a month becomes a date.
  if (kind === 'date' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value))
    return new Date(`${value}T00:00:00Z`);
  if (kind === 'month' && typeof value === 'string' && /^\d{4}-\d{2}$/.test(value))
    return new Date(`${value}-01T00:00:00Z`);
  return value;
}

/** The XLSX of a report: its header row frozen, its rows, its totals rows in bold below them. */
export async function writeReportWorkbook(input: ReportWorkbookInput): Promise<Uint8Array> {
  const workbook = new (await loadExcel()).Workbook();
  const sheet = workbook.addWorksheet(sheetNameOf(input.title));
  sheet.columns = input.columns.map(({ header, kind }) => ({
    header,
    width: Math.max(kind === 'text' ? 24 : 14, Math.min(50, header.length + 4)),
    style: FORMATS[kind] ? { numFmt: FORMATS[kind] } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  const add = (cells: readonly (string | number | null)[]) =>
    sheet.addRow(cells.map((value, i) => cellOf(input.columns[i]!.kind, value)));
  for (const row of input.rows) add(row);
  for (const row of input.totals) add(row).font = { bold: true };
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** The reports' CPU work, run in the app's worker threads. */
export const reportTasks = {
  'reports.export-xlsx': writeReportWorkbook,
  'reports.export-pdf': writeReportPdf,
  'reports.statement-pdf': writeStatementPdf,
  'reports.statement-xlsx': writeStatementWorkbook,
};

type ReportTasks = typeof reportTasks;
declare module '../../platform/workers/tasks' {
  interface WorkerTasks extends ReportTasks {}
}
