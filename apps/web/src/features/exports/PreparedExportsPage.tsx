import { Anchor, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type BackgroundJob, PREPARED_EXPORT_KINDS } from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError, api } from '../../platform/api/client';
import { jobKey } from '../../platform/jobs/api';
import { JobItem } from '../../platform/jobs/JobItem';
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

/** One prepared export (`/prepared-exports/{id}`), followed as it runs. */
export function PreparedExportPage() {
  const { t } = useTranslation('exports');
  const id = Number(useParams().id);
  const answer = useQuery({
    queryKey: jobKey(id),
    queryFn: ({ signal }) => api.get<BackgroundJob>(`/background-jobs/${id}`, { signal }),
    enabled: Number.isSafeInteger(id) && id > 0,
    refetchInterval: (query) =>
      query.state.data && ['queued', 'running'].includes(query.state.data.state) ? 5000 : false,
  });
  const back = (
    <Anchor component={Link} to={PREPARED_EXPORTS_PATH} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} />
        {t('allPrepared')}
      </Group>
    </Anchor>
  );
  if (answer.isPending && answer.fetchStatus !== 'idle')
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  const job = answer.data;
  const missing =
    !job ||
    !(PREPARED_EXPORT_KINDS as readonly string[]).includes(job.kind) ||
    (answer.error instanceof ApiError && answer.error.status === 404);
  return (
    <Stack gap="md" maw={720} data-testid="prepared-export">
      {back}
      <Paper withBorder p="md">
        {missing ? <Text c="dimmed">{t('notFound')}</Text> : <JobItem job={job} />}
      </Paper>
      {!missing && (
        <Text size="xs" c="dimmed">
          {t('keptNote')}
        </Text>
      )}
    </Stack>
  );
}
