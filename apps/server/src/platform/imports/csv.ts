import type { WorkMeter } from '@tms/domain';
import type { TableRow } from './types';

/** The separators a CSV file may use: Russian spreadsheets write `;` (the comma is the decimal sign). */
export const CSV_DELIMITERS = [';', ',', '\t', '|'] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];

/** The delimiter of the first line, quotes aside: the one it holds most of (`;` first on a tie). */
export function detectDelimiter(text: string): CsvDelimiter {
  const counts = new Map<string, number>(CSV_DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  let best: CsvDelimiter = ';';
  for (const d of CSV_DELIMITERS) if (counts.get(d)! > counts.get(best)!) best = d;
  return best;
}

export interface CsvOptions {
  delimiter?: CsvDelimiter;
  /** The records read at most: the reading stops there (a file past a row limit costs what the limit does). */
  most?: number;
}

/**
 * The records of a CSV text (RFC 4180: fields in double quotes may hold the delimiter, line breaks and
 * doubled quotes), each with the line it starts on. Blank lines are passed over; cells are trimmed unless
 * quoted. One pass over the characters, each looked at once (`meter` counts them): linear by construction.
 */
export function readCsvRecords(
  text: string,
  options: CsvOptions = {},
  meter: WorkMeter = { steps: 0 },
): { line: number; cells: string[] }[] {
  return [...csvRecords(text, options, meter)];
}

/**
 * `readCsvRecords` one record at a time, as the caller takes them: a reader that passes rows on in chunks
 * (`streamTable`) holds one chunk, never the file's records. `position.at` is the character the reading has
 * come to (the share of the text read).
 */
export function* csvRecords(
  text: string,
  options: CsvOptions = {},
  meter: WorkMeter = { steps: 0 },
  position: { at: number } = { at: 0 },
): Generator<{ line: number; cells: string[] }> {
  const delimiter = options.delimiter ?? detectDelimiter(text);
  let count = 0;
  let cells: string[] = [];
  let cell = '';
  let quotedCell = false;
  // Whether the cell has more than blanks yet: a quote opens a quoted cell only before anything else.
  let started = false;
  let inQuotes = false;
  let line = 1;
  let start = 1;
  const endCell = () => {
    cells.push(quotedCell ? cell : cell.trim());
    cell = '';
    quotedCell = false;
    started = false;
  };
  /** The record just ended, unless it is blank. */
  const endRecord = (): { line: number; cells: string[] } | undefined => {
    endCell();
    const record = cells.some((c) => c !== '') ? { line: start, cells } : undefined;
    cells = [];
    return record;
  };
  for (let i = 0; i < text.length; i++) {
    meter.steps++;
    const char = text[i]!;
    if (inQuotes) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else inQuotes = false;
      } else {
        if (char === '\n') line++;
        cell += char;
      }
    } else if (char === '"' && !started) {
      inQuotes = true;
      quotedCell = true;
      started = true;
      cell = '';
    } else if (char === delimiter) endCell();
    else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      const record = endRecord();
      if (record) {
        position.at = i + 1;
        yield record;
        if (options.most !== undefined && ++count >= options.most) return;
      }
      line++;
      start = line;
    } else {
      if (char !== ' ' && char !== '\t') started = true;
      cell += char;
    }
  }
  const record = endRecord();
  position.at = text.length;
  if (record) yield record;
}

/** A CSV record as a table row: each cell by its 1-based column, blank cells left out. */
export function csvRow(record: { line: number; cells: string[] }): TableRow {
  const cells: Record<number, string> = {};
  record.cells.forEach((value, i) => {
    if (value !== '') cells[i + 1] = value;
  });
  return { number: record.line, cells };
}

/** A CSV text's records as table rows: each cell by its 1-based column, blank cells left out. */
export function csvRows(text: string, options: CsvOptions = {}, meter: WorkMeter = { steps: 0 }): TableRow[] {
  return readCsvRecords(text, options, meter).map(csvRow);
}
