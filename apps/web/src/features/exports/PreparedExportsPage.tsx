import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type BackgroundJob, PREPARED_EXPORT_KINDS } from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { api } from '../../platform/api/client';
import { jobKey } from '../../platform/jobs/api';
import { JobItem } from '../../platform/jobs/JobItem';
import { RECORD_LOAD, RecordPlaceholder } from '../../platform/resources/RecordPage';
import { recordStateOf } from '../../platform/resources/recordState';
import { BackgroundJobsPage } from '../background-jobs/BackgroundJobsPage';
import { PREPARED_EXPORTS_PATH } from './api';

/**
 * The user's exports prepared in the background, newest first (`/prepared-exports`): lists' and reports',
 * with progress, state, cancel and download. Each is kept `PREPARED_EXPORT_DAYS` days, then removed.
 */
export function PreparedExportsPage() {
  const { t } = useTranslation('exports');
  return (
    <Stack gap="md" data-testid="prepared-exports">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Text size="sm" c="dimmed" maw={640}>
          {t('preparedIntro')}
        </Text>
        <Group gap="xs">
          <Button component={Link} to="/export" leftSection={<IconPlus size={16} />}>
            {t('newExport')}
          </Button>
          <Button component={Link} to="/report-export" variant="default">
            {t('newReportExport')}
          </Button>
        </Group>
      </Group>
      <BackgroundJobsPage
        kinds={PREPARED_EXPORT_KINDS}
        pageOf={(job) => `${PREPARED_EXPORTS_PATH}/${job.id}`}
        emptyText={t('emptyPrepared')}
      />
    </Stack>
  );
}

/**
 * One prepared export (`/prepared-exports/{id}`), followed as it runs. Another user's job, a job of another
 * kind and a missing one all read as "not found or not available to you", with the way back.
 */
export function PreparedExportPage() {
  const { t } = useTranslation('exports');
  const id = Number(useParams().id);
  const validId = Number.isSafeInteger(id) && id > 0;
  const answer = useQuery({
    queryKey: jobKey(id),
    queryFn: ({ signal }) => api.get<BackgroundJob>(`/background-jobs/${id}`, { signal, ...RECORD_LOAD }),
    enabled: validId,
    refetchInterval: (query) =>
      query.state.data && ['queued', 'running'].includes(query.state.data.state) ? 5000 : false,
  });
  const job = answer.data;
  const state = recordStateOf([answer], !validId);
  const otherKind = job !== undefined && !(PREPARED_EXPORT_KINDS as readonly string[]).includes(job.kind);
  if (state !== 'ready' || otherKind || !job) {
    return (
      <RecordPlaceholder
        state={otherKind ? 'missing' : state}
        back={PREPARED_EXPORTS_PATH}
        error={answer.error}
        onRetry={() => void answer.refetch()}
      />
    );
  }
  return (
    <Stack gap="md" maw={720} data-testid="prepared-export">
      <Anchor component={Link} to={PREPARED_EXPORTS_PATH} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} />
          {t('allPrepared')}
        </Group>
      </Anchor>
      <Paper withBorder p="md">
        <JobItem job={job} />
      </Paper>
      <Text size="xs" c="dimmed">
        {t('keptNote')}
      </Text>
    </Stack>
  );
}
