import { Anchor, Badge, Stack, Table, Text } from '@mantine/core';
import { IconFileDescription, IconFiles, IconListCheck, IconPackages, IconRoute } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { Job, JobCreate, ListResult, Order } from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { api } from '../../platform/api/client';
import { formatDate, padId } from '../../platform/format';
import type { ResourceScreenProps } from '../../platform/resources';
import type { Row } from '../../platform/resources/logic';
import { RecordPlaceholder } from '../../platform/resources/RecordPage';
import { useResourceTexts } from '../../platform/resources/texts';
import { OPERATIONS_KEY } from './api';
import { FilesBlock } from './FilesBlock';
import { JobForm } from './JobForm';
import { type JobFormValues, jobFormValuesOf } from './logic';
import { ArchiveActions, ChangedElsewhereAlert, useOperationPage } from './operationPage';
import { PropertyView } from './PropertyView';
import { StagesBlock } from './StagesBlock';
import { StatusMenus } from './StatusMenus';

/** The body a new job of an order starts from. */
type JobDefaults = Omit<JobCreate, 'jobTypeId'>;

/**
 * The job page: `/tms/jobs/new`, `/tms/orders/{orderId}/jobs/new` (starting from the order's defaults)
 * and `/tms/jobs/{id}` with the blocks main, route, stages and orders, its finance control and archive.
 */
export function JobPage({ descriptor }: ResourceScreenProps) {
  const { t } = useTranslation('operations');
  const texts = useResourceTexts(descriptor);
  const { orderId } = useParams();
  const [, setParams] = useSearchParams();
  const page = useOperationPage<Job, JobFormValues, JobDefaults>({
    descriptor,
    starting: { key: 'job-defaults', param: orderId, url: (id) => `/tms/orders/${id}/job-defaults` },
    valuesOf: jobFormValuesOf,
  });
  const { current, base, form } = page;
  if (page.placeholder) {
    return <RecordPlaceholder notFound={page.notFound} texts={texts} path={descriptor.path} />;
  }
  const formOf = (part: 'all' | 'main' | 'route') => (
    <JobForm
      descriptor={descriptor}
      texts={texts}
      record={base}
      form={form}
      part={part}
      reload={page.reload}
      onRouteErrors={() => setParams({ tab: 'route' }, { replace: true })}
    />
  );

  const blocks = current
    ? [
        {
          value: 'main',
          label: t('blocks.main'),
          icon: <IconFileDescription size={14} />,
          testId: 'tab-main',
          content: formOf('main'),
        },
        {
          value: 'route',
          label: t('blocks.route'),
          icon: <IconRoute size={14} />,
          testId: 'tab-route',
          content: formOf('route'),
        },
        {
          value: 'stages',
          label: t('blocks.stages'),
          icon: <IconListCheck size={14} />,
          testId: 'tab-stages',
          content: <StagesBlock path="/tms/jobs" operationId={current.id} />,
        },
        {
          value: 'orders',
          label: t('blocks.orders'),
          icon: <IconPackages size={14} />,
          testId: 'tab-orders',
          content: <JobOrders orderIds={current.orderIds} />,
        },
        {
          value: 'files',
          label: t('blocks.files'),
          icon: <IconFiles size={14} />,
          testId: 'tab-files',
          content: <FilesBlock path="/tms/jobs" operation={current} />,
        },
      ]
    : [{ value: 'main', label: t('blocks.main'), content: formOf('all') }];

  return (
    <PropertyView
      type="job"
      descriptor={descriptor}
      texts={texts}
      record={current as Row | null}
      title={
        current ? (
          <>
            {t('jobs.item')} <span data-testid="job-number">{padId(current.number)}</span>
            {current.contractorName && (
              <Text span c="dimmed" fw={400} ml="sm" inherit>
                {current.contractorName}
              </Text>
            )}
          </>
        ) : orderId ? (
          t('jobs.newForOrder', { number: padId(orderId) })
        ) : (
          t('jobs.new')
        )
      }
      badges={
        current && (
          <>
            {current.archived && (
              <Badge variant="filled" color="gray.7" tt="none" data-testid="archived-badge">
                {t('badges.archived')}
              </Badge>
            )}
            {current.tracking && (
              <Badge variant="outline" color="gray" tt="none">
                {t('fields.tracking')}
              </Badge>
            )}
          </>
        )
      }
      summary={
        current && (
          <>
            <StatusMenus descriptor={descriptor} record={current} />
            {page.changedElsewhere && <ChangedElsewhereAlert onReload={page.reload} />}
          </>
        )
      }
      actions={
        current && (
          <ArchiveActions descriptor={descriptor} current={current} fetching={page.record.isFetching} />
        )
      }
      blocks={blocks}
    />
  );
}

/** The orders of a job, each opening its order. */
function JobOrders({ orderIds }: { orderIds: readonly number[] }) {
  const { t } = useTranslation('operations');
  const orders = useQuery({
    queryKey: [...OPERATIONS_KEY, 'job-orders', orderIds],
    queryFn: ({ signal }) =>
      api.get<ListResult<Order>>('/tms/orders', { query: { id: [...orderIds], itemsPerPage: 100 }, signal }),
    enabled: orderIds.length > 0,
  });
  const rows = orders.data?.collection ?? [];
  return (
    <Stack gap="sm" data-testid="job-orders">
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          {orders.isLoading ? t('loading') : t('orders.none')}
        </Text>
      ) : (
        <Table withTableBorder highlightOnHover verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('fields.number')}</Table.Th>
              <Table.Th>{t('fields.clientId')}</Table.Th>
              <Table.Th>{t('fields.cargoDescription')}</Table.Th>
              <Table.Th>{t('fields.dispatchDate')}</Table.Th>
              <Table.Th>{t('fields.deliveryDate')}</Table.Th>
              <Table.Th>{t('fields.financeControlStatus')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((order) => (
              <Table.Tr key={order.id} data-testid="job-order-row">
                <Table.Td>
                  <Anchor component={Link} to={`/tms/orders/${order.id}`} size="sm" fw={500}>
                    {padId(order.number)}
                  </Anchor>
                </Table.Td>
                <Table.Td>{order.clientName}</Table.Td>
                <Table.Td>{order.cargoDescription}</Table.Td>
                <Table.Td>{formatDate(order.dispatchDate)}</Table.Td>
                <Table.Td>{formatDate(order.deliveryDate)}</Table.Td>
                <Table.Td>{t(`statuses.financeControl.values.${order.financeControlStatus}`)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
