import PizZip from 'pizzip';
import { makeZip } from './zips';

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;
const RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A minimal Word document with one paragraph per line (docxtemplater tags are plain text in it). */
export function makeDocx(lines: readonly string[], documentXml?: Buffer): Buffer {
  const body = lines
    .map((line) => `<w:p><w:r><w:t xml:space="preserve">${escapeXml(line)}</w:t></w:r></w:p>`)
    .join('');
  const zip = new PizZip();
  zip.file('[Content_Types].xml', CONTENT_TYPES);
  zip.file('_rels/.rels', RELS);
  zip.file(
    'word/document.xml',
    documentXml ??
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
  );
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' }) as Buffer;
}

/**
 * The same minimal Word document around a given `document.xml`, packed by Node's zlib (`makeZip`): a part of
 * tens of megabytes leaves no garbage on the JavaScript heap, as packing it with PizZip would.
 */
export function packDocx(documentXml: Buffer): Buffer {
  return makeZip([
    { name: '[Content_Types].xml', content: Buffer.from(CONTENT_TYPES) },
    { name: '_rels/.rels', content: Buffer.from(RELS) },
    { name: 'word/document.xml', content: documentXml },
  ]);
}

/** The text of a Word document, a line per paragraph, as a reader would check it. */
export function docxText(docx: Buffer): string {
  const xml = new PizZip(docx).file('word/document.xml')!.asText();
  return xml
    .split('</w:p>')
    .map((paragraph) => paragraph.replace(/<[^>]+>/g, '').trim())
    .filter((line) => line.length)
    .join('\n');
}
