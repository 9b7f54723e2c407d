import { amountInWords, documentDate, initiatorLabel, padId, printableBillTotals } from '@tms/domain';
import { eq, inArray } from 'drizzle-orm';
import { readAll } from '../../db/connection';
import type { Principal } from '../../platform/auth/context';
import type { Clock } from '../../platform/clock';
import type { CallContext } from '../../platform/resources';
import { legalEntities } from '../company';
import { currencies } from '../reference-data';
import { billService } from './bills';
import { printableBillDocument } from './printable-bill-print';
import { PRINTABLE_BILL_FILE_OWNER, printableBillService } from './printable-bills';
import { bills, paymentForms } from './tables';

/**
 * Bills and printable bills as initiators of the document generator (the documents module's
 * `documentInitiators`): a bill's fields, and a printable bill's requisites with a loop over its service
 * lines. Amounts are written as Russian documents write them ("1 500,00").
 */

type Ctx = CallContext & { auth: Principal; clock?: Clock };

/** "1500.5" → "1 500,50": a decimal text as a Russian document prints it, never through a float. */
const money = (amount: string | null): string => {
  if (amount === null) return '';
  const [whole = '0', fraction = ''] = amount.replace(/^-/, '').split('.');
  const sign = amount.startsWith('-') ? '-' : '';
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')},${fraction.padEnd(2, '0').slice(0, 2)}`;
};

const BILL_FIELDS = [
  { tag: 'number', label: initiatorLabel('Номер', 'Number') },
  { tag: 'date', label: initiatorLabel('Дата', 'Date') },
  { tag: 'paymentDate', label: initiatorLabel('Дата оплаты', 'Payment date') },
  { tag: 'recognitionDate', label: initiatorLabel('Дата признания', 'Recognition date') },
  { tag: 'direction', label: initiatorLabel('Доход / расход', 'Income / expense') },
  { tag: 'counterpartyName', label: initiatorLabel('Контрагент', 'Counterparty') },
  { tag: 'companyName', label: initiatorLabel('Наша компания', 'Our company') },
  { tag: 'paymentFormName', label: initiatorLabel('Форма оплаты', 'Payment form') },
  { tag: 'currency', label: initiatorLabel('Валюта', 'Currency') },
  { tag: 'amount', label: initiatorLabel('Сумма', 'Amount') },
  { tag: 'amountInWords', label: initiatorLabel('Сумма прописью', 'Amount in words') },
  { tag: 'balance', label: initiatorLabel('Остаток к оплате', 'Balance') },
  { tag: 'orderNumbers', label: initiatorLabel('Номера заказов', 'Order numbers') },
  { tag: 'jobNumbers', label: initiatorLabel('Номера работ', 'Job numbers') },
  { tag: 'comment', label: initiatorLabel('Комментарий', 'Comment') },
  { tag: 'today', label: initiatorLabel('Сегодняшняя дата', "Today's date") },
];

async function loadBill(ctx: Ctx, id: number) {
  const row = await billService.find(ctx, id, { access: 'read' });
  const [[company], [form], [currency]] = await readAll(ctx.tx, [
    () =>
      ctx.tx
        .select({ name: legalEntities.name })
        .from(legalEntities)
        .where(eq(legalEntities.id, row.legalEntityId)),
    () =>
      ctx.tx
        .select({ name: paymentForms.name })
        .from(paymentForms)
        .where(eq(paymentForms.id, row.paymentFormId)),
    () => ctx.tx.select({ code: currencies.code }).from(currencies).where(eq(currencies.id, row.currencyId)),
  ]);
  const code = currency?.code ?? '';
  return {
    title: row.number,
    data: {
      number: row.number,
      date: documentDate(row.date),
      paymentDate: documentDate(row.paymentDate),
      recognitionDate: documentDate(row.recognitionDate),
      direction: row.direction === 'INCOME' ? 'Доход' : 'Расход',
      counterpartyName: row.counterpartyName,
      companyName: company?.name ?? '',
      paymentFormName: form?.name ?? '',
      currency: code,
      amount: money(row.amount),
      amountInWords: amountInWords(row.amount, code, 'ru'),
      balance: money(row.balance),
      orderNumbers: row.orderIds.map((orderId) => padId(orderId)).join(', '),
      jobNumbers: row.jobIds.map((jobId) => padId(jobId)).join(', '),
      comment: row.comment ?? '',
      today: documentDate(ctx.clock?.() ?? new Date()),
    },
  };
}

const PRINTABLE_BILL_FIELDS = [
  { tag: 'number', label: initiatorLabel('Номер', 'Number') },
  { tag: 'date', label: initiatorLabel('Дата', 'Date') },
  { tag: 'billNumbers', label: initiatorLabel('Номера счетов', 'Bill numbers') },
  { tag: 'companyName', label: initiatorLabel('Поставщик', 'Supplier') },
  { tag: 'companyInn', label: initiatorLabel('ИНН поставщика', "Supplier's INN") },
  { tag: 'companyKpp', label: initiatorLabel('КПП поставщика', "Supplier's KPP") },
  { tag: 'companyAddress', label: initiatorLabel('Адрес поставщика', "Supplier's address") },
  { tag: 'bankName', label: initiatorLabel('Банк', 'Bank') },
  { tag: 'bankBik', label: initiatorLabel('БИК', 'BIK') },
  { tag: 'correspondentAccount', label: initiatorLabel('Корр. счёт', 'Correspondent account') },
  { tag: 'account', label: initiatorLabel('Расчётный счёт', 'Account') },
  { tag: 'buyerName', label: initiatorLabel('Покупатель', 'Buyer') },
  { tag: 'buyerInn', label: initiatorLabel('ИНН покупателя', "Buyer's INN") },
  { tag: 'buyerKpp', label: initiatorLabel('КПП покупателя', "Buyer's KPP") },
  { tag: 'buyerAddress', label: initiatorLabel('Адрес покупателя', "Buyer's address") },
  { tag: 'basis', label: initiatorLabel('Основание', 'Basis') },
  { tag: 'certificateNumber', label: initiatorLabel('Номер акта', 'Certificate number') },
  { tag: 'certificateDate', label: initiatorLabel('Дата акта', 'Certificate date') },
  { tag: 'currency', label: initiatorLabel('Валюта', 'Currency') },
  { tag: 'total', label: initiatorLabel('Итого', 'Total') },
  { tag: 'vat', label: initiatorLabel('В том числе НДС', 'VAT included') },
  { tag: 'totalInWords', label: initiatorLabel('Итого прописью', 'Total in words') },
  {
    tag: 'lines',
    label: initiatorLabel('Услуги (цикл)', 'Services (loop)'),
    items: [
      { tag: 'position', label: initiatorLabel('№', 'No.') },
      { tag: 'name', label: initiatorLabel('Услуга', 'Service') },
      { tag: 'quantity', label: initiatorLabel('Количество', 'Quantity') },
      { tag: 'unit', label: initiatorLabel('Единица', 'Unit') },
      { tag: 'price', label: initiatorLabel('Цена', 'Price') },
      { tag: 'vatRate', label: initiatorLabel('Ставка НДС', 'VAT rate') },
      { tag: 'amount', label: initiatorLabel('Сумма', 'Amount') },
    ],
  },
];

async function loadPrintableBill(ctx: Ctx, id: number) {
  const row = await printableBillService.find(ctx, id, { access: 'read' });
  const [{ document }, billRows] = await readAll(ctx.tx, [
    () => printableBillDocument(ctx.tx, row),
    () =>
      ctx.tx.select({ id: bills.id, number: bills.number }).from(bills).where(inArray(bills.id, row.billIds)),
  ]);
  const numbers = new Map(billRows.map((bill) => [bill.id, bill.number]));
  const totals = printableBillTotals(document.lines);
  const { supplier, buyer } = document;
  return {
    title: row.number,
    data: {
      number: row.number,
      date: documentDate(row.date),
      billNumbers: row.billIds.map((billId) => numbers.get(billId) ?? '').join(', '),
      companyName: supplier.name,
      companyInn: supplier.inn ?? '',
      companyKpp: supplier.kpp ?? '',
      companyAddress: supplier.address ?? '',
      bankName: supplier.bank.name,
      bankBik: supplier.bank.bik,
      correspondentAccount: supplier.bank.correspondentAccount ?? '',
      account: supplier.bank.account,
      buyerName: buyer.name,
      buyerInn: buyer.inn ?? '',
      buyerKpp: buyer.kpp ?? '',
      buyerAddress: buyer.address ?? '',
      basis: row.basis ?? '',
      certificateNumber: row.certificateNumber ?? '',
      certificateDate: documentDate(row.certificateDate),
      currency: document.currency,
      total: money(totals.total),
      vat: totals.withoutVat ? 'Без НДС' : totals.vat.map((v) => `${v.rate}%: ${money(v.amount)}`).join('; '),
      totalInWords: amountInWords(totals.total, document.currency, 'ru'),
      lines: document.lines.map((line, index) => ({
        position: String(index + 1),
        name: line.name,
        quantity: line.quantity.replace('.', ','),
        unit: line.unit,
        price: money(line.price),
        vatRate: line.vatRate === null ? 'Без НДС' : `${line.vatRate}%`,
        amount: money(line.amount),
      })),
    },
  };
}

/** The documents module's initiators finance answers for; a printable bill's documents are its files. */
export const FINANCE_DOCUMENT_INITIATORS = {
  bill: { label: initiatorLabel('Счёт', 'Bill'), fields: BILL_FIELDS, load: loadBill },
  printableBill: {
    label: initiatorLabel('Счёт на оплату', 'Printable bill'),
    fields: PRINTABLE_BILL_FIELDS,
    load: loadPrintableBill,
    fileOwnerType: PRINTABLE_BILL_FILE_OWNER,
  },
};
