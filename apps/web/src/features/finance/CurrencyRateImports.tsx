import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  List,
  Menu,
  Modal,
  Progress,
  ScrollArea,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import {
  IconBuildingBank,
  IconCloudDownload,
  IconFileSpreadsheet,
  IconFileUpload,
} from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CurrencyRateImportError,
  CurrencyRateImportPreview,
  RateImportSummary,
  ResourceDescriptor,
} from '@tms/domain';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../platform/api/client';
import { hasRole } from '../../platform/auth/access';
import { useSystemData } from '../../platform/auth/system';
import { formatDate } from '../../platform/format';
import { translateServerMessage } from '../../platform/i18n';
import { usePhone } from '../../platform/kit/phone';
import { resourceKey } from '../../platform/resources/keys';
import { validationErrorsOf } from '../../platform/widgets';
import { DateInput } from '../../platform/widgets/DateInput';

const BASE = '/finances/currency-rates/import';
const ACTION_COLORS = { create: 'teal', update: 'blue', unchanged: 'gray', skip: 'gray' } as const;

type Step =
  | { kind: 'busy'; title: string }
  | { kind: 'preview'; file: File; preview: CurrencyRateImportPreview }
  | { kind: 'fetch'; date: string | null }
  | { kind: 'done'; title: string; summary: RateImportSummary }
  | { kind: 'refused'; title: string; errors: CurrencyRateImportError[] };

/** A refused import's errors as rows: `rows.<row>.<field>` of the 400 tree, `file` for the file itself. */
function errorsOf(error: unknown): CurrencyRateImportError[] {
  const fields = validationErrorsOf(error);
  if (!fields) {
    return [{ row: 0, message: error instanceof Error ? error.message : 'Error' }];
  }
  return Object.entries(fields).flatMap(([path, messages]) => {
    const [, row, field] = /^rows\.(\d+)\.(\w+)$/.exec(path) ?? [];
    return messages.map((message) => ({ row: row ? Number(row) : 0, field, message }));
  });
}

const upload = (file: File) => {
  const body = new FormData();
  body.append('file', file);
  return body;
};

/**
 * The rate imports of the list's toolbar (docs/finance.md "Currency rates"): the Bank of Russia's daily file,
 * a fetch of it for a date where the server may reach the bank, and an XLSX sheet shown row by row before
 * it is imported. Each import is whole or nothing; the dialog shows progress, then what was done or why not.
 */
export function CurrencyRateImports({ descriptor }: { descriptor: ResourceDescriptor }) {
  const system = useSystemData();
  if (!hasRole(system, 'ROLE_SETTINGS_CURRENCY_RATES')) return null;
  return <Imports descriptor={descriptor} />;
}

function Imports({ descriptor }: { descriptor: ResourceDescriptor }) {
  const { t } = useTranslation('settings');
  const phone = usePhone();
  const client = useQueryClient();
  const cbrFile = useRef<HTMLInputElement>(null);
  const sheetFile = useRef<HTMLInputElement>(null);
  const [step, setStep] = useState<Step | null>(null);
  const settings = useQuery({
    queryKey: [...resourceKey(descriptor), 'import-settings'],
    queryFn: () => api.get<{ cbrFetch: boolean }>(`${BASE}/settings`),
    staleTime: Number.POSITIVE_INFINITY,
  });

  const run = async (title: string, call: () => Promise<RateImportSummary>) => {
    setStep({ kind: 'busy', title });
    try {
      const summary = await call();
      setStep({ kind: 'done', title, summary });
      await client.invalidateQueries({ queryKey: resourceKey(descriptor) });
    } catch (error) {
      setStep({ kind: 'refused', title, errors: errorsOf(error) });
    }
  };
  const post = (path: string, body: unknown) =>
    api.post<RateImportSummary>(`${BASE}/${path}`, body, { suppressPopup: true });

  const importCbr = (file: File) => run(t('currencyRates.import.cbrTitle'), () => post('cbr', upload(file)));
  const previewSheet = async (file: File) => {
    const title = t('currencyRates.import.xlsxTitle');
    setStep({ kind: 'busy', title });
    try {
      const preview = await api.post<CurrencyRateImportPreview>(`${BASE}/xlsx/preview`, upload(file), {
        suppressPopup: true,
      });
      setStep({ kind: 'preview', file, preview });
    } catch (error) {
      setStep({ kind: 'refused', title, errors: errorsOf(error) });
    }
  };
  const chosen = (input: HTMLInputElement | null, then: (file: File) => unknown) => {
    const file = input?.files?.[0];
    if (input) input.value = '';
    if (file) then(file);
  };

  return (
    <>
      <input
        ref={cbrFile}
        type="file"
        accept=".xml,application/xml,text/xml"
        hidden
        data-testid="cbr-file"
        onChange={(e) => chosen(e.currentTarget, importCbr)}
      />
      <input
        ref={sheetFile}
        type="file"
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        hidden
        data-testid="rates-xlsx-file"
        onChange={(e) => chosen(e.currentTarget, previewSheet)}
      />
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          {phone ? (
            <ActionIcon size={36} variant="default" aria-label={t('currencyRates.import.menu')}>
              <IconFileUpload size={18} />
            </ActionIcon>
          ) : (
            <Button variant="default" leftSection={<IconFileUpload size={16} />}>
              {t('currencyRates.import.menu')}
            </Button>
          )}
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconBuildingBank size={16} />} onClick={() => cbrFile.current?.click()}>
            {t('currencyRates.import.cbrFile')}
          </Menu.Item>
          {settings.data?.cbrFetch && (
            <Menu.Item
              leftSection={<IconCloudDownload size={16} />}
              onClick={() => setStep({ kind: 'fetch', date: null })}
            >
              {t('currencyRates.import.cbrFetch')}
            </Menu.Item>
          )}
          <Menu.Item
            leftSection={<IconFileSpreadsheet size={16} />}
            onClick={() => sheetFile.current?.click()}
          >
            {t('currencyRates.import.xlsxFile')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal
        opened={step !== null}
        onClose={() => step?.kind !== 'busy' && setStep(null)}
        withCloseButton={step?.kind !== 'busy'}
        closeOnEscape={step?.kind !== 'busy'}
        closeOnClickOutside={step?.kind !== 'busy'}
        size={step?.kind === 'preview' ? 'xl' : 'md'}
        title={step ? titleOf(step, t) : ''}
      >
        {step?.kind === 'busy' && (
          <Stack gap="xs" data-testid="rate-import-progress">
            <Text size="sm">{t('currencyRates.import.working')}</Text>
            <Progress value={100} animated striped aria-label={t('currencyRates.import.working')} />
          </Stack>
        )}
        {step?.kind === 'fetch' && (
          <Stack>
            <DateInput
              label={t('currencyRates.date')}
              value={step.date}
              onChange={(date) => setStep({ kind: 'fetch', date })}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setStep(null)}>
                {t('common:cancel')}
              </Button>
              <Button
                disabled={!step.date}
                onClick={() =>
                  step.date &&
                  run(t('currencyRates.import.cbrFetch'), () => post('cbr-fetch', { date: step.date }))
                }
              >
                {t('currencyRates.import.fetch')}
              </Button>
            </Group>
          </Stack>
        )}
        {step?.kind === 'preview' && (
          <SheetPreview
            preview={step.preview}
            onCancel={() => setStep(null)}
            onImport={() => run(t('currencyRates.import.xlsxTitle'), () => post('xlsx', upload(step.file)))}
          />
        )}
        {step?.kind === 'done' && <Summary summary={step.summary} onClose={() => setStep(null)} />}
        {step?.kind === 'refused' && (
          <Stack>
            <Alert color="red" title={t('currencyRates.import.refused')}>
              <Errors errors={step.errors} />
            </Alert>
            <Group justify="flex-end">
              <Button onClick={() => setStep(null)}>{t('common:close')}</Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}

function titleOf(step: Step, t: (key: string) => string): string {
  if (step.kind === 'preview') return t('currencyRates.import.xlsxTitle');
  if (step.kind === 'fetch') return t('currencyRates.import.cbrFetch');
  return step.title;
}

/** One line per error: the row and column it is about, then the server's message in the reader's language. */
function Errors({ errors }: { errors: readonly CurrencyRateImportError[] }) {
  const { t } = useTranslation('settings');
  const column = (field?: string) =>
    field && ['date', 'currency', 'nominal', 'rate'].includes(field)
      ? t(`currencyRates.${field === 'currency' ? 'currencyId' : field}`)
      : '';
  return (
    <List size="sm" spacing={2} data-testid="rate-import-errors">
      {errors.map((e) => (
        <List.Item key={`${e.row}/${e.field}/${e.message}`}>
          {e.row > 0 && (
            <Text span fw={600} size="sm">
              {t('currencyRates.import.row', { row: e.row })}
              {column(e.field) && ` · ${column(e.field)}`}
              {': '}
            </Text>
          )}
          {translateServerMessage(e.message)}
        </List.Item>
      ))}
    </List>
  );
}

function SheetPreview({
  preview,
  onCancel,
  onImport,
}: {
  preview: CurrencyRateImportPreview;
  onCancel: () => void;
  onImport: () => void;
}) {
  const { t, i18n } = useTranslation('settings');
  // The rate as the list shows it: a decimal comma in Russian.
  const rateText = (rate: string) => (i18n.language === 'en' ? rate : rate.replace('.', ','));
  const imported = preview.rows.filter((r) => r.action === 'create' || r.action === 'update').length;
  return (
    <Stack>
      {preview.errors.length > 0 ? (
        <Alert color="red" title={t('currencyRates.import.fixErrors')}>
          <Errors errors={preview.errors} />
          {preview.errorCount > preview.errors.length && (
            <Text size="sm" mt="xs" data-testid="rate-import-more-errors">
              {t('currencyRates.import.moreErrors', {
                shown: preview.errors.length,
                count: preview.errorCount,
              })}
            </Text>
          )}
        </Alert>
      ) : (
        <Text size="sm">{t('currencyRates.import.previewHint', { count: imported })}</Text>
      )}
      {preview.rows.length > 0 && (
        <ScrollArea.Autosize mah={360}>
          <Table striped highlightOnHover stickyHeader data-testid="rate-import-preview">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('currencyRates.import.rowHeader')}</Table.Th>
                <Table.Th>{t('currencyRates.date')}</Table.Th>
                <Table.Th>{t('currencyRates.currencyId')}</Table.Th>
                <Table.Th ta="right">{t('currencyRates.nominal')}</Table.Th>
                <Table.Th ta="right">{t('currencyRates.rate')}</Table.Th>
                <Table.Th>{t('currencyRates.import.action')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.rows.map((r) => (
                <Table.Tr key={r.row}>
                  <Table.Td>{r.row}</Table.Td>
                  <Table.Td>{r.date ? formatDate(r.date) : ''}</Table.Td>
                  <Table.Td>{r.currency}</Table.Td>
                  <Table.Td ta="right">{r.nominal || ''}</Table.Td>
                  <Table.Td ta="right">{rateText(r.rate)}</Table.Td>
                  <Table.Td>
                    <Badge size="sm" variant="light" tt="none" color={ACTION_COLORS[r.action]}>
                      {t(`currencyRates.import.actions.${r.action}`)}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('common:cancel')}
        </Button>
        <Button onClick={onImport} disabled={preview.errors.length > 0 || imported === 0}>
          {t('currencyRates.import.importRows', { count: imported })}
        </Button>
      </Group>
    </Stack>
  );
}

function Summary({ summary, onClose }: { summary: RateImportSummary; onClose: () => void }) {
  const { t } = useTranslation('settings');
  const line = (key: string, count: number): ReactNode =>
    count > 0 && <List.Item>{t(`currencyRates.import.summary.${key}`, { count })}</List.Item>;
  const period =
    summary.from === summary.to
      ? formatDate(summary.from)
      : `${formatDate(summary.from)} – ${formatDate(summary.to)}`;
  return (
    <Stack data-testid="rate-import-summary">
      <Text size="sm" fw={600}>
        {t('currencyRates.import.summary.period', { period })}
      </Text>
      <List size="sm" spacing={2}>
        {line('created', summary.created)}
        {line('updated', summary.updated)}
        {line('unchanged', summary.unchanged)}
        {line('carried', summary.carried)}
        {summary.skipped.length > 0 && (
          <List.Item>
            {t('currencyRates.import.summary.skipped', { codes: summary.skipped.join(', ') })}
          </List.Item>
        )}
      </List>
      <Group justify="flex-end">
        <Button onClick={onClose} data-autofocus>
          {t('common:close')}
        </Button>
      </Group>
    </Stack>
  );
}
