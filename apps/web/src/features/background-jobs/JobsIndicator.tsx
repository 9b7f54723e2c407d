import {
  ActionIcon,
  Anchor,
  Divider,
  Indicator,
  Popover,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconProgress } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type BackgroundJob, backgroundJobsTopic, isJobActive } from '@tms/domain';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SystemData } from '../../platform/auth/system';
import {
  applyJobChange,
  BACKGROUND_JOBS_PATH,
  fetchRecentJobs,
  JOBS_KEY,
  RECENT_JOBS_KEY,
} from '../../platform/jobs/api';
import { JobItem, useKindName } from '../../platform/jobs/JobItem';
import { useRealtime } from '../../platform/realtime';
import { snackbar } from '../../platform/snackbar';

/**
 * The header's background jobs: shown once the user has any, its badge counting those still to finish;
 * it opens the newest few with their progress and leads to the full list. It follows the user's jobs in
 * real time for every screen (the list screen's pages too), and says when one ends.
 */
export default function JobsIndicator({ system }: { system: SystemData }) {
  const { t } = useTranslation('backgroundJobs');
  const kindName = useKindName();
  const client = useQueryClient();
  const [opened, setOpened] = useState(false);
  const { data } = useQuery({ queryKey: RECENT_JOBS_KEY, queryFn: ({ signal }) => fetchRecentJobs(signal) });

  useRealtime(
    backgroundJobsTopic(system.user.id),
    (payload) => {
      const job = payload as BackgroundJob;
      applyJobChange(client, job);
      if (job.state === 'done' || job.state === 'failed') {
        snackbar.show({
          text: t(job.state === 'done' ? 'doneToast' : 'failedToast', { kind: kindName(job.kind) }),
          color: job.state === 'done' ? 'success' : 'error',
          position: 'right',
        });
      }
    },
    () => void client.invalidateQueries({ queryKey: JOBS_KEY }),
  );

  const jobs = data?.collection ?? [];
  if (!jobs.length) return null;
  const active = jobs.filter((job) => isJobActive(job.state)).length;
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={360}
      shadow="md"
      trapFocus
      returnFocus
      withinPortal
    >
      <Popover.Target>
        <Tooltip label={t('indicator')} disabled={opened}>
          <Indicator
            label={active}
            size={16}
            disabled={active === 0}
            processing={active > 0}
            offset={4}
            data-testid="background-jobs-badge"
          >
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              onClick={() => setOpened((open) => !open)}
              aria-label={active ? t('indicatorActive', { count: active }) : t('indicator')}
              aria-expanded={opened}
              aria-haspopup="dialog"
              data-testid="background-jobs"
            >
              <IconProgress size={20} />
            </ActionIcon>
          </Indicator>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p="sm" data-testid="background-jobs-popover" role="dialog" aria-label={t('recent')}>
        <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb="xs">
          {t('recent')}
        </Text>
        <ScrollArea.Autosize mah={420} type="auto" offsetScrollbars>
          <Stack gap="sm">
            {jobs.map((job, index) => (
              <Fragment key={job.id}>
                {index > 0 && <Divider />}
                <JobItem job={job} compact />
              </Fragment>
            ))}
          </Stack>
        </ScrollArea.Autosize>
        <Divider my="xs" />
        <Anchor
          component={Link}
          to={BACKGROUND_JOBS_PATH}
          size="sm"
          onClick={() => setOpened(false)}
          data-testid="background-jobs-all"
        >
          {t('all', { count: data?.total ?? jobs.length })}
        </Anchor>
      </Popover.Dropdown>
    </Popover>
  );
}
