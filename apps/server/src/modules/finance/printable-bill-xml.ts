import { amountInWords, type PrintableBillDocument, printableBillTotals } from '@tms/domain';

/** The namespace of the export's schema (`printable-bill.xsd` beside this file); its version is 1. */
export const PRINTABLE_BILL_XML_NAMESPACE = 'urn:tms:printable-bill:1';

const xmlEscape = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    // Characters XML 1.0 cannot hold (control codes) are dropped rather than making the file unreadable.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: those are the characters removed
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');

const element = (name: string, value: string | null | undefined, indent: string) =>
  value === null || value === undefined || value === ''
    ? []
    : [`${indent}<${name}>${xmlEscape(value)}</${name}>`];

const twoPlaces = (value: string) => {
  const [whole = '0', fraction = ''] = value.split('.');
  return `${whole}.${fraction.padEnd(2, '0')}`;
};

function party(
  name: string,
  p: { name: string; inn: string | null; kpp: string | null; address: string | null },
  inner: string[],
) {
  return [
    `  <${name}>`,
    ...element('Name', p.name, '    '),
    ...element('INN', p.inn, '    '),
    ...element('KPP', p.kpp, '    '),
    ...element('Address', p.address, '    '),
    ...inner,
    `  </${name}>`,
  ];
}

/**
 * The printable bill for the accountant's system, as XML of `printable-bill.xsd` (docs/finance.md
 * "Printable bill XML export"): the parties with their requisites, the lines, the totals with VAT per rate
 * and the total in words in Russian and English. UTF-8; amounts with a dot and two places.
 */
export function renderPrintableBillXml(data: PrintableBillDocument): string {
  const totals = printableBillTotals(data.lines);
  const bank = data.supplier.bank;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<PrintableBill xmlns="${PRINTABLE_BILL_XML_NAMESPACE}" version="1">`,
    ...element('Number', data.number, '  '),
    ...element('Date', data.date, '  '),
    ...element('Currency', data.currency, '  '),
    ...party('Supplier', data.supplier, [
      '    <Bank>',
      ...element('Name', bank.name, '      '),
      ...element('BIK', bank.bik, '      '),
      ...element('CorrespondentAccount', bank.correspondentAccount, '      '),
      ...element('Account', bank.account, '      '),
      '    </Bank>',
    ]),
    ...party('Buyer', data.buyer, []),
    ...element('Basis', data.basis, '  '),
    '  <Lines>',
    ...data.lines.flatMap((line, i) => [
      `    <Line number="${i + 1}">`,
      ...element('Name', line.name, '      '),
      ...element('Quantity', line.quantity, '      '),
      ...element('Unit', line.unit, '      '),
      ...element('Price', twoPlaces(line.price), '      '),
      ...element('Amount', twoPlaces(line.amount), '      '),
      line.vatRate === null ? '      <WithoutVat/>' : `      <VatRate>${line.vatRate}</VatRate>`,
      '    </Line>',
    ]),
    '  </Lines>',
    '  <Totals>',
    ...element('Total', totals.total, '    '),
    ...totals.vat.map((vat) => `    <Vat rate="${vat.rate}">${vat.amount}</Vat>`),
    '  </Totals>',
    `  <TotalInWords lang="ru">${xmlEscape(amountInWords(totals.total, data.currency, 'ru'))}</TotalInWords>`,
    `  <TotalInWords lang="en">${xmlEscape(amountInWords(totals.total, data.currency, 'en'))}</TotalInWords>`,
    '</PrintableBill>',
    '',
  ].join('\n');
}
