import { amountInWords, type ExportLanguage, type ReportAnswer, type ReportRow } from '@tms/domain';
import { reportText } from './framework';
import { cellText } from './pdf';

/** Between whom the statement is: our legal entity (or all of ours) and the counterparty, by name. */
export interface StatementParties {
  company: string;
  counterparty: string;
}

/** A cell of the statement's table: a text, an amount (decimal text) or a day (YYYY-MM-DD). */
export type StatementCell = string | { money: string } | { day: string };

/** One row of a currency's table: our half's date, document, debit, credit, then the counterparty's four. */
export interface StatementRow {
  cells: readonly StatementCell[];
  /** The headers, balances and turnover; a document's line is plain. */
  bold: boolean;
}

/** The settlements in one currency: our half filled, the counterparty's left for him to fill in. */
export interface StatementSection {
  /** "По данным ООО «Альфа», RUB" and "По данным ООО «Бета», RUB". */
  ours: string;
  theirs: string;
  /** The headers, the opening balance, each document, the turnover, the closing balance. */
  rows: StatementRow[];
  /** "По данным ООО «Альфа» на 31.03.2026 задолженность в пользу ... составляет ...". */
  conclusion: string;
}

/**
 * The акт сверки as printed (docs/reports.md "Reconciliation statement"), texts ready in the reader's
 * language: what the PDF (`statement-pdf.ts`) and the XLSX (`statement-xlsx.ts`) both lay out, each only
 * placing it on its page or sheet.
 */
export interface StatementInput {
  lang: ExportLanguage;
  title: string;
  period: string;
  between: string;
  preamble: string;
  sections: StatementSection[];
  /** Each party's block: for whom, the position, the line to sign and the place of the seal. */
  signatures: { ours: string; theirs: string; position: string; line: string; stamp: string };
}

const dotted = (day: string) => day.split('-').reverse().join('.');

/** The words of an amount where the currency has them (`(одна тысяча рублей 00 копеек)`), else nothing. */
function inWords(amount: string, currency: string, lang: ExportLanguage): string {
  try {
    return ` (${amountInWords(amount, currency, lang)})`;
  } catch {
    return '';
  }
}

/**
 * The reconciliation statement's answer (`use-cases/reconciliation.ts`) as the printed акт сверки writes it:
 * per currency our side with its opening balance, documents, turnover and closing balance, the
 * counterparty's side to fill in, and what the balance means in words.
 */
export function statementInput(
  answer: ReportAnswer,
  parties: StatementParties,
  period: { from: string; to: string },
  lang: ExportLanguage,
): StatementInput {
  const text = (key: string, params: Record<string, string> = {}) =>
    reportText(`reports:reconciliation.print.${key}`, lang, { ...parties, ...params });
  const money = (value: unknown): StatementCell => (typeof value === 'string' ? { money: value } : '');
  const blank = ['', '', '', ''];
  const rowOf = (row: ReportRow, document: string, bold: boolean, date = row.cells.date): StatementRow => ({
    cells: [
      typeof date === 'string' ? { day: date } : '',
      document,
      money(row.cells.debit),
      money(row.cells.credit),
      ...blank,
    ],
    bold,
  });
  const header = [text('date'), text('document'), text('debit'), text('credit')];
  const currencies = [...new Set(answer.totals.map((row) => String(row.cells.currency)))];
  const sections = currencies.map((currency) => {
    const total = (kind: string) => answer.totals.find((row) => row.key === `${kind}|${currency}`)!;
    const closing = total('closing');
    const owed = typeof closing.cells.debit === 'string' ? closing.cells.debit : null;
    const due = typeof closing.cells.credit === 'string' ? closing.cells.credit : null;
    const conclusionOf = (key: string, amount: string) =>
      text(key, {
        date: dotted(period.to),
        amount: cellText('money', amount, lang),
        currency,
        words: inWords(amount, currency, lang),
      });
    const conclusion =
      due && Number(due) !== 0
        ? conclusionOf('owedToThem', due)
        : owed && Number(owed) !== 0
          ? conclusionOf('owedToUs', owed)
          : text('settled', { date: dotted(period.to) });
    const documents = answer.rows
      .filter((row) => row.cells.currency === currency)
      .map((row) =>
        rowOf(
          row,
          text('line', {
            document: reportText(String(row.cells.document), lang),
            number: String(row.cells.number ?? ''),
          }),
          false,
        ),
      );
    return {
      ours: text('side', { party: parties.company, currency }),
      theirs: text('side', { party: parties.counterparty, currency }),
      rows: [
        { cells: [...header, ...header], bold: true },
        rowOf(total('opening'), reportText('reports:reconciliation.opening', lang), true),
        ...documents,
        rowOf(total('total'), text('turnover'), true, null),
        rowOf(closing, reportText('reports:reconciliation.closing', lang), true),
      ],
      conclusion,
    };
  });
  return {
    lang,
    title: text('title'),
    period: text('period', { from: dotted(period.from), to: dotted(period.to) }),
    between: text('between'),
    preamble: text('preamble'),
    sections,
    signatures: {
      ours: text('from', { party: parties.company }),
      theirs: text('from', { party: parties.counterparty }),
      position: text('position'),
      line: '________________ / ________________ /',
      stamp: text('stamp'),
    },
  };
}
