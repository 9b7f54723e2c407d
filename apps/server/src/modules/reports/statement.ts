import { type ExportLanguage, type ReconciliationQuery, reconciliationReport } from '@tms/domain';
import { reportSheet, reportText } from './export';
import { parseReportQuery, type ReportContext, todayOf } from './framework';
import { reconciliation } from './use-cases/reconciliation';

/** What the statement is asked for outside the reports' screen: one counterparty, a period, our entity. */
export interface StatementQuery {
  counterpartyId: number;
  from: string;
  to: string;
  legalEntityId?: number;
}

/**
 * The counterparty reconciliation statement (акт сверки) as its printed PDF is written (the worker pool's
 * `reports.export-pdf` takes it): the report's own answer, caption and table, in `lang`. The caller has
 * decided whose statement may be read (a client's cabinet: his own counterparty only).
 */
export async function reconciliationStatement(ctx: ReportContext, q: StatementQuery, lang: ExportLanguage) {
  const query = parseReportQuery(
    reconciliationReport,
    {
      clientId: String(q.counterpartyId),
      from: q.from,
      to: q.to,
      ...(q.legalEntityId ? { legalEntityId: String(q.legalEntityId) } : {}),
    },
    todayOf(ctx),
  ) as ReconciliationQuery;
  const answer = await reconciliation.answer.run(ctx, query);
  return {
    title: reportText(reconciliationReport.title, lang),
    subtitle: (await reconciliation.caption?.(ctx, query, lang)) ?? '',
    lang,
    ...reportSheet(answer, lang),
  };
}
