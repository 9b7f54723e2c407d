import {
  amountInWords,
  type PrintableBillDocument,
  type PrintableBillLanguage,
  printableBillTotals,
} from '@tms/domain';
import { pdfDocument } from '../../platform/pdf/document';

const TEXTS = {
  ru: {
    heading: 'Счёт на оплату',
    number: (n: string, d: string) => `№ ${n} от ${d}`,
    recipientBank: 'Банк получателя',
    recipient: 'Получатель',
    bik: 'БИК',
    account: 'Сч. №',
    inn: 'ИНН',
    kpp: 'КПП',
    supplier: 'Поставщик (Исполнитель):',
    buyer: 'Покупатель (Заказчик):',
    basis: 'Основание:',
    columns: ['№', 'Товары (работы, услуги)', 'Кол-во', 'Ед.', 'Цена', 'Сумма'],
    total: 'Итого:',
    vat: (rate: string) => `В том числе НДС ${rate}%:`,
    withoutVat: 'Без налога (НДС)',
    due: 'Всего к оплате:',
    items: (count: number, total: string, currency: string) =>
      `Всего наименований ${count}, на сумму ${total} ${currency}`,
    director: 'Руководитель',
    accountant: 'Бухгалтер',
    months: [
      'января',
      'февраля',
      'марта',
      'апреля',
      'мая',
      'июня',
      'июля',
      'августа',
      'сентября',
      'октября',
      'ноября',
      'декабря',
    ],
    date: (d: number, month: string, y: string) => `${d} ${month} ${y} г.`,
  },
  en: {
    heading: 'Invoice',
    number: (n: string, d: string) => `No. ${n} dated ${d}`,
    recipientBank: "Beneficiary's bank",
    recipient: 'Beneficiary',
    bik: 'BIC',
    account: 'Acc. No.',
    inn: 'INN',
    kpp: 'KPP',
    supplier: 'Supplier:',
    buyer: 'Buyer:',
    basis: 'Basis:',
    columns: ['No.', 'Goods (works, services)', 'Qty', 'Unit', 'Price', 'Amount'],
    total: 'Total:',
    vat: (rate: string) => `Including VAT ${rate}%:`,
    withoutVat: 'VAT not applicable',
    due: 'Total due:',
    items: (count: number, total: string, currency: string) =>
      `Total items ${count}, amount ${total} ${currency}`,
    director: 'Director',
    accountant: 'Accountant',
    months: [
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ],
    date: (d: number, month: string, y: string) => `${d} ${month} ${y}`,
  },
} as const;

/** 1234567.5 → "1 234 567,50" (ru) or "1,234,567.50" (en), from the decimal text. */
function money(amount: string, language: PrintableBillLanguage): string {
  const [whole = '0', fraction = '00'] = amount.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, language === 'ru' ? '\u00a0' : ',');
  return `${grouped}${language === 'ru' ? ',' : '.'}${fraction.padEnd(2, '0')}`;
}

function quantityText(value: string, language: PrintableBillLanguage): string {
  return language === 'ru' ? value.replace('.', ',') : value;
}

const requisites = (
  party: { name: string; inn: string | null; kpp: string | null; address: string | null },
  t: (typeof TEXTS)[PrintableBillLanguage],
) =>
  [
    party.name,
    party.inn ? `${t.inn} ${party.inn}` : null,
    party.kpp ? `${t.kpp} ${party.kpp}` : null,
    party.address,
  ]
    .filter(Boolean)
    .join(', ');

/**
 * The printable bill as a PDF in the Russian invoice layout: the bank block (recipient's bank, BIK,
 * correspondent and settlement accounts, INN/KPP), the heading with number and date, supplier and buyer
 * requisites, the service lines, total with the VAT it includes, the total in words, the template's terms
 * and the signers. Plain data in, bytes out: it reads nothing else.
 */
export async function renderPrintableBillPdf(
  data: PrintableBillDocument,
  language: PrintableBillLanguage,
): Promise<Buffer> {
  const t = TEXTS[language];
  const totals = printableBillTotals(data.lines);
  const { doc, finish } = await pdfDocument({
    size: 'A4',
    margin: 40,
    info: { Title: `${data.heading ?? t.heading} ${data.number}` },
  });

  const left = 40;
  const width = 515;
  const [y, m, d] = data.date.split('-');
  const dateText = t.date(Number(d), t.months[Number(m) - 1] ?? '', y ?? '');

  // The bank block: a 4-column grid as on a payment order.
  const bank = data.supplier.bank;
  const cols = [left, left + 290, left + 350, left + width];
  const rowHeight = 16;
  let top = 40;
  const cell = (text: string, x: number, yPos: number, w: number, font = 'regular', size = 8) =>
    doc
      .font(font)
      .fontSize(size)
      .text(text, x + 3, yPos + 3, { width: w - 6, lineBreak: false, ellipsis: true });
  doc.lineWidth(0.5);
  doc.rect(cols[0]!, top, width, rowHeight * 5).stroke();
  // Vertical lines of the BIK / account columns, and the rows between them.
  doc
    .moveTo(cols[1]!, top)
    .lineTo(cols[1]!, top + rowHeight * 5)
    .stroke();
  doc
    .moveTo(cols[2]!, top)
    .lineTo(cols[2]!, top + rowHeight * 5)
    .stroke();
  doc
    .moveTo(cols[1]!, top + rowHeight)
    .lineTo(cols[3]!, top + rowHeight)
    .stroke();
  doc
    .moveTo(cols[0]!, top + rowHeight * 2)
    .lineTo(cols[3]!, top + rowHeight * 2)
    .stroke();
  doc
    .moveTo(cols[0]!, top + rowHeight * 3)
    .lineTo(cols[1]!, top + rowHeight * 3)
    .stroke();
  doc
    .moveTo(left + 145, top + rowHeight * 2)
    .lineTo(left + 145, top + rowHeight * 3)
    .stroke();
  cell(bank.name, cols[0]!, top, 290);
  cell(t.recipientBank, cols[0]!, top + rowHeight, 290, 'regular', 7);
  cell(t.bik, cols[1]!, top, 60);
  cell(bank.bik, cols[2]!, top, cols[3]! - cols[2]!);
  cell(t.account, cols[1]!, top + rowHeight, 60);
  cell(bank.correspondentAccount ?? '', cols[2]!, top + rowHeight, cols[3]! - cols[2]!);
  cell(`${t.inn} ${data.supplier.inn ?? ''}`, cols[0]!, top + rowHeight * 2, 145);
  cell(`${t.kpp} ${data.supplier.kpp ?? ''}`, left + 145, top + rowHeight * 2, 145);
  cell(t.account, cols[1]!, top + rowHeight * 2, 60);
  cell(bank.account, cols[2]!, top + rowHeight * 2, cols[3]! - cols[2]!);
  cell(data.supplier.name, cols[0]!, top + rowHeight * 3, 290);
  cell(t.recipient, cols[0]!, top + rowHeight * 4, 290, 'regular', 7);
  top += rowHeight * 5 + 24;

  doc
    .font('bold')
    .fontSize(14)
    .text(`${data.heading ?? t.heading} ${t.number(data.number, dateText)}`, left, top, { width });
  top = doc.y + 4;
  doc
    .moveTo(left, top)
    .lineTo(left + width, top)
    .lineWidth(1.5)
    .stroke()
    .lineWidth(0.5);
  top += 10;

  const labelled = (label: string, text: string) => {
    doc.font('regular').fontSize(9).text(label, left, top, { width: 130 });
    doc
      .font('bold')
      .fontSize(9)
      .text(text, left + 135, top, { width: width - 135 });
    top = Math.max(doc.y, top) + 6;
  };
  labelled(t.supplier, requisites(data.supplier, t));
  labelled(t.buyer, requisites(data.buyer, t));
  if (data.basis) labelled(t.basis, data.basis);
  top += 4;

  // The lines table: number, name, quantity, unit, price, amount.
  const widths = [25, 250, 50, 40, 75, 75];
  const xs = widths.map((_, i) => left + widths.slice(0, i).reduce((a, b) => a + b, 0));
  const row = (values: readonly string[], font: string, align: ('left' | 'right' | 'center')[]) => {
    doc.font(font).fontSize(8);
    const height =
      Math.max(...values.map((v, i) => doc.heightOfString(v, { width: (widths[i] ?? 0) - 6 }))) + 6;
    if (top + height > doc.page.height - 60) {
      doc.addPage();
      top = 40;
    }
    values.forEach((value, i) => {
      doc.rect(xs[i]!, top, widths[i]!, height).stroke();
      doc.text(value, xs[i]! + 3, top + 3, { width: widths[i]! - 6, align: align[i] });
    });
    top += height;
  };
  row(t.columns, 'bold', ['center', 'center', 'center', 'center', 'center', 'center']);
  for (const [i, line] of data.lines.entries()) {
    row(
      [
        String(i + 1),
        line.name,
        quantityText(line.quantity, language),
        line.unit,
        money(decimalText(line.price), language),
        money(decimalText(line.amount), language),
      ],
      'regular',
      ['center', 'left', 'right', 'left', 'right', 'right'],
    );
  }
  top += 6;

  const sum = (label: string, value: string) => {
    doc
      .font('bold')
      .fontSize(9)
      .text(label, left, top, { width: width - 95, align: 'right' });
    doc.text(value, left + width - 90, top, { width: 90, align: 'right' });
    top = doc.y + 2;
  };
  sum(t.total, money(totals.total, language));
  if (totals.withoutVat) sum(t.withoutVat, '—');
  for (const vat of totals.vat) sum(t.vat(vat.rate), money(vat.amount, language));
  sum(t.due, money(totals.total, language));
  top += 8;

  doc
    .font('regular')
    .fontSize(9)
    .text(t.items(data.lines.length, money(totals.total, language), data.currency), left, top, { width });
  top = doc.y + 2;
  doc
    .font('bold')
    .fontSize(9)
    .text(amountInWords(totals.total, data.currency, language), left, top, { width });
  top = doc.y + 6;
  doc
    .moveTo(left, top)
    .lineTo(left + width, top)
    .lineWidth(1.5)
    .stroke()
    .lineWidth(0.5);
  top += 8;
  if (data.terms) {
    doc.font('regular').fontSize(8).text(data.terms, left, top, { width });
    top = doc.y + 12;
  }

  top += 18;
  const signature = (label: string, name: string | null, x: number) => {
    doc.font('bold').fontSize(9).text(label, x, top, { width: 80 });
    doc
      .moveTo(x + 82, top + 10)
      .lineTo(x + 170, top + 10)
      .stroke();
    doc
      .font('regular')
      .fontSize(9)
      .text(name ?? '', x + 172, top, { width: 80 });
  };
  signature(t.director, data.directorName, left);
  signature(t.accountant, data.accountantName, left + 262);

  return finish();
}

/** A line's decimal text with two places ("1500" → "1500.00"). */
function decimalText(value: string): string {
  const [whole = '0', fraction = ''] = value.split('.');
  return `${whole}.${fraction.padEnd(2, '0')}`;
}
