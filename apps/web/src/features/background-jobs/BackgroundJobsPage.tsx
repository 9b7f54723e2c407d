import {
  Anchor,
  Center,
  Group,
  Loader,
  Pagination,
  Paper,
  SegmentedControl,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BackgroundJob, ListResult } from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../platform/api/client';
import { hasRole } from '../../platform/auth/access';
import { useSystemData } from '../../platform/auth/system';
import { JOBS_KEY } from '../../platform/jobs/api';
import { JobItem } from '../../platform/jobs/JobItem';

const PAGE_SIZE = 20;
const SHOWS = ['all', 'active'] as const;
type Show = (typeof SHOWS)[number];

export interface JobListProps {
  /** Only jobs of these kinds (`/prepared-exports`: the exports), each linking to its own page. */
  kinds?: readonly string[];
  pageOf?: (job: BackgroundJob) => string;
  /** What an empty list says instead of the general text. */
  emptyText?: string;
}

/**
 * The user's background jobs, newest first (/background-jobs): running and finished, with their progress,
 * failures and results. The header's indicator keeps the pages current in real time. An administrator may
 * list every user's jobs and the system's scheduled runs.
 */
export function BackgroundJobsPage({ kinds, pageOf, emptyText }: JobListProps = {}) {
  const { t } = useTranslation('backgroundJobs');
  const system = useSystemData();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const show: Show = params.get('show') === 'active' ? 'active' : 'all';
  const everyone = !kinds && params.get('everyone') === 'true' && hasRole(system, 'ROLE_ADMIN');
  const kind = kinds?.join(',');
  const change = (key: string, value: string | null) =>
    setParams((p) => {
      if (value === null) p.delete(key);
      else p.set(key, value);
      if (key !== 'page') p.delete('page');
      return p;
    });
  const { data, isLoading } = useQuery({
    queryKey: [...JOBS_KEY, 'list', { page, show, everyone, kind }],
    queryFn: ({ signal }) =>
      api.get<ListResult<BackgroundJob>>('/background-jobs', {
        query: {
          page,
          itemsPerPage: PAGE_SIZE,
          active: show === 'active' ? true : undefined,
          all: everyone || undefined,
          kind,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    // Other users' jobs come without real-time messages: an administrator's view of them is read again.
    refetchInterval: everyone ? 5000 : false,
  });
  const pages = Math.ceil((data?.total ?? 0) / PAGE_SIZE);
  return (
    <Stack>
      <Group justify="space-between">
        <SegmentedControl
          value={show}
          onChange={(value) => change('show', value === 'all' ? null : value)}
          data={SHOWS.map((value) => ({ value, label: t(`show.${value}`) }))}
          aria-label={t('show.label')}
          data-testid="background-jobs-show"
        />
        {!kinds && hasRole(system, 'ROLE_ADMIN') && (
          <Switch
            checked={everyone}
            onChange={(event) => change('everyone', event.currentTarget.checked ? 'true' : null)}
            label={t('everyone')}
            data-testid="background-jobs-everyone"
          />
        )}
      </Group>
      {isLoading ? (
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      ) : data?.collection.length ? (
        <Stack gap="sm" data-testid="background-jobs-list">
          {data.collection.map((job) => (
            <Paper key={job.id} withBorder p="sm">
              {everyone && (
                <Text size="xs" c="dimmed" mb={4}>
                  {job.userId === null ? t('system') : t('ownerId', { id: job.userId })}
                </Text>
              )}
              <JobItem job={job} />
              {pageOf && (
                <Anchor component={Link} to={pageOf(job)} size="xs" mt={4} display="inline-block">
                  {t('details')}
                </Anchor>
              )}
            </Paper>
          ))}
        </Stack>
      ) : (
        <Paper withBorder>
          <Text c="dimmed" ta="center" py="xl" px="md">
            {show === 'active' ? t('emptyActive') : (emptyText ?? t('empty'))}
          </Text>
        </Paper>
      )}
      {pages > 1 && (
        <Group justify="flex-end">
          <Pagination total={pages} value={page} onChange={(next) => change('page', String(next))} />
        </Group>
      )}
    </Stack>
  );
}
