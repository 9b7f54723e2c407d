import { Alert, Button, List, Text } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import {
  PAYMENT_DIRECTIONS,
  PAYMENT_ROLES,
  paymentResource,
  type StatementDecision,
  type StatementImportResult,
  type StatementLine,
  type StatementReview,
} from '@tms/domain';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../platform/api/client';
import { hasRole } from '../../platform/auth/access';
import { useSystemData } from '../../platform/auth/system';
import { formatDate, formatMoney } from '../../platform/format';
import { translateServerMessage } from '../../platform/i18n';
import { ImportDialog, useImportRun } from '../../platform/imports/ImportDialog';
import type { PreviewColumn } from '../../platform/imports/ImportPreview';
import { previewOf } from '../../platform/imports/logic';
import { resourceKey } from '../../platform/resources/keys';
import { decisionOf, KEEP, type LineChoice, StatementLineDecision } from './StatementLineDecision';

/** What the pipeline calls a line's fate (the server's `ACTIONS`): a payment to create, one imported before, none. */
const ACTIONS = { matched: 'create', unmatched: 'create', duplicate: 'unchanged', internal: 'skip' } as const;

/**
 * The bank statement import of the payments' toolbar (docs/finance.md "Bank statement import"): the 1C file
 * is reviewed line by line (matched to a bill, unmatched, already imported, internal), the person assigns
 * or skips lines, and the import writes them all or, refused, nothing.
 */
export function StatementImport() {
  const system = useSystemData();
  if (!hasRole(system, PAYMENT_ROLES.create)) return null;
  return <Importer />;
}

function Importer() {
  const { t, i18n } = useTranslation('finance');
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const run = useImportRun<StatementLine | null, StatementImportResult>('lines');
  const [file, setFile] = useState<File | null>(null);
  const [lines, setLines] = useState<StatementLine[]>([]);
  const [warnings, setWarnings] = useState<StatementReview['warnings']>([]);
  const [choices, setChoices] = useState<Record<number, LineChoice>>({});
  const language = i18n.language.startsWith('en') ? 'en' : 'ru';
  const decisions = lines.flatMap((line) => {
    const decision = decisionOf(line, choices[line.line] ?? KEEP);
    return decision ? [decision] : [];
  });
  const choose = (line: number, choice: LineChoice) => setChoices((all) => ({ ...all, [line]: choice }));
  const imported = useCallback(
    () => void client.invalidateQueries({ queryKey: resourceKey(paymentResource) }),
    [client],
  );

  const body = (chosen: File, withDecisions?: StatementDecision[]) => {
    const form = new FormData();
    if (withDecisions) form.append('decisions', JSON.stringify(withDecisions));
    form.append('file', chosen);
    return form;
  };
  const review = (chosen: File) => {
    setFile(chosen);
    setChoices({});
    setLines([]);
    setWarnings([]);
    void run.preview(async () => {
      const answer = await api.post<StatementReview>('/finances/bank-statements/review', body(chosen), {
        suppressPopup: true,
      });
      setLines(answer.lines);
      setWarnings(answer.warnings);
      const rows = answer.lines.map((line) => ({
        row: line.line,
        action: ACTIONS[line.status],
        values: line,
      }));
      const errors = answer.errors.map(({ line, ...error }) => ({ row: line, ...error }));
      return previewOf(rows, errors, answer.errorCount, null);
    });
  };

  const columns: PreviewColumn<StatementLine | null>[] = [
    { field: 'Номер', header: t('payments.fields.number'), render: (line) => line?.number },
    { field: 'Дата', header: t('payments.fields.date'), render: (line) => line && formatDate(line.date) },
    {
      field: 'direction',
      header: t('payments.fields.direction'),
      render: (line) => (line?.direction ? PAYMENT_DIRECTIONS[line.direction][language] : null),
    },
    {
      field: 'Сумма',
      header: t('payments.fields.amount'),
      align: 'right',
      render: (line) => line && formatMoney(line.amount, line.currencyCode ?? '', i18n.language),
    },
    {
      field: 'party',
      header: t('payments.fields.counterpartyId'),
      render: (line) =>
        line && (
          <>
            <Text size="sm">{line.partyName}</Text>
            <Text size="xs" c="dimmed">
              {t('statement.inn', { inn: line.partyInn })}
            </Text>
          </>
        ),
    },
    {
      field: 'bill',
      header: t('statement.statusTitle'),
      render: (line) =>
        line?.billNumber
          ? t('statement.bill', { number: line.billNumber })
          : line?.reason && (
              <Text size="xs" c="orange.8" data-testid={`statement-reason-${line.line}`}>
                {t(`statement.reasons.${line.reason}`, { inn: line.partyInn })}
              </Text>
            ),
    },
  ];

  const decision = (line: StatementLine) => {
    if (line.status !== 'matched' && line.status !== 'unmatched') return null;
    return (
      <StatementLineDecision
        line={line}
        choice={choices[line.line] ?? KEEP}
        onChange={(choice) => choose(line.line, choice)}
      />
    );
  };

  return (
    <>
      <input
        ref={input}
        type="file"
        hidden
        accept=".txt"
        data-testid="statement-file"
        onChange={(event) => {
          const chosen = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (chosen) review(chosen);
        }}
      />
      <Button
        variant="default"
        size="sm"
        leftSection={<IconFileUpload size={16} />}
        onClick={() => input.current?.click()}
        data-testid="statement-import"
      >
        {t('statement.button')}
      </Button>
      <ImportDialog
        run={run}
        title={t('statement.title')}
        size="90rem"
        onClose={() => setFile(null)}
        notice={
          warnings.length > 0 && (
            <Alert color="yellow" title={t('statement.warnings')} data-testid="statement-warnings">
              <List size="sm">
                {warnings.map((warning) => (
                  <List.Item key={`${warning.line}-${warning.message}`}>
                    {t('statement.warningLine', {
                      line: warning.line,
                      message: translateServerMessage(warning.message),
                    })}
                  </List.Item>
                ))}
              </List>
            </Alert>
          )
        }
        columns={columns}
        actionLabel={(row) => row.values && t(`statement.status.${row.values.status}`)}
        // A line matched to nothing waits for its decision: not the green of a line that goes in as found.
        actionColor={(row) => (row.values?.status === 'unmatched' ? 'gray' : undefined)}
        extra={{ header: t('statement.action'), render: (row) => row.values && decision(row.values) }}
        confirmLabel={() => t('statement.confirm')}
        apply={() =>
          api.post<StatementImportResult>('/finances/bank-statements/import', body(file!, decisions), {
            suppressPopup: true,
          })
        }
        job={file ? { name: 'finance.bank-statement', file, options: decisions } : undefined}
        onImported={imported}
        done={(result) => (
          <Alert color="teal" title={t('statement.done')}>
            {t('statement.result', result)}
          </Alert>
        )}
        testIds={{
          table: 'statement-review',
          row: (line) => `statement-line-${line}`,
          confirm: 'statement-confirm',
          done: 'statement-done',
          refused: 'statement-refused',
        }}
      />
    </>
  );
}
