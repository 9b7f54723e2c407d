import {
  Alert,
  Badge,
  Button,
  Center,
  Drawer,
  Group,
  Input,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypePdf, IconFilterOff } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type BackgroundJob,
  type DeclaredReport,
  REPORT_MESSAGES,
  type ReportAnswer,
  type ReportDrill,
  type ReportFilter,
  reportByKey,
} from '@tms/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { api } from '../../platform/api/client';
import { hasRole } from '../../platform/auth/access';
import { useSystemData } from '../../platform/auth/system';
import { translateServerMessage } from '../../platform/i18n';
import { applyJobChange } from '../../platform/jobs/api';
import { refusalOf } from '../../platform/kit/blocks';
import { useRealtime } from '../../platform/realtime';
import { notify } from '../../platform/snackbar';
import { DateInput, LazySelect } from '../../platform/widgets';
import { filtersOf, localToday, withFilter } from './logic';
import { ReportChart } from './ReportChart';
import { type DrillTarget, ReportTable } from './ReportTable';

/** One filter's input, bound to the address. */
function FilterInput({
  filter,
  value,
  error,
  onChange,
}: {
  filter: ReportFilter;
  value: string;
  error?: string;
  onChange: (value: string | null) => void;
}) {
  const { t } = useTranslation('reports');
  const label = t(filter.label);
  const id = `report-filter-${filter.name}`;
  switch (filter.kind) {
    case 'date':
      return (
        <DateInput id={id} size="xs" label={label} value={value || null} error={error} onChange={onChange} />
      );
    case 'reference':
      return (
        <LazySelect
          id={id}
          size="xs"
          label={label}
          url={filter.path}
          labelField={filter.labelField}
          error={error}
          value={value ? Number(value) : null}
          onChange={(next) => onChange(next === null ? null : String(next))}
        />
      );
    case 'enum':
      return (
        <Select
          id={id}
          size="xs"
          label={label}
          value={value}
          error={error}
          allowDeselect={false}
          data={filter.options.map((option) => ({
            value: option,
            label: t(`${filter.optionsKey}.${option}`),
          }))}
          onChange={(next) => onChange(next)}
        />
      );
    case 'text':
      return (
        <TextInput
          key={value}
          id={id}
          size="xs"
          label={label}
          placeholder={filter.placeholder}
          error={error}
          defaultValue={value}
          onBlur={(event) => onChange(event.currentTarget.value.trim())}
          onKeyDown={(event) => {
            if (event.key === 'Enter') onChange(event.currentTarget.value.trim());
          }}
        />
      );
    case 'boolean':
      // Any, yes or no: "no" is a filter of its own (not processed, without VAT), not the absence of one.
      return (
        <Input.Wrapper labelElement="div" size="xs" label={label} error={error}>
          <SegmentedControl
            data-testid={id}
            size="xs"
            fullWidth
            value={value === 'true' || value === 'false' ? value : ''}
            data={[
              { value: '', label: t('filters.any') },
              { value: 'true', label: t('filters.yes') },
              { value: 'false', label: t('filters.no') },
            ]}
            onChange={(next) => onChange(next === '' ? null : next)}
          />
        </Input.Wrapper>
      );
  }
}

/** How often a live report is asked again besides its records' changes. */
const LIVE_REFRESH_MS = 60_000;

/** When the live answer came, HH:mm:ss in the reader's clock. */
const liveTime = (at: number, language: string) =>
  new Date(at).toLocaleTimeString(language.startsWith('ru') ? 'ru-RU' : 'en-GB');

const exportLanguage = (language: string) => (language.startsWith('ru') ? 'ru' : 'en');

/**
 * The screen of any report of the framework: its filters (kept in the address), its chart, its table with
 * totals, the drill-down of a figure into the records behind it, and its export to XLSX as a background job.
 */
export function ReportPage({ reportKey }: { reportKey: string }) {
  const report = reportByKey(reportKey);
  return report ? <Report report={report} /> : <Navigate to="/reports" replace />;
}

function Report({ report }: { report: DeclaredReport }) {
  const { t, i18n } = useTranslation('reports');
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const today = localToday();
  const filters = filtersOf(report, params, today);
  const [drill, setDrill] = useState<DrillTarget | null>(null);
  const [exporting, setExporting] = useState(false);
  const path = `/reports/${report.key}`;
  // Exporting may be a role of its own (VAT 0 %): without it the screen only shows.
  const mayExport = hasRole(useSystemData(), report.exportRoles);

  const answer = useQuery({
    queryKey: ['report', report.key, filters],
    queryFn: ({ signal }) => api.get<ReportAnswer>(path, { query: filters, signal }),
    placeholderData: keepPreviousData,
    // A live report's times grow with the clock: asked again every minute besides its changes.
    refetchInterval: report.live ? LIVE_REFRESH_MS : false,
  });
  // A live report (the customs monitoring) is asked again whenever its records change, and after a
  // reconnection (what changed meanwhile).
  const refresh = () => {
    void client.invalidateQueries({ queryKey: ['report', report.key] });
    void client.invalidateQueries({ queryKey: ['report-drill', report.key] });
  };
  useRealtime(report.live ?? null, refresh, refresh);
  const drilled = useQuery({
    queryKey: ['report-drill', report.key, filters, drill?.row, drill?.column],
    queryFn: ({ signal }) =>
      api.get<ReportDrill>(`${path}/drill`, {
        query: { ...filters, row: drill!.row, column: drill!.column },
        signal,
      }),
    enabled: drill !== null,
  });

  const change = (name: string, value: string | null) =>
    setParams((current) => withFilter(report, current, today, name, value), { replace: true });
  const startExport = async (format: 'xlsx' | 'pdf') => {
    setExporting(true);
    try {
      const job = await api.post<BackgroundJob>(`${path}/export`, {
        query: filters,
        lang: exportLanguage(i18n.language),
        format,
      });
      applyJobChange(client, job);
      notify({ text: translateServerMessage(REPORT_MESSAGES.exportQueued), color: 'success' });
    } finally {
      setExporting(false);
    }
  };
  const data = answer.data;
  const refusal = answer.isError ? refusalOf(answer.error) : null;
  const chartTitle = report.title.replace(/\.title$/, '.chartTitle');

  return (
    <Stack gap="md" data-testid={`report-${report.key}`}>
      <Group justify="space-between" align="center">
        <Group gap="xs" align="center">
          <Title order={2} size="h3">
            {t(report.title)}
          </Title>
          {report.live && (
            <Badge color="green" variant="dot" data-testid="report-live">
              {t('live', { time: data ? liveTime(answer.dataUpdatedAt, i18n.language) : '' })}
            </Badge>
          )}
        </Group>
        <Group gap="xs">
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconFilterOff size={16} />}
            onClick={() => setParams(new URLSearchParams(), { replace: true })}
            disabled={[...params.keys()].length === 0}
          >
            {t('filters.reset')}
          </Button>
          {mayExport && (
            <>
              <Button
                size="xs"
                leftSection={<IconFileSpreadsheet size={16} />}
                loading={exporting}
                onClick={() => void startExport('xlsx')}
                data-testid="report-export"
              >
                {t('actions.export')}
              </Button>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconFileTypePdf size={16} />}
                loading={exporting}
                onClick={() => void startExport('pdf')}
                data-testid="report-export-pdf"
              >
                {t('actions.exportPdf')}
              </Button>
            </>
          )}
        </Group>
      </Group>
      <Paper withBorder p="sm" radius="md">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4, lg: 5, xl: 6 }} spacing="sm" verticalSpacing="xs">
          {report.filters.map((filter) => (
            <FilterInput
              key={filter.name}
              filter={filter}
              value={filters[filter.name] ?? ''}
              error={refusal?.field(filter.name)}
              onChange={(value) => change(filter.name, value)}
            />
          ))}
        </SimpleGrid>
      </Paper>
      {refusal && (
        <Alert color="red" variant="light" data-testid="report-refusal">
          {refusal.all}
        </Alert>
      )}
      {!data && answer.isPending && (
        <Center py="xl">
          <Loader />
        </Center>
      )}
      {data && (
        <>
          {data.chart && (
            <ReportChart chart={data.chart} title={t(chartTitle, { currency: data.chart.currency })} />
          )}
          {data.shownRows && (
            <Alert color="blue" variant="light" data-testid="report-shown-rows">
              {t('shownRows', {
                shown: data.shownRows.shown.toLocaleString(i18n.language),
                total: data.shownRows.total.toLocaleString(i18n.language),
              })}
            </Alert>
          )}
          <ReportTable answer={data} onDrill={setDrill} testId="report-table" />
        </>
      )}
      <Drawer
        opened={drill !== null}
        onClose={() => setDrill(null)}
        position="right"
        size="xl"
        title={<Text fw={600}>{t('actions.drillTitle', { figure: drill?.figure ?? '' })}</Text>}
      >
        {drilled.data ? (
          <ReportTable answer={drilled.data} testId="report-drill" />
        ) : (
          <Center py="xl">
            <Loader />
          </Center>
        )}
      </Drawer>
    </Stack>
  );
}
