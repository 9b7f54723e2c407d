import { once } from 'node:events';
import type { WriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

/**
 * An XLSX of one sheet written to a file as its rows come, page after page, so that memory holds one page
 * whatever the sheet holds (ExcelJS keeps a workbook whole in memory; its own streaming writer builds each
 * cell's XML on the request loop). The sheet's XML rows are made in a worker thread (`exports.sheet-rows`);
 * here they are only deflated (zlib's threads) into a ZIP container of the few parts a workbook needs.
 */
export class XlsxStreamWriter {
  private offset = 0;
  private readonly entries: {
    name: Buffer;
    flags: number;
    crc: number;
    compressed: number;
    size: number;
    offset: number;
  }[] = [];
  private sheet: {
    deflate: ReturnType<typeof createDeflateRaw>;
    crc: number;
    size: number;
    done: Promise<void>;
  } | null = null;

  constructor(
    private readonly out: WriteStream,
    private readonly title: string,
    private readonly columns: readonly { header: string; date: boolean; text?: boolean }[],
  ) {}

  /** Uncompressed bytes of the sheet so far (a ZIP entry without ZIP64 holds under 4 GB). */
  get sheetBytes(): number {
    return this.sheet?.size ?? 0;
  }

  private async write(bytes: Buffer): Promise<void> {
    this.offset += bytes.length;
    if (!this.out.write(bytes)) await once(this.out, 'drain');
  }

  private async addPart(name: string, text: string): Promise<void> {
    const content = Buffer.from(text, 'utf8');
    const data = deflateRawSync(content);
    const entry = {
      name: Buffer.from(name),
      flags: 0,
      crc: crc32(content),
      compressed: data.length,
      size: content.length,
      offset: this.offset,
    };
    this.entries.push(entry);
    await this.write(localHeader(entry));
    await this.write(data);
  }

  /** Starts the sheet: its header row bold and frozen, each column's width from its header. */
  async begin(): Promise<void> {
    // Sizes unknown before the end: flag 8 puts them in a descriptor after the data.
    const entry = {
      name: Buffer.from('xl/worksheets/sheet1.xml'),
      flags: 8,
      crc: 0,
      compressed: 0,
      size: 0,
      offset: this.offset,
    };
    this.entries.push(entry);
    await this.write(localHeader(entry));
    const deflate = createDeflateRaw();
    const done = (async () => {
      for await (const chunk of deflate as AsyncIterable<Buffer>) {
        entry.compressed += chunk.length;
        await this.write(chunk);
      }
    })();
    this.sheet = { deflate, crc: 0, size: 0, done };
    const cols = this.columns
      .map((column, i) => {
        const width = Math.max(12, Math.min(50, column.header.length + 4));
        return `<col min="${i + 1}" max="${i + 1}" width="${width}" customWidth="1"/>`;
      })
      .join('');
    const header = this.columns
      .map(
        (column, i) =>
          `<c r="${columnName(i)}1" s="3" t="inlineStr"><is><t>${xmlText(column.header)}</t></is></c>`,
      )
      .join('');
    await this.rows(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="${MAIN}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><cols>${cols}</cols><sheetData><row r="1">${header}</row>`,
    );
  }

  /** Rows of the sheet as `sheetRowsXml` made them. */
  async rows(xml: string): Promise<void> {
    const sheet = this.sheet!;
    const bytes = Buffer.from(xml, 'utf8');
    sheet.crc = crc32(bytes, sheet.crc);
    sheet.size += bytes.length;
    if (!sheet.deflate.write(bytes)) await once(sheet.deflate, 'drain');
  }

  /** Ends the sheet, writes the workbook's other parts and the ZIP's directory, and closes the file. */
  async finish(): Promise<void> {
    const sheet = this.sheet!;
    await this.rows('</sheetData></worksheet>');
    sheet.deflate.end();
    await sheet.done;
    const entry = this.entries.at(-1)!;
    entry.crc = sheet.crc;
    entry.size = sheet.size;
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(entry.crc, 4);
    descriptor.writeUInt32LE(entry.compressed, 8);
    descriptor.writeUInt32LE(entry.size, 12);
    await this.write(descriptor);
    const name = xmlAttribute(
      this.title
        .replace(/[[\]:*?/\\]/g, ' ')
        .slice(0, 31)
        .trim() || 'Sheet1',
    );
    await this.addPart('[Content_Types].xml', CONTENT_TYPES);
    await this.addPart('_rels/.rels', ROOT_RELS);
    await this.addPart('xl/_rels/workbook.xml.rels', WORKBOOK_RELS);
    await this.addPart(
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheets><sheet name="${name}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    );
    await this.addPart('xl/styles.xml', STYLES);
    const directoryStart = this.offset;
    for (const entry of this.entries) await this.write(centralHeader(entry));
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - directoryStart, 12);
    end.writeUInt32LE(directoryStart, 16);
    await this.write(end);
    this.out.end();
    await finished(this.out);
  }
}

interface ZipEntry {
  name: Buffer;
  flags: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

/** 1 January 2000, 00:00 as MS-DOS writes it: the parts' time says nothing and is the same in every file. */
const DOS_DATE = ((2000 - 1980) << 9) | (1 << 5) | 1;

function localHeader(entry: ZipEntry): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(entry.flags, 6);
  header.writeUInt16LE(8, 8);
  header.writeUInt16LE(0, 10);
  header.writeUInt16LE(DOS_DATE, 12);
  header.writeUInt32LE(entry.crc, 14);
  header.writeUInt32LE(entry.compressed, 18);
  header.writeUInt32LE(entry.size, 22);
  header.writeUInt16LE(entry.name.length, 26);
  header.writeUInt16LE(0, 28);
  return Buffer.concat([header, entry.name]);
}

function centralHeader(entry: ZipEntry): Buffer {
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(20, 6);
  header.writeUInt16LE(entry.flags, 8);
  header.writeUInt16LE(8, 10);
  header.writeUInt16LE(0, 12);
  header.writeUInt16LE(DOS_DATE, 14);
  header.writeUInt32LE(entry.crc, 16);
  header.writeUInt32LE(entry.compressed, 20);
  header.writeUInt32LE(entry.size, 24);
  header.writeUInt16LE(entry.name.length, 28);
  header.writeUInt32LE(entry.offset, 42);
  return Buffer.concat([header, entry.name]);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const CONTENT_TYPES = `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`;
const ROOT_RELS = `${XML_HEAD}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}"><Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK_RELS = `${XML_HEAD}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}"><Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${RELATIONSHIPS}/styles" Target="styles.xml"/></Relationships>`;
/** Cell styles: 0 plain, 1 a date and time (as the list's own export writes it), 2 text, 3 the bold header. */
const STYLES = `${XML_HEAD}<styleSheet xmlns="${MAIN}"><numFmts count="1"><numFmt numFmtId="164" formatCode="dd.mm.yyyy hh:mm"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs></styleSheet>`;

/** A sheet's column name: A … Z, AA … */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** Characters XML 1.0 does not allow (control characters but tab and line breaks) are dropped. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: those are what it removes
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
/** Excel's longest text of a cell. */
const CELL_TEXT = 32_767;

export const xmlText = (text: string) =>
  text
    .slice(0, CELL_TEXT)
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
const xmlAttribute = (text: string) => xmlText(text).replace(/"/g, '&quot;');

/** What a cell of a prepared export holds: structured-clonable, so a page crosses to the worker thread as it is. */
export type SheetCell = string | number | boolean | Date | null;

export interface SheetRowsInput {
  columns: readonly { date: boolean; text?: boolean }[];
  /** The sheet's row number of the first row (the header is row 1). */
  firstRow: number;
  rows: readonly (readonly SheetCell[])[];
}

/** Days since 30 December 1899, as Excel keeps a date (in UTC, as ExcelJS writes the list's own export). */
const excelDate = (date: Date) => 25569 + date.getTime() / 86_400_000;

/** A page of rows as the sheet's XML: a worker thread's task, the CPU of a large export kept off the loop. */
export function sheetRowsXml({ columns, firstRow, rows }: SheetRowsInput): string {
  const names = columns.map((_, i) => columnName(i));
  let xml = '';
  rows.forEach((row, r) => {
    const n = firstRow + r;
    xml += `<row r="${n}">`;
    row.forEach((value, i) => {
      const ref = `${names[i]}${n}`;
      const style = columns[i]?.text ? ' s="2"' : '';
      if (value === null || value === '') return;
      if (value instanceof Date) {
        if (!Number.isNaN(value.getTime())) xml += `<c r="${ref}" s="1"><v>${excelDate(value)}</v></c>`;
      } else if (typeof value === 'number') {
        if (Number.isFinite(value)) xml += `<c r="${ref}"${style}><v>${value}</v></c>`;
      } else if (typeof value === 'boolean') {
        xml += `<c r="${ref}" t="b"><v>${value ? 1 : 0}</v></c>`;
      } else {
        xml += `<c r="${ref}"${style} t="inlineStr"><is><t xml:space="preserve">${xmlText(value)}</t></is></c>`;
      }
    });
    xml += '</row>';
  });
  return xml;
}

/** The exports' CPU work, run in the app's worker threads. */
export const exportTasks = {
  'exports.sheet-rows': sheetRowsXml,
};

type ExportTasks = typeof exportTasks;
declare module '../workers/tasks' {
  interface WorkerTasks extends ExportTasks {}
}
