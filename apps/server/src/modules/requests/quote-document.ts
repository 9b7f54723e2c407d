import { formatCalendarDate, formatMoney, type Money } from '@tms/domain';
import Docxtemplater from 'docxtemplater';
import PizZip from 'pizzip';

/** What the quote document says: the request, the client, what is carried and the selected rates. */
export interface QuoteDocumentData {
  /** The request's number, padded ("000012"). */
  number: string;
  /** The day the quote is sent (YYYY-MM-DD). */
  date: string;
  clientName: string;
  /** The addresses of dispatch and delivery. */
  route: string;
  cargo: string;
  rates: readonly Money[];
  comment: string | null;
}

/** A rendered document: its file name, media type and content. */
export interface RenderedDocument {
  fileName: string;
  mimeType: string;
  content: Buffer;
}

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const paragraph = (text: string, bold = false) =>
  `<w:p><w:r>${bold ? '<w:rPr><w:b/></w:rPr>' : ''}<w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;

/**
 * The built-in quote template: a .docx with docxtemplater tags, made here so that no binary file lives in
 * the sources. The document-generator issue replaces it with an editable template of the same tags.
 */
function builtInTemplate(): PizZip {
  const body = [
    paragraph('Коммерческое предложение / Quotation № {number}', true),
    paragraph('Дата / Date: {date}'),
    paragraph('Клиент / Client: {clientName}'),
    paragraph('Маршрут / Route: {route}'),
    paragraph('Груз / Cargo: {cargo}'),
    paragraph('Ставки / Rates:', true),
    paragraph('{#rates}{text}{/rates}'),
    paragraph('{#comment}{comment}{/comment}'),
  ].join('');
  const zip = new PizZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
  );
  return zip;
}

/**
 * The quote document of a request, the one place it is rendered (docs/request-offers.md "Quote"): the
 * built-in template filled by docxtemplater. Swapping in an editable template changes this function only.
 */
export function renderQuoteDocument(data: QuoteDocumentData): RenderedDocument {
  const doc = new Docxtemplater(builtInTemplate(), { paragraphLoop: true, linebreaks: true });
  // Printed as people read them, like every generated document (docs/documents.md): the date DD.MM.YYYY,
  // amounts grouped with their currency sign, in Russian as the documents are.
  doc.render({
    ...data,
    date: formatCalendarDate(data.date),
    rates: data.rates.map((rate) => ({ text: formatMoney(rate.amount, rate.currency, 'ru') })),
    comment: data.comment ?? '',
  });
  return {
    fileName: `quote-${data.number}-${data.date}.docx`,
    mimeType: DOCX,
    content: doc.getZip().generate({ type: 'nodebuffer', compression: 'DEFLATE' }),
  };
}
