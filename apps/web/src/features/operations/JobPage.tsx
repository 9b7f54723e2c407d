import { Anchor, Badge, Button, Stack, Table, Text } from '@mantine/core';
import {
  IconArchive,
  IconArchiveOff,
  IconFileDescription,
  IconListCheck,
  IconPackages,
  IconRoute,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Job, type JobCreate, type ListResult, type Order, ROLE_ORDER_ARCHIVE } from '@tms/domain';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { type ApiError, api } from '../../platform/api/client';
import { hasRole, useSystemData } from '../../platform/auth/system';
import { formatDate, padId } from '../../platform/format';
import type { ResourceScreenProps } from '../../platform/resources';
import type { Row } from '../../platform/resources/logic';
import { RecordPlaceholder, useRecord } from '../../platform/resources/RecordPage';
import { resourceKey } from '../../platform/resources/ResourceList';
import { useResourceTexts } from '../../platform/resources/texts';
import { notifySaved } from '../../platform/snackbar';
import { ArchiveInfo } from './ArchiveInfo';
import { OPERATIONS_KEY } from './api';
import { JobForm } from './JobForm';
import { type JobFormValues, jobFormValuesOf } from './logic';
import { PropertyView } from './PropertyView';
import { StagesBlock } from './StagesBlock';
import { StatusMenus } from './StatusMenus';

/**
 * The job page: `/tms/jobs/new`, `/tms/orders/{orderId}/jobs/new` (starting from the order's defaults)
 * and `/tms/jobs/{id}` with the blocks main, route, stages and orders, its finance control and archive.
 */
export function JobPage({ descriptor }: ResourceScreenProps) {
  const { t } = useTranslation('operations');
  const texts = useResourceTexts(descriptor);
  const system = useSystemData();
  const client = useQueryClient();
  const { orderId } = useParams();
  const [, setParams] = useSearchParams();
  const { id, record } = useRecord<Job>(descriptor);
  const defaults = useQuery({
    queryKey: [...OPERATIONS_KEY, 'job-defaults', orderId],
    queryFn: ({ signal }) =>
      api.get<Omit<JobCreate, 'jobTypeId'>>(`/tms/orders/${orderId}/job-defaults`, { signal }),
    enabled: orderId !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const current = record.data ?? null;
  const form = useForm<JobFormValues>({ defaultValues: jobFormValuesOf(null) });
  const { reset } = form;
  useEffect(() => {
    if (current) reset(jobFormValuesOf(current));
  }, [current, reset]);
  useEffect(() => {
    if (defaults.data) reset(jobFormValuesOf(defaults.data));
  }, [defaults.data, reset]);

  const archive = useMutation({
    mutationFn: (action: 'archive' | 'unarchive') =>
      api.post<Job>(`${descriptor.path}/${current?.id}/${action}`, { version: current?.version }),
    onSuccess: async (saved, action) => {
      notifySaved(t(action === 'archive' ? 'archive.done' : 'archive.undone'));
      client.setQueryData([...resourceKey(descriptor), 'record', saved.id], saved);
      await Promise.all([
        client.invalidateQueries({ queryKey: resourceKey(descriptor) }),
        client.invalidateQueries({ queryKey: OPERATIONS_KEY }),
      ]);
    },
  });

  const notFound =
    Number.isNaN(id) ||
    (record.error as ApiError | null)?.status === 404 ||
    (defaults.error as ApiError | null)?.status === 404;
  if (notFound || (id !== null && !current) || (orderId !== undefined && !defaults.data)) {
    return <RecordPlaceholder notFound={notFound} texts={texts} path={descriptor.path} />;
  }
  const reload = () => record.refetch();
  const formOf = (part: 'all' | 'main' | 'route') => (
    <JobForm
      descriptor={descriptor}
      texts={texts}
      record={current}
      form={form}
      part={part}
      reload={reload}
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
      ]
    : [{ value: 'main', label: t('blocks.main'), content: formOf('all') }];

  const canArchive = hasRole(system, ROLE_ORDER_ARCHIVE);
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
      summary={current && <StatusMenus descriptor={descriptor} record={current} />}
      actions={
        current && (
          <>
            {!current.archived && <ArchiveInfo path="/tms/jobs" id={current.id} version={current.version} />}
            {canArchive && (
              <Button
                variant="default"
                size="sm"
                leftSection={current.archived ? <IconArchiveOff size={16} /> : <IconArchive size={16} />}
                loading={archive.isPending}
                // The version sent must be the saved one: wait while a changed record (e.g. by a job's stage) reloads.
                disabled={record.isFetching}
                onClick={() => archive.mutate(current.archived ? 'unarchive' : 'archive')}
                data-testid={current.archived ? 'job-unarchive' : 'job-archive'}
              >
                {t(current.archived ? 'actions.unarchive' : 'actions.archive')}
              </Button>
            )}
          </>
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
