import { deflateSync } from 'node:zlib';
import PizZip from 'pizzip';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, describe, expect, it } from 'vitest';
import { makeDocx } from '../../test/docx';
import { SofficeFailure, sofficePath, sofficePdf } from './soffice-pdf';
import { documentTasks, pdfOf } from './tasks';

/**
 * PDFs by LibreOffice keep what a shipment document needs: the logo or stamp (an image), the header and the
 * tables. `.ci/run` installs LibreOffice and sets TMS_REQUIRE_LIBREOFFICE=1, so there a missing soffice
 * fails these tests; elsewhere they say in their names that they did not run.
 */
// The test projects make PDFs with the built-in converter (vitest.config.ts); these tests are LibreOffice's.
const builtinOnly = process.env.PDF_CONVERTER;
delete process.env.PDF_CONVERTER;
const soffice = sofficePath();
afterAll(() => {
  if (builtinOnly !== undefined) process.env.PDF_CONVERTER = builtinOnly;
});
const required = process.env.TMS_REQUIRE_LIBREOFFICE === '1';
const missing = soffice === null;
const label = missing ? ' (LibreOffice not installed here: not run)' : '';

/** A 16×16 red PNG: the stamp. */
function png(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(16, 0);
  header.writeUInt32BE(16, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.concat(
    Array.from({ length: 16 }, () => Buffer.from([0, ...Array(16).fill([220, 20, 20]).flat()])),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A Word template with a header, a table with a tag and a picture (the stamp) in the body. */
function stampedTemplate(): Buffer {
  const zip = new PizZip();
  zip.file(
    '[Content_Types].xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/header1.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.header+xml"/></Types>`,
  );
  zip.file(
    '_rels/.rels',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${R}/officeDocument" Target="word/document.xml"/></Relationships>`,
  );
  zip.file(
    'word/_rels/document.xml.rels',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rIdHeader" Type="${R}/header" Target="header1.xml"/><Relationship Id="rIdStamp" Type="${R}/image" Target="media/stamp.png"/></Relationships>`,
  );
  zip.file('word/media/stamp.png', png());
  zip.file(
    'word/header1.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:hdr xmlns:w="${W}"><w:p><w:r><w:t>Шапка {companyName}</w:t></w:r></w:p></w:hdr>`,
  );
  const emu = 914400;
  const drawing = `<w:drawing><wp:inline xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"><wp:extent cx="${emu}" cy="${emu}"/><wp:docPr id="1" name="Stamp"/><a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:nvPicPr><pic:cNvPr id="1" name="stamp.png"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip xmlns:r="${R}" r:embed="rIdStamp"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${emu}" cy="${emu}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing>`;
  const cell = (text: string) =>
    `<w:tc><w:tcPr><w:tcW w:w="4000" w:type="dxa"/></w:tcPr><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:tc>`;
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${W}" xmlns:r="${R}"><w:body>
<w:p><w:r><w:t>Заявка № {number}</w:t></w:r></w:p>
<w:tbl><w:tblPr><w:tblBorders><w:top w:val="single" w:sz="4"/><w:bottom w:val="single" w:sz="4"/></w:tblBorders></w:tblPr><w:tblGrid><w:gridCol w:w="4000"/><w:gridCol w:w="4000"/></w:tblGrid><w:tr>${cell('Перевозчик')}${cell('{contractorName}')}</w:tr></w:tbl>
<w:p><w:r>${drawing}</w:r></w:p>
<w:sectPr><w:headerReference w:type="default" r:id="rIdHeader"/><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1080" w:bottom="1440" w:left="1080" w:header="708" w:footer="708" w:gutter="0"/></w:sectPr>
</w:body></w:document>`,
  );
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' }) as Buffer;
}

describe('PDFs by LibreOffice', () => {
  it('finds LibreOffice where CI installs it', () => {
    // Says plainly which converter this machine has; fails only where .ci/run guarantees LibreOffice.
    if (required) expect(soffice, 'TMS_REQUIRE_LIBREOFFICE=1 but soffice is not on the PATH').not.toBeNull();
    else expect(soffice === null || soffice.endsWith('soffice')).toBe(true);
  });

  it.skipIf(missing && !required)(
    `keeps the header, the table and the stamp image of a filled template${label}`,
    async () => {
      const filled = await documentTasks['documents.fill']({
        template: stampedTemplate(),
        data: { number: '000042', contractorName: 'ООО «Быстрый Грузовик»', companyName: 'ООО «Логистик»' },
        format: 'pdf',
        title: 'Заявка 000042',
      });
      if ('refusal' in filled) throw new Error(filled.refusal);
      expect(filled.converter).toBe('libreoffice');
      const pdf = await getDocumentProxy(new Uint8Array(filled.content));
      const { text } = await extractText(pdf, { mergePages: true });
      expect(text).toContain('Шапка ООО «Логистик»');
      expect(text).toContain('Заявка № 000042');
      expect(text).toContain('ООО «Быстрый Грузовик»');
      // The stamp as an image XObject of its own size (pdf.js's image extraction needs a newer Node).
      const raw = Buffer.from(filled.content).toString('latin1');
      const images = [...raw.matchAll(/<<[^>]*\/Subtype\s*\/Image[^>]*>>/g)].map((match) => match[0]);
      expect(images.some((dict) => /\/Width\s+16\b/.test(dict) && /\/Height\s+16\b/.test(dict))).toBe(true);
    },
    120_000,
  );

  it('answers a failed conversion as a SofficeFailure, for the built-in converter to take over', async () => {
    await expect(sofficePdf(Buffer.from('x'), '/bin/false', 5000)).rejects.toBeInstanceOf(SofficeFailure);
  });

  it('makes the PDF with the built-in converter when LibreOffice fails, and says why for the log', async () => {
    const made = await pdfOf(makeDocx(['Расписка № 000042']), 'Расписка 000042', '/bin/false');
    expect(made.converter).toBe('builtin');
    expect(made.fallback).toMatch(/^LibreOffice exited with 1/);
    const { text } = await extractText(new Uint8Array(made.content), { mergePages: true });
    expect(text.replace(/\s+/g, ' ')).toMatch(/Расписка №\s?000042/);
    // Without LibreOffice there is nothing to fall back from.
    expect((await pdfOf(makeDocx(['x']), 'x', null)).fallback).toBeUndefined();
  });
});
