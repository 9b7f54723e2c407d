import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import {
  type OpsJob,
  type OpsStage,
  type PccFile,
  padId,
  ROUTE_POINT_KIND_LABELS,
  type RoutePoint,
} from '@tms/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatDate } from '../../../platform/format';
import { type Language, translateServerMessage } from '../../../platform/i18n';
import { CabinetFiles, Empty, UploadButton } from '../CabinetKit';
import { JobBills } from './JobBills';
import { JobTransportOrders } from './JobTransportOrders';
import { OpsScreen, ops } from './opsKit';
import { StageCloseDialog } from './StageCloseDialog';

const dates = (point: RoutePoint) =>
  [point.dateFrom, point.dateTo]
    .filter((d): d is string => Boolean(d))
    .map(formatDate)
    .join(' — ');

/** Where and when: each point of the route, the cargo, the job's dates. */
function JobDetails({ job }: { job: OpsJob }) {
  const { t, i18n } = useTranslation('cabinets');
  const lang = i18n.language as Language;
  const route = job.route as RoutePoint[];
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        {route.map((point) => (
          <div key={`${point.kind}-${point.address}-${point.dateFrom}`}>
            <Text size="xs" c="dimmed">
              {ROUTE_POINT_KIND_LABELS[point.kind][lang]}
              {dates(point) && ` · ${dates(point)}`}
            </Text>
            <Text>{point.address}</Text>
            {(point.contactName || point.contactPhone) && (
              <Text size="sm" c="dimmed">
                {[point.contactName, point.contactPhone].filter(Boolean).join(', ')}
              </Text>
            )}
          </div>
        ))}
        {job.cargoDescription && (
          <div>
            <Text size="xs" c="dimmed">
              {t('ops.jobs.fields.cargoDescription')}
            </Text>
            <Text style={{ whiteSpace: 'pre-line' }}>{job.cargoDescription}</Text>
          </div>
        )}
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
          {(['dispatchDate', 'deliveryDate', 'completionDate'] as const)
            .filter((field) => job[field])
            .map((field) => (
              <div key={field}>
                <Text size="xs" c="dimmed">
                  {t(`ops.jobs.fields.${field}`)}
                </Text>
                <Text size="sm">{formatDate(job[field])}</Text>
              </div>
            ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

/** The stages he is shown, under their names for him: reached ones with their date, the rest to close. */
function JobStages({ jobId }: { jobId: number }) {
  const { t } = useTranslation('cabinets');
  const [closing, setClosing] = useState<OpsStage | null>(null);
  const stages = useQuery({
    queryKey: ['ops', 'job', jobId, 'stages'],
    queryFn: () => ops.get<OpsStage[]>(`/ops/jobs/${jobId}/stages`),
  });
  if (!stages.data?.length) return <Empty loading={stages.isLoading} />;
  const reached = stages.data.filter((s) => s.closed).length;
  return (
    <>
      <Timeline active={reached - 1} bulletSize={22} lineWidth={2} data-testid="ops-stages">
        {stages.data.map((stage) => (
          <Timeline.Item
            key={stage.id}
            title={stage.name}
            bullet={stage.closed ? <IconCircleCheck size={14} /> : <IconCircleDashed size={14} />}
            data-testid="ops-stage"
          >
            <Group gap="xs" justify="space-between" wrap="wrap">
              <Text size="xs" c="dimmed">
                {stage.closed
                  ? t('ops.stages.reached', { date: formatDate(stage.actualDate) })
                  : stage.expectedDate
                    ? t('ops.stages.expected', { date: formatDate(stage.expectedDate) })
                    : t('pcc.orders.pending')}
              </Text>
              {stage.closed ? (
                <Badge color="green" variant="light" size="sm" style={{ overflow: 'visible' }}>
                  {t('ops.stages.closed')}
                </Badge>
              ) : (
                <Button size="compact-sm" onClick={() => setClosing(stage)} data-testid="ops-stage-close">
                  {t('ops.stages.close')}
                </Button>
              )}
            </Group>
          </Timeline.Item>
        ))}
      </Timeline>
      <StageCloseDialog jobId={jobId} stage={closing} onClose={() => setClosing(null)} />
    </>
  );
}

/** `/ops/jobs/:id`: the job's route and cargo, its transport order, its stages to close, its documents, his bills. */
export function OpsJobScreen() {
  const { t } = useTranslation('cabinets');
  const id = Number(useParams().id);
  const job = useQuery({
    queryKey: ['ops', 'job', id],
    queryFn: () => ops.get<OpsJob>(`/ops/jobs/${id}`),
  });
  const files = useQuery({
    queryKey: ['ops', 'job', id, 'files'],
    queryFn: () => ops.get<PccFile[]>(`/ops/jobs/${id}/files`),
  });
  const back = (
    <Anchor component={Link} to="/ops/jobs" size="sm">
      ← {t('ops.jobs.back')}
    </Anchor>
  );
  if (job.error)
    return (
      <Stack>
        {back}
        <Alert color="red">{translateServerMessage((job.error as Error).message)}</Alert>
      </Stack>
    );
  if (!job.data) return <Empty loading />;
  return (
    <OpsScreen title={`${t('ops.jobs.item')} ${padId(job.data.number)}`}>
      {back}
      <JobDetails job={job.data} />
      <JobTransportOrders jobId={id} />
      <Title order={3} size="h4">
        {t('ops.stages.title')}
      </Title>
      <JobStages jobId={id} />
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={3} size="h4">
          {t('ops.jobs.documents')}
        </Title>
        <UploadButton
          client={ops}
          path={`/ops/jobs/${id}/files`}
          invalidate={['ops', 'job', id, 'files']}
          label={t('ops.jobs.upload')}
          testId="ops-upload"
        />
      </Group>
      <CabinetFiles
        client={ops}
        path={`/ops/jobs/${id}/files`}
        files={files.data}
        loading={files.isLoading}
      />
      <JobBills jobId={id} />
    </OpsScreen>
  );
}
