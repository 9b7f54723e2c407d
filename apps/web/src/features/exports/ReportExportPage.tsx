import { Anchor, Button, Group, Paper, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { IconFileExport } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type BackgroundJob, REPORTS } from '@tms/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api } from '../../platform/api/client';
import { hasRole } from '../../platform/auth/access';
import { useSystemData } from '../../platform/auth/system';
import { applyJobChange } from '../../platform/jobs/api';
import { notify } from '../../platform/snackbar';
import { DateInput } from '../../platform/widgets';
import { localToday } from '../reports/logic';
import { PREPARED_EXPORTS_PATH } from './api';

/** The dates a report's export is most often asked for; its other filters are on the report's own screen. */
const DATE_FILTERS = ['from', 'to', 'asOf'] as const;

/**
 * `/report-export`: a report's XLSX or PDF queued in the background as a list's export is, for its period
 * or date; it lands in `/prepared-exports`. Only the reports the user may export are offered.
 */
export function ReportExportPage() {
  const { t, i18n } = useTranslation(['exports', 'reports']);
  const system = useSystemData();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const offered = REPORTS.filter((report) => hasRole(system, report.exportRoles));
  const report = offered.find((r) => r.key === params.get('report')) ?? null;
  const today = localToday();
  const [dates, setDates] = useState<Record<string, string>>({});
  const [format, setFormat] = useState<'xlsx' | 'pdf'>('xlsx');
  const [busy, setBusy] = useState(false);
  const defaults = report ? report.defaults(today) : {};
  const shown = DATE_FILTERS.filter((name) => name in defaults);

  const submit = async () => {
    if (!report) return;
    setBusy(true);
    try {
      const job = await api.post<BackgroundJob>(`/reports/${report.key}/export`, {
        query: { ...defaults, ...dates },
        lang: i18n.language.startsWith('ru') ? 'ru' : 'en',
        format,
      });
      applyJobChange(client, job);
      notify({ text: t('exports:queued'), color: 'success' });
      navigate(PREPARED_EXPORTS_PATH);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md" maw={720} data-testid="report-export-page">
      <Text size="sm" c="dimmed">
        {t('exports:reportIntro')}
      </Text>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Select
            label={t('exports:report')}
            placeholder={t('exports:reportPlaceholder')}
            data={offered.map((r) => ({ value: r.key, label: t(r.title) }))}
            value={report?.key ?? null}
            searchable
            onChange={(value) => {
              setDates({});
              setParams(value ? { report: value } : {}, { replace: true });
            }}
            data-testid="report-export-report"
          />
          {report && (
            <>
              <Group gap="sm" align="flex-end">
                {shown.map((name) => (
                  <DateInput
                    key={name}
                    id={`report-export-${name}`}
                    label={t(`reports:filters.${name}`)}
                    value={dates[name] ?? defaults[name] ?? null}
                    onChange={(value) => setDates((current) => ({ ...current, [name]: value ?? '' }))}
                    w={180}
                  />
                ))}
                <SegmentedControl
                  value={format}
                  onChange={(value) => setFormat(value as 'xlsx' | 'pdf')}
                  data={[
                    { value: 'xlsx', label: 'XLSX' },
                    { value: 'pdf', label: 'PDF' },
                  ]}
                  aria-label={t('exports:format')}
                />
              </Group>
              <Anchor component={Link} to={report.path} size="sm">
                {t('exports:openReport')}
              </Anchor>
            </>
          )}
        </Stack>
      </Paper>
      <Group justify="flex-end">
        <Button
          leftSection={<IconFileExport size={16} />}
          onClick={submit}
          loading={busy}
          disabled={!report}
          data-testid="report-export-submit"
        >
          {t('exports:prepare')}
        </Button>
      </Group>
    </Stack>
  );
}
