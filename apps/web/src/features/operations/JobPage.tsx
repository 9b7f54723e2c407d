import { Anchor, Badge, Stack, Table, Text } from '@mantine/core';
import {
  IconFileInvoice,
  IconId,
  IconListCheck,
  IconPackages,
  IconReceipt,
  IconTruckDelivery,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { Job, JobCreate, ListResult, OrderListRow } from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { api } from '../../platform/api/client';
import { formatDate, padId } from '../../platform/format';
import { BlockTable } from '../../platform/kit/blocks';
import type { ResourceScreenProps } from '../../platform/resources';
import { useResourceTexts } from '../../platform/resources/texts';
import { TripAssignmentBlock } from '../carriers/TripAssignmentBlock';
import { jobOfferBlocks } from '../requests/offerTabs';
import { TransportOrdersBlock } from '../shipment-documents/TransportOrdersBlock';
import { workflowBlocks } from '../workflows/recordBlocks';
import { OPERATIONS_KEY } from './api';
import { ContractorBillsBlock } from './ContractorBillsBlock';
import { JobForm } from './JobForm';
import { type JobFormValues, jobFormValuesOf } from './logic';
import { OperationBills } from './OperationBills';
import { JobHeader } from './OperationHeader';
import { OperationPage, useOperationPage } from './operationPage';
import { StagesBlock } from './StagesBlock';

/** The body a new job of an order starts from. */
type JobDefaults = Omit<JobCreate, 'jobTypeId'>;

/**
 * The job page: `/tms/jobs/new`, `/tms/orders/{orderId}/jobs/new` (starting from the order's defaults)
 * and `/tms/jobs/{id}` with the blocks main, route, stages, orders and files, its finance control and archive.
 */
export function JobPage({ descriptor }: ResourceScreenProps) {
  const { t } = useTranslation(['operations', 'shipmentDocuments']);
  const texts = useResourceTexts(descriptor);
  const { orderId } = useParams();
  const page = useOperationPage<Job, JobFormValues, JobDefaults>({
    descriptor,
    starting: { key: 'job-defaults', param: orderId, url: (id) => `/tms/orders/${id}/job-defaults` },
    valuesOf: jobFormValuesOf,
  });
  const { current } = page;

  return (
    <OperationPage
      descriptor={descriptor}
      texts={texts}
      page={page}
      form={JobForm}
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
      blocksOf={(job) => [
        {
          value: 'bills',
          label: t('blocks.bills'),
          icon: <IconReceipt size={14} />,
          testId: 'tab-bills',
          content: <OperationBills operation="job" record={job} />,
        },
        {
          value: 'stages',
          label: t('blocks.stages'),
          icon: <IconListCheck size={14} />,
          testId: 'tab-stages',
          content: <StagesBlock path="/tms/jobs" operationId={job.id} />,
        },
        {
          value: 'orders',
          label: t('blocks.orders'),
          icon: <IconPackages size={14} />,
          testId: 'tab-orders',
          content: <JobOrders orderIds={job.orderIds} />,
        },
        {
          value: 'transport-orders',
          label: t('shipmentDocuments:transportOrders.title'),
          icon: <IconTruckDelivery size={14} />,
          testId: 'tab-transport-orders',
          content: <TransportOrdersBlock jobId={job.id} />,
        },
        {
          value: 'trip-assignment',
          label: t('blocks.tripAssignment'),
          icon: <IconId size={14} />,
          testId: 'tab-trip-assignment',
          content: <TripAssignmentBlock jobId={job.id} />,
        },
        {
          value: 'contractor-bills',
          label: t('blocks.contractorBills'),
          icon: <IconFileInvoice size={14} />,
          testId: 'tab-contractor-bills',
          content: <ContractorBillsBlock jobId={job.id} />,
        },
        ...workflowBlocks('job', job.id),
        ...jobOfferBlocks(job),
      ]}
      header={(job, statuses) => <JobHeader job={job} descriptor={descriptor} statuses={statuses} />}
      badges={
        current?.tracking && (
          <Badge variant="outline" color="gray" tt="none">
            {t('fields.tracking')}
          </Badge>
        )
      }
    />
  );
}

/** The orders of a job, each opening its order. */
function JobOrders({ orderIds }: { orderIds: readonly number[] }) {
  const { t } = useTranslation('operations');
  const orders = useQuery({
    queryKey: [...OPERATIONS_KEY, 'job-orders', orderIds],
    queryFn: ({ signal }) =>
      api.get<ListResult<OrderListRow>>('/tms/orders', {
        query: { id: [...orderIds], itemsPerPage: 100 },
        signal,
      }),
    enabled: orderIds.length > 0,
  });
  const rows = orders.data?.collection ?? [];
  return (
    <Stack gap="sm" data-testid="job-orders">
      <BlockTable
        rows={rows}
        loading={orders.isLoading}
        none={t('orders.none')}
        highlightOnHover
        verticalSpacing="sm"
        head={
          <>
            <Table.Th>{t('fields.number')}</Table.Th>
            <Table.Th>{t('fields.clientId')}</Table.Th>
            <Table.Th>{t('fields.cargoDescription')}</Table.Th>
            <Table.Th>{t('fields.dispatchDate')}</Table.Th>
            <Table.Th>{t('fields.deliveryDate')}</Table.Th>
            <Table.Th>{t('fields.financeControlStatus')}</Table.Th>
          </>
        }
      >
        {(order) => (
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
        )}
      </BlockTable>
    </Stack>
  );
}
