import { amountInWords, type ExportLanguage, type ReportAnswer, type ReportRow } from '@tms/domain';
import { reportText } from './framework';
import { cellText } from './pdf';
import type { StatementLine, StatementPdfInput } from './statement-pdf';

/** Between whom the statement is: our legal entity (or all of ours) and the counterparty, by name. */
export interface StatementParties {
  company: string;
  counterparty: string;
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
 * The reconciliation statement's answer (`use-cases/reconciliation.ts`) as the printed акт сверки writes it
 * (`statement-pdf.ts`): per currency our side with its opening balance, documents, turnover and closing
 * balance, the counterparty's side to fill in, and what the balance means in words.
 */
export function statementPdfInput(
  answer: ReportAnswer,
  parties: StatementParties,
  period: { from: string; to: string },
  lang: ExportLanguage,
): StatementPdfInput {
  const text = (key: string, params: Record<string, string> = {}) =>
    reportText(`reports:reconciliation.print.${key}`, lang, { ...parties, ...params });
  const money = (value: unknown) => (typeof value === 'string' ? cellText('money', value, lang) : '');
  const lineOf = (row: ReportRow, document: string, date = row.cells.date): StatementLine => ({
    date: typeof date === 'string' ? dotted(date) : '',
    document,
    debit: money(row.cells.debit),
    credit: money(row.cells.credit),
  });
  const currencies = [...new Set(answer.totals.map((row) => String(row.cells.currency)))];
  const sections = currencies.map((currency) => {
    const total = (kind: string) => answer.totals.find((row) => row.key === `${kind}|${currency}`)!;
    const closing = total('closing');
    const owed = typeof closing.cells.debit === 'string' ? closing.cells.debit : null;
    const due = typeof closing.cells.credit === 'string' ? closing.cells.credit : null;
    const conclusionOf = (key: string, amount: string) =>
      text(key, {
        date: dotted(period.to),
        amount: money(amount),
        currency,
        words: inWords(amount, currency, lang),
      });
    const conclusion =
      due && Number(due) !== 0
        ? conclusionOf('owedToThem', due)
        : owed && Number(owed) !== 0
          ? conclusionOf('owedToUs', owed)
          : text('settled', { date: dotted(period.to) });
    return {
      ours: text('side', { party: parties.company, currency }),
      theirs: text('side', { party: parties.counterparty, currency }),
      opening: lineOf(total('opening'), reportText('reports:reconciliation.opening', lang)),
      lines: answer.rows
        .filter((row) => row.cells.currency === currency)
        .map((row) =>
          lineOf(
            row,
            text('line', {
              document: reportText(String(row.cells.document), lang),
              number: String(row.cells.number ?? ''),
            }),
          ),
        ),
      turnover: lineOf(total('total'), text('turnover'), null),
      closing: lineOf(closing, reportText('reports:reconciliation.closing', lang)),
      conclusion,
    };
  });
  return {
    title: text('title'),
    period: text('period', { from: dotted(period.from), to: dotted(period.to) }),
    between: text('between'),
    preamble: text('preamble'),
    headers: { date: text('date'), document: text('document'), debit: text('debit'), credit: text('credit') },
    sections,
    signatures: {
      ours: text('from', { party: parties.company }),
      theirs: text('from', { party: parties.counterparty }),
      position: text('position'),
      stamp: text('stamp'),
    },
  };
}
