import { ActionIcon, Button, Group, List, Menu, Stack, Text } from '@mantine/core';
import {
  IconBuildingBank,
  IconCloudDownload,
  IconFileSpreadsheet,
  IconFileUpload,
} from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrencyRateImportPreview, RateImportSummary, ResourceDescriptor } from '@tms/domain';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../platform/api/client';
import { hasRole } from '../../platform/auth/access';
import { useSystemData } from '../../platform/auth/system';
import { formatDate } from '../../platform/format';
import { ImportDialog, useImportRun } from '../../platform/imports/ImportDialog';
import type { PreviewColumn } from '../../platform/imports/ImportPreview';
import { type ImportPreviewData, previewOf } from '../../platform/imports/logic';
import { usePhone } from '../../platform/kit/phone';
import { resourceKey } from '../../platform/resources/keys';
import { DateInput } from '../../platform/widgets/DateInput';

const BASE = '/finances/currency-rates/import';

type Rate = CurrencyRateImportPreview['rows'][number];

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
  const { t, i18n } = useTranslation('settings');
  const phone = usePhone();
  const client = useQueryClient();
  const cbrFile = useRef<HTMLInputElement>(null);
  const sheetFile = useRef<HTMLInputElement>(null);
  const run = useImportRun<Rate | null, RateImportSummary>();
  const [title, setTitle] = useState('');
  const [sheet, setSheet] = useState<File | null>(null);
  const [fetchDate, setFetchDate] = useState<string | null | undefined>(undefined);
  const settings = useQuery({
    queryKey: [...resourceKey(descriptor), 'import-settings'],
    queryFn: () => api.get<{ cbrFetch: boolean }>(`${BASE}/settings`),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const imported = useCallback(
    () => void client.invalidateQueries({ queryKey: resourceKey(descriptor) }),
    [client, descriptor],
  );
  const post = (path: string, body: unknown) =>
    api.post<RateImportSummary>(`${BASE}/${path}`, body, { suppressPopup: true });
  /** An import with nothing to review first: written at once, then what it did. */
  const apply = (name: string, call: () => Promise<RateImportSummary>) => {
    setTitle(name);
    setFetchDate(undefined);
    void run.apply(async () => {
      const summary = await call();
      imported();
      return summary;
    });
  };
  const previewSheet = (file: File) => {
    setTitle(t('currencyRates.import.xlsxTitle'));
    setSheet(file);
    void run.preview(async () => {
      const answer = await api.post<CurrencyRateImportPreview>(`${BASE}/xlsx/preview`, upload(file), {
        suppressPopup: true,
      });
      const rows = answer.rows.map((values) => ({ row: values.row, action: values.action, values }));
      return previewOf(rows, answer.errors, answer.errorCount, null);
    });
  };
  const chosen = (input: HTMLInputElement | null, then: (file: File) => unknown) => {
    const file = input?.files?.[0];
    if (input) input.value = '';
    if (file) then(file);
  };
  // The rate as the list shows it: a decimal comma in Russian.
  const rateText = (rate: string) => (i18n.language === 'en' ? rate : rate.replace('.', ','));
  const columns: PreviewColumn<Rate | null>[] = [
    { field: 'date', header: t('currencyRates.date'), render: (r) => (r?.date ? formatDate(r.date) : '') },
    { field: 'currency', header: t('currencyRates.currencyId'), render: (r) => r?.currency },
    { field: 'nominal', header: t('currencyRates.nominal'), align: 'right', render: (r) => r?.nominal || '' },
    { field: 'rate', header: t('currencyRates.rate'), align: 'right', render: (r) => r && rateText(r.rate) },
  ];
  const toImport = (preview: ImportPreviewData<Rate | null>) =>
    preview.rows.filter((r) => r.action === 'create' || r.action === 'update').length;

  return (
    <>
      <input
        ref={cbrFile}
        type="file"
        accept=".xml,application/xml,text/xml"
        hidden
        data-testid="cbr-file"
        onChange={(e) =>
          chosen(e.currentTarget, (file) =>
            apply(t('currencyRates.import.cbrTitle'), () => post('cbr', upload(file))),
          )
        }
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
              onClick={() => {
                setTitle(t('currencyRates.import.cbrFetch'));
                setFetchDate(null);
              }}
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
      <ImportDialog
        run={run}
        title={title}
        opened={fetchDate !== undefined}
        onClose={() => setFetchDate(undefined)}
        setup={
          <Stack>
            <DateInput
              label={t('currencyRates.date')}
              value={fetchDate ?? null}
              onChange={setFetchDate}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setFetchDate(undefined)}>
                {t('common:cancel')}
              </Button>
              <Button
                disabled={!fetchDate}
                onClick={() => apply(title, () => post('cbr-fetch', { date: fetchDate }))}
              >
                {t('currencyRates.import.fetch')}
              </Button>
            </Group>
          </Stack>
        }
        columns={columns}
        confirmLabel={(preview) => t('currencyRates.import.importRows', { count: toImport(preview) })}
        apply={() => post('xlsx', upload(sheet!))}
        job={sheet ? { name: 'finance.rate-sheet', file: sheet } : undefined}
        onImported={imported}
        done={(summary) => <Summary summary={summary} />}
        testIds={{ table: 'rate-import-preview', errors: 'rate-import-errors', done: 'rate-import-summary' }}
      />
    </>
  );
}

function Summary({ summary }: { summary: RateImportSummary }) {
  const { t } = useTranslation('settings');
  const line = (key: string, count: number): ReactNode =>
    count > 0 && <List.Item>{t(`currencyRates.import.summary.${key}`, { count })}</List.Item>;
  const period =
    summary.from === summary.to
      ? formatDate(summary.from)
      : `${formatDate(summary.from)} – ${formatDate(summary.to)}`;
  return (
    <>
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
    </>
  );
}
