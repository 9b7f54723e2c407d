import { createRequire } from 'node:module';
import type PDFDocument from 'pdfkit';
import PizZip from 'pizzip';

/**
 * A generated .docx as a PDF, in pure JS (pdfkit with the DejaVu fonts of the finance PDFs): the body's
 * paragraphs in order with their alignment and headings, runs bold and/or italic, tabs and line breaks,
 * and tables as bordered grids with the column widths of the table's grid and merged columns. Pictures,
 * headers and footers, colours, fonts and sizes of the Word file, numbering and page settings are not
 * kept: the PDF is an A4 reading copy of the text (docs/documents.md "PDF").
 */

const require = createRequire(import.meta.url);
const FONTS = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
  italic: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Oblique.ttf'),
  boldItalic: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-BoldOblique.ttf'),
};

interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  text?: string;
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name] ?? whole;
  });

/** A small XML reader for WordprocessingML: elements, attributes and text; declarations and comments skipped. */
export function parseXml(xml: string): XmlNode {
  const root: XmlNode = { name: '#root', attrs: {}, children: [] };
  const stack = [root];
  const token =
    /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!\[CDATA\[([\s\S]*?)\]\]>|<(\/?)([\w:.-]+)([^>]*?)(\/?)>|([^<]+)/g;
  for (const match of xml.matchAll(token)) {
    const top = stack.at(-1)!;
    const [, cdata, closing, name, rawAttrs, selfClosing, text] = match;
    if (cdata !== undefined) top.children.push({ name: '#text', attrs: {}, children: [], text: cdata });
    else if (text !== undefined)
      top.children.push({ name: '#text', attrs: {}, children: [], text: decode(text) });
    else if (!name) continue;
    else if (closing) {
      if (stack.length > 1) stack.pop();
    } else {
      const attrs: Record<string, string> = {};
      for (const attr of (rawAttrs ?? '').matchAll(/([\w:.-]+)\s*=\s*("([^"]*)"|'([^']*)')/g)) {
        attrs[attr[1]!] = decode(attr[3] ?? attr[4] ?? '');
      }
      const node: XmlNode = { name, attrs, children: [] };
      top.children.push(node);
      if (!selfClosing) stack.push(node);
    }
  }
  return root;
}

const child = (node: XmlNode | undefined, name: string) => node?.children.find((c) => c.name === name);
const kids = (node: XmlNode | undefined, name: string) => node?.children.filter((c) => c.name === name) ?? [];

export interface Run {
  text: string;
  bold: boolean;
  italic: boolean;
}
export interface Paragraph {
  kind: 'paragraph';
  runs: Run[];
  align: 'left' | 'center' | 'right' | 'justify';
  /** 1 for a title or first-level heading, 2 for a lower heading; 0 for body text. */
  heading: number;
}
export interface TableCell {
  span: number;
  paragraphs: Paragraph[];
}
export interface TableBlock {
  kind: 'table';
  /** Relative widths of the grid's columns. */
  columns: number[];
  rows: TableCell[][];
}
export type Block = Paragraph | TableBlock;

/** A toggle property (`<w:b/>`, `<w:b w:val="false"/>`) is on unless its value says off. */
const on = (node: XmlNode | undefined) =>
  node !== undefined && !['0', 'false', 'off'].includes(node.attrs['w:val'] ?? 'true');

function runsOf(node: XmlNode, base: { bold: boolean; italic: boolean }, out: Run[]) {
  for (const c of node.children) {
    if (c.name === 'w:del' || c.name === 'w:pPr') continue;
    if (c.name !== 'w:r') {
      // Hyperlinks, insertions, smart tags and content controls hold runs of their own.
      runsOf(c, base, out);
      continue;
    }
    const props = child(c, 'w:rPr');
    const style = {
      bold: child(props, 'w:b') ? on(child(props, 'w:b')) : base.bold,
      italic: child(props, 'w:i') ? on(child(props, 'w:i')) : base.italic,
    };
    let text = '';
    for (const part of c.children) {
      if (part.name === 'w:t') text += part.children.map((t) => t.text ?? '').join('');
      else if (part.name === 'w:tab') text += '    ';
      else if (part.name === 'w:br' || part.name === 'w:cr') text += '\n';
    }
    if (text) out.push({ text, ...style });
  }
}

function paragraphOf(node: XmlNode): Paragraph {
  const props = child(node, 'w:pPr');
  const jc = child(props, 'w:jc')?.attrs['w:val'];
  const style = child(props, 'w:pStyle')?.attrs['w:val'] ?? '';
  const level = /^(title|heading|заголовок)\s*(\d*)/i.exec(style);
  const heading = level ? (level[1]!.toLowerCase() === 'title' || level[2] === '1' || !level[2] ? 1 : 2) : 0;
  const runs: Run[] = [];
  runsOf(node, { bold: heading > 0, italic: false }, runs);
  const align =
    jc === 'center'
      ? 'center'
      : jc === 'right' || jc === 'end'
        ? 'right'
        : jc === 'both'
          ? 'justify'
          : 'left';
  return { kind: 'paragraph', runs, align, heading };
}

function tableOf(node: XmlNode): TableBlock {
  const columns = kids(child(node, 'w:tblGrid'), 'w:gridCol').map((col) => Number(col.attrs['w:w']) || 1);
  const rows = kids(node, 'w:tr').map((row) =>
    kids(row, 'w:tc').map((cell) => ({
      span: Number(child(child(cell, 'w:tcPr'), 'w:gridSpan')?.attrs['w:val']) || 1,
      // A nested table reads as its paragraphs, row by row.
      paragraphs: blocksOf(cell).flatMap((block) =>
        block.kind === 'paragraph' ? [block] : block.rows.flatMap((r) => r.flatMap((c) => c.paragraphs)),
      ),
    })),
  );
  const widest = Math.max(0, ...rows.map((row) => row.reduce((n, cell) => n + cell.span, 0)));
  while (columns.length < widest)
    columns.push(columns.length ? columns.reduce((a, b) => a + b) / columns.length : 1);
  return { kind: 'table', columns, rows };
}

function blocksOf(container: XmlNode): Block[] {
  const blocks: Block[] = [];
  for (const c of container.children) {
    if (c.name === 'w:p') blocks.push(paragraphOf(c));
    else if (c.name === 'w:tbl') blocks.push(tableOf(c));
    else if (c.name === 'w:sdt') blocks.push(...blocksOf(child(c, 'w:sdtContent') ?? c));
  }
  return blocks;
}

/** The blocks of a .docx's body, in order. */
export function docxBlocks(docx: Buffer): Block[] {
  const xml = new PizZip(docx).file('word/document.xml')?.asText();
  if (!xml) return [];
  const body = child(child(parseXml(xml), 'w:document'), 'w:body');
  return body ? blocksOf(body) : [];
}

const SIZE = 10.5;
const sizeOf = (p: Paragraph) => (p.heading === 1 ? 16 : p.heading === 2 ? 13 : SIZE);
const fontOf = (run: Run) =>
  run.bold && run.italic ? 'boldItalic' : run.bold ? 'bold' : run.italic ? 'italic' : 'regular';

/** pdfkit loads with the first PDF: a worker thread starts without it. */
const loadPdfKit = async (): Promise<typeof PDFDocument> => (await import('pdfkit')).default;

/** The .docx's text as an A4 PDF (what is kept: the comment at the top). */
export async function docxToPdf(docx: Buffer, title: string): Promise<Buffer> {
  const blocks = docxBlocks(docx);
  const PDF = await loadPdfKit();
  const doc = new PDF({ size: 'A4', margin: 56, info: { Title: title, Producer: 'TMS' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  for (const [name, file] of Object.entries(FONTS)) doc.registerFont(name, file);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;

  /** Writes a paragraph's runs at (x, y) within `w`; an empty paragraph is one blank line. */
  const write = (p: Paragraph, x: number, y: number, w: number) => {
    doc.fontSize(sizeOf(p));
    const runs = p.runs.length ? p.runs : [{ text: ' ', bold: false, italic: false }];
    runs.forEach((run, i) => {
      doc.font(fontOf(run));
      const continued = i < runs.length - 1;
      const options = { width: w, align: p.align, continued };
      // pdfkit drops the spaces ending a continued piece: kept as no-break spaces.
      const text = continued ? run.text.replace(/ +$/, (spaces) => '\u00a0'.repeat(spaces.length)) : run.text;
      if (i === 0) doc.text(text, x, y, options);
      else doc.text(text, options);
    });
  };
  const heightOf = (p: Paragraph, w: number) => {
    doc.fontSize(sizeOf(p)).font(p.runs.some((r) => r.bold) ? 'bold' : 'regular');
    return doc.heightOfString(p.runs.map((r) => r.text).join('') || ' ', { width: w });
  };

  const pad = 4;
  for (const block of blocks) {
    if (block.kind === 'paragraph') {
      if (doc.y + heightOf(block, width) > bottom()) doc.addPage();
      write(block, left, doc.y, width);
      doc.moveDown(block.heading ? 0.4 : 0.25);
      continue;
    }
    const total = block.columns.reduce((a, b) => a + b, 0) || 1;
    const xs = [left];
    for (const column of block.columns) xs.push(xs.at(-1)! + (column / total) * width);
    for (const row of block.rows) {
      let column = 0;
      const cells = row.map((cell) => {
        const x = xs[column] ?? left;
        column = Math.min(column + cell.span, block.columns.length);
        return { cell, x, w: (xs[column] ?? left + width) - x };
      });
      const height =
        Math.max(
          SIZE,
          ...cells.map(({ cell, w }) => cell.paragraphs.reduce((h, p) => h + heightOf(p, w - 2 * pad), 0)),
        ) +
        2 * pad;
      if (doc.y + height > bottom()) doc.addPage();
      const top = doc.y;
      for (const { cell, x, w } of cells) {
        doc.lineWidth(0.5).rect(x, top, w, height).stroke();
        let y = top + pad;
        for (const p of cell.paragraphs) {
          write(p, x + pad, y, w - 2 * pad);
          y += heightOf(p, w - 2 * pad);
        }
      }
      doc.x = left;
      doc.y = top + height;
    }
    doc.moveDown(0.5);
  }
  doc.end();
  return done;
}
