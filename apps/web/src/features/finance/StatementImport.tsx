import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  Modal,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
} from '@mantine/core';
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
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../platform/api/client';
import { hasRole } from '../../platform/auth/access';
import { useSystemData } from '../../platform/auth/system';
import { formatDate, formatMoney } from '../../platform/format';
import { translateServerMessage } from '../../platform/i18n';
import { resourceKey } from '../../platform/resources/keys';
import { LazySelect, validationErrorsOf } from '../../platform/widgets';

const STATUS_COLORS = { matched: 'teal', unmatched: 'orange', duplicate: 'gray', internal: 'gray' } as const;

type Step =
  | { kind: 'busy' }
  | { kind: 'review'; file: File; review: StatementReview }
  | { kind: 'done'; result: StatementImportResult }
  | { kind: 'refused'; errors: string[] };

/** A refused call's messages, each with the line it names (`lines.<line>...` of the 400 tree). */
function refusalsOf(error: unknown, line: (n: string) => string): string[] {
  const fields = validationErrorsOf(error);
  if (!fields) return [error instanceof Error ? error.message : 'Error'];
  return Object.entries(fields).flatMap(([path, messages]) => {
    const [, number] = /^lines\.(\d+)/.exec(path) ?? [];
    return messages.map(
      (message) => `${number ? `${line(number)}: ` : ''}${translateServerMessage(message)}`,
    );
  });
}

/** What the person chose for a line: as reviewed, another bill, unlinked, or skipped. */
type Choice = { action: 'keep' } | StatementDecision;

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
  const [step, setStep] = useState<Step | null>(null);
  const [choices, setChoices] = useState<Record<number, Choice>>({});
  const lineText = (n: string) => t('statement.line', { line: n });

  const body = (file: File, decisions?: StatementDecision[]) => {
    const form = new FormData();
    if (decisions) form.append('decisions', JSON.stringify(decisions));
    form.append('file', file);
    return form;
  };
  const review = async (file: File) => {
    setStep({ kind: 'busy' });
    setChoices({});
    try {
      const answer = await api.post<StatementReview>('/finances/bank-statements/review', body(file), {
        suppressPopup: true,
      });
      if (answer.errorCount) {
        const errors = answer.errors.map(
          (e) => `${lineText(String(e.line))}: ${translateServerMessage(e.message)}`,
        );
        // The server answers the first errors of a file with many, and how many there are.
        if (answer.errorCount > errors.length) {
          errors.push(t('statement.moreErrors', { shown: errors.length, count: answer.errorCount }));
        }
        setStep({ kind: 'refused', errors });
      } else setStep({ kind: 'review', file, review: answer });
    } catch (error) {
      setStep({ kind: 'refused', errors: refusalsOf(error, lineText) });
    }
  };
  const confirm = async (file: File) => {
    const decisions = Object.values(choices).filter((c): c is StatementDecision => c.action !== 'keep');
    setStep({ kind: 'busy' });
    try {
      const result = await api.post<StatementImportResult>(
        '/finances/bank-statements/import',
        body(file, decisions),
        { suppressPopup: true },
      );
      setStep({ kind: 'done', result });
      await client.invalidateQueries({ queryKey: resourceKey(paymentResource) });
    } catch (error) {
      setStep({ kind: 'refused', errors: refusalsOf(error, lineText) });
    }
  };
  const choose = (line: number, choice: Choice) => setChoices((all) => ({ ...all, [line]: choice }));
  const language = i18n.language.startsWith('en') ? 'en' : 'ru';

  const row = (line: StatementLine) => {
    const choice = choices[line.line] ?? { action: 'keep' };
    const open = line.status === 'matched' || line.status === 'unmatched';
    return (
      <Table.Tr key={line.line} data-testid={`statement-line-${line.line}`}>
        <Table.Td>{line.number}</Table.Td>
        <Table.Td>{formatDate(line.date)}</Table.Td>
        <Table.Td>{line.direction ? PAYMENT_DIRECTIONS[line.direction][language] : '—'}</Table.Td>
        <Table.Td>{formatMoney(line.amount, line.currencyCode ?? '', i18n.language)}</Table.Td>
        <Table.Td>
          <Text size="sm">{line.partyName}</Text>
          <Text size="xs" c="dimmed">
            {t('statement.inn', { inn: line.partyInn })}
          </Text>
        </Table.Td>
        <Table.Td>
          <Badge color={STATUS_COLORS[line.status]} variant="light">
            {t(`statement.status.${line.status}`)}
          </Badge>
          {line.billNumber && <Text size="xs">{t('statement.bill', { number: line.billNumber })}</Text>}
        </Table.Td>
        <Table.Td miw={220}>
          {open && (
            <Stack gap={4}>
              <Select
                size="xs"
                aria-label={t('statement.action')}
                value={choice.action}
                allowDeselect={false}
                data={[
                  {
                    value: 'keep',
                    label: t(line.billId ? 'statement.keepLinked' : 'statement.keepUnlinked'),
                  },
                  { value: 'link', label: t('statement.link') },
                  { value: 'unlinked', label: t('statement.unlinked') },
                  { value: 'skip', label: t('statement.skip') },
                ]}
                onChange={(action) =>
                  choose(
                    line.line,
                    action === 'keep'
                      ? { action: 'keep' }
                      : { line: line.line, action: action as StatementDecision['action'] },
                  )
                }
                data-testid={`statement-action-${line.line}`}
              />
              {choice.action === 'link' && (
                <LazySelect
                  size="xs"
                  url="/finances/bills"
                  labelField="number"
                  value={choice.billId ?? null}
                  query={{ counterpartyId: line.counterpartyId ?? undefined }}
                  onChange={(billId) =>
                    choose(line.line, {
                      line: line.line,
                      action: 'link',
                      billId: (billId as number) ?? undefined,
                    })
                  }
                />
              )}
            </Stack>
          )}
        </Table.Td>
      </Table.Tr>
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
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) void review(file);
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
      <Modal
        opened={step !== null}
        onClose={() => setStep(null)}
        title={t('statement.title')}
        size="90rem"
        closeOnClickOutside={step?.kind !== 'busy'}
      >
        {step?.kind === 'busy' && <Text>{t('statement.busy')}</Text>}
        {step?.kind === 'refused' && (
          <Alert color="red" title={t('statement.refused')} data-testid="statement-refused">
            <List size="sm">
              {step.errors.map((error) => (
                <List.Item key={error}>{error}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        {step?.kind === 'done' && (
          <Alert color="teal" title={t('statement.done')} data-testid="statement-done">
            {t('statement.result', step.result)}
          </Alert>
        )}
        {step?.kind === 'review' && (
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {t('statement.intro')}
            </Text>
            <ScrollArea.Autosize mah="60vh">
              <Table withTableBorder striped data-testid="statement-review">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('payments.fields.number')}</Table.Th>
                    <Table.Th>{t('payments.fields.date')}</Table.Th>
                    <Table.Th>{t('payments.fields.direction')}</Table.Th>
                    <Table.Th>{t('payments.fields.amount')}</Table.Th>
                    <Table.Th>{t('payments.fields.counterpartyId')}</Table.Th>
                    <Table.Th>{t('statement.statusTitle')}</Table.Th>
                    <Table.Th>{t('statement.action')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>{step.review.lines.map(row)}</Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setStep(null)}>
                {t('statement.cancel')}
              </Button>
              <Button onClick={() => void confirm(step.file)} data-testid="statement-confirm">
                {t('statement.confirm')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
