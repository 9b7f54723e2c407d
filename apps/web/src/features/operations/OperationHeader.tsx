import { Anchor, Group, Progress, Stack, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import {
  type FieldDescriptor,
  type Job,
  type Order,
  placeOf,
  type ResourceDescriptor,
  type RoutePoint,
} from '@tms/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { padId } from '../../platform/format';
import { HeaderCell, HeaderParties, RecordHeader } from '../../platform/kit/RecordHeader';
import { useReferenceLabels } from '../../platform/resources/references';
import { useStages } from './api';
import { dateWindow } from './ReadOnlyViews';

/** One end of the route: the place in bold, the window of dates under it. */
function RouteEnd({ point }: { point: RoutePoint | undefined }) {
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text size="sm" fw={600} truncate title={point?.address}>
        {placeOf(point?.address) ?? '…'}
      </Text>
      <Text size="xs" c="dimmed">
        {point ? dateWindow(point.dateFrom, point.dateTo) || '—' : '—'}
      </Text>
    </Stack>
  );
}

/** Where the shipment goes: the first loading point → the last unloading point, each with its dates. */
export function RouteSummary({ route }: { route: readonly RoutePoint[] }) {
  const from = route.find((point) => point.kind === 'dispatch');
  const to = route.findLast((point) => point.kind === 'delivery');
  if (!from && !to) return <NoRoute />;
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <RouteEnd point={from} />
      <IconArrowRight size={16} style={{ flexShrink: 0, marginTop: 3 }} aria-hidden />
      <RouteEnd point={to} />
    </Group>
  );
}

function NoRoute() {
  const { t } = useTranslation('operations');
  return (
    <Text size="sm" c="dimmed">
      {t('routeEditor.empty')}
    </Text>
  );
}

/** Closed stages of all, as a bar and a count. */
function StageProgress({ closed, total }: { closed: number; total: number }) {
  const { t } = useTranslation('operations');
  if (total === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('stages.none')}
      </Text>
    );
  const label = t('list.stagesClosed', { closed, total });
  return (
    <Group gap="xs" wrap="nowrap" title={label}>
      <Progress
        value={(closed / total) * 100}
        w={96}
        size="md"
        color={closed === total ? 'teal' : 'blue'}
        aria-label={label}
      />
      <Text size="sm" fw={600} span>
        {closed} / {total}
      </Text>
    </Group>
  );
}

interface OperationHeaderProps {
  descriptor: ResourceDescriptor;
  /** The statuses, under the summary. */
  statuses: ReactNode;
}

const fieldsOf = (descriptor: ResourceDescriptor, names: readonly string[]) =>
  names
    .map((name) => descriptor.fields.find((field) => field.name === name))
    .filter((field): field is FieldDescriptor => field !== undefined);

/**
 * The summary at the top of a saved order: client and product (and the request it was made from), the route's ends with their dates, the
 * people on it, how many of its stages are closed, and its statuses.
 */
export function OrderHeader({ order, descriptor, statuses }: OperationHeaderProps & { order: Order }) {
  const { t } = useTranslation('operations');
  const fields = fieldsOf(descriptor, ['productId', 'forwarderId', 'sellerId', 'serviceOfficeId']);
  const labels = useReferenceLabels(fields, [order]);
  const label = (name: string) => {
    const field = fields.find((f) => f.name === name);
    const value = order[name as keyof Order];
    return field && value !== null && value !== undefined ? labels(field, value) : '';
  };
  return (
    <RecordHeader statuses={statuses} testId="operation-header">
      <HeaderCell label={t('header.client')} testId="header-client">
        <Text size="sm" fw={600} truncate>
          {order.clientName}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {label('productId')}
        </Text>
        {order.requestId !== null && (
          <Anchor component={Link} to={`/requests/${order.requestId}`} size="xs" data-testid="header-request">
            {t('header.fromRequest', { number: padId(order.requestId) })}
          </Anchor>
        )}
      </HeaderCell>
      <HeaderCell label={t('header.route')} testId="header-route">
        <RouteSummary route={order.route} />
      </HeaderCell>
      <HeaderCell label={t('header.parties')} testId="header-parties">
        <HeaderParties
          entries={[
            [t('fields.forwarderId'), label('forwarderId')],
            // The auto-assignment rule that chose the forwarder (docs/assignment.md).
            [t('fields.assignmentRuleName'), order.assignmentRuleName ?? ''],
            [t('header.sales'), label('sellerId')],
            [t('header.office'), label('serviceOfficeId')],
          ]}
        />
      </HeaderCell>
      <HeaderCell label={t('header.stages')} testId="header-stages">
        <StageProgress closed={order.stagesClosed} total={order.stagesTotal} />
      </HeaderCell>
    </RecordHeader>
  );
}

/**
 * The summary at the top of a saved job: contractor and job type, its orders, the route's ends, the
 * people on it, how many of its stages are closed, and its finance control.
 */
export function JobHeader({ job, descriptor, statuses }: OperationHeaderProps & { job: Job }) {
  const { t } = useTranslation('operations');
  const fields = fieldsOf(descriptor, ['jobTypeId', 'forwarderId', 'serviceOfficeId', 'orderIds']);
  const orders = fields.find((field) => field.name === 'orderIds');
  const labels = useReferenceLabels(fields, [job]);
  const label = (name: string) => {
    const field = fields.find((f) => f.name === name);
    const value = job[name as keyof Job];
    return field && value !== null && value !== undefined ? labels(field, value) : '';
  };
  const stages = useStages('/tms/jobs', job.id).data?.collection ?? [];
  return (
    <RecordHeader statuses={statuses} testId="operation-header">
      <HeaderCell label={t('header.contractor')} testId="header-contractor">
        <Text size="sm" fw={600} truncate>
          {job.contractorName ?? '—'}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {label('jobTypeId')}
        </Text>
      </HeaderCell>
      <HeaderCell label={t('header.route')} testId="header-route">
        <RouteSummary route={job.route} />
      </HeaderCell>
      <HeaderCell label={t('header.orders')} testId="header-orders">
        <Group gap="xs">
          {job.orderIds.map((id) => (
            <Anchor key={id} component={Link} to={`/tms/orders/${id}`} size="sm" fw={600}>
              {orders ? labels(orders, id) : padId(id)}
            </Anchor>
          ))}
        </Group>
        <HeaderParties
          entries={[
            [t('fields.forwarderId'), label('forwarderId')],
            [t('header.office'), label('serviceOfficeId')],
          ]}
        />
      </HeaderCell>
      <HeaderCell label={t('header.stages')} testId="header-stages">
        <StageProgress closed={stages.filter((stage) => stage.closed).length} total={stages.length} />
      </HeaderCell>
    </RecordHeader>
  );
}
