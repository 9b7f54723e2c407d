import { Badge, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconDownload, IconPlayerStop } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type BackgroundJob, type BackgroundJobState, isJobActive } from '@tms/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../api/client';
import { formatDateTime } from '../format';
import { translateServerMessage } from '../i18n';
import { applyJobChange, cancelJob } from './api';

/** Colours whose light badges keep their text above 4.5:1 (green and orange do not, in this theme). */
const STATE_COLORS: Record<BackgroundJobState, string> = {
  queued: 'gray',
  running: 'blue',
  done: 'teal',
  failed: 'red',
  cancelled: 'grape',
};

/** The kind of a job in the reader's language (`backgroundJobs:kinds.<kind>`), its name when there is none. */
export function useKindName() {
  const { t } = useTranslation('backgroundJobs');
  return (kind: string) => t(`kinds.${kind}`, { defaultValue: kind });
}

/**
 * One job: what it is, its state, its progress with what it does now, what it did or why it failed, when it
 * ran, its result to download and a cancel while it is to finish. `compact`: the header's popover line.
 */
export function JobItem({ job, compact = false }: { job: BackgroundJob; compact?: boolean }) {
  const { t } = useTranslation('backgroundJobs');
  const kindName = useKindName();
  const client = useQueryClient();
  const [cancelling, setCancelling] = useState(false);
  const active = isJobActive(job.state);
  const waitingRetry = job.state === 'queued' && job.attempts > 0;
  const percent = job.state === 'done' ? 100 : (job.progress ?? 0);
  const cancel = async () => {
    setCancelling(true);
    try {
      applyJobChange(client, await cancelJob(job.id));
    } finally {
      setCancelling(false);
    }
  };
  const progressText = job.progressMessage
    ? translateServerMessage(job.progressMessage, job.progressParams ?? {})
    : null;

  return (
    <Stack gap={6} data-testid={`background-job-${job.id}`} data-state={job.state}>
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <div style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} lineClamp={1}>
            {kindName(job.kind)}
          </Text>
          {job.label && (
            <Text size="xs" c="dimmed" lineClamp={1}>
              {job.label}
            </Text>
          )}
        </div>
        <Badge color={STATE_COLORS[job.state]} variant="light" data-testid="background-job-state">
          {t(`states.${job.state}`)}
        </Badge>
      </Group>
      {(job.state === 'running' || (job.state === 'done' && !compact)) && (
        <Progress
          value={percent}
          size="sm"
          color={STATE_COLORS[job.state]}
          striped={job.state === 'running'}
          animated={job.state === 'running'}
          aria-label={t('progressLabel', { percent })}
          data-testid="background-job-progress"
          data-value={percent}
        />
      )}
      {job.state === 'running' && (
        <Text size="xs" c="dimmed" lineClamp={2} data-testid="background-job-message">
          {[`${percent}%`, progressText].filter(Boolean).join(' · ')}
        </Text>
      )}
      {job.state === 'done' && progressText && (
        <Text size="xs" lineClamp={2} data-testid="background-job-summary">
          {progressText}
        </Text>
      )}
      {waitingRetry && job.runAt && (
        <Text size="xs" c="dimmed">
          {t('retryAt', {
            attempt: job.attempts + 1,
            max: job.maxAttempts,
            time: formatDateTime(job.runAt),
          })}
        </Text>
      )}
      {job.error && (job.state === 'failed' || waitingRetry) && (
        <Text size="xs" c="red" data-testid="background-job-error">
          {translateServerMessage(job.error)}
        </Text>
      )}
      {!compact && (
        <Text size="xs" c="dimmed">
          {[
            t('created', { time: formatDateTime(job.createdAt) }),
            job.startedAt && t('started', { time: formatDateTime(job.startedAt) }),
            job.finishedAt && t('finished', { time: formatDateTime(job.finishedAt) }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      )}
      {(job.result || active) && (
        <Group gap="xs">
          {job.result && (
            <Button
              size="compact-xs"
              variant="light"
              leftSection={<IconDownload size={14} />}
              onClick={() => void download(job.result!.downloadLink)}
              data-testid="background-job-download"
              title={t('download', { name: job.result.name })}
            >
              <Text size="xs" truncate maw={compact ? 220 : 420}>
                {job.result.name}
              </Text>
            </Button>
          )}
          {active && !job.cancelRequested && (
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              leftSection={<IconPlayerStop size={14} />}
              loading={cancelling}
              onClick={() => void cancel()}
              data-testid="background-job-cancel"
            >
              {t('cancel')}
            </Button>
          )}
          {active && job.cancelRequested && (
            <Text size="xs" c="dimmed">
              {t('cancelling')}
            </Text>
          )}
        </Group>
      )}
    </Stack>
  );
}
