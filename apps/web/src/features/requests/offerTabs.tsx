import { Stack, Text } from '@mantine/core';
import { IconReportMoney } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { CustomerRequest, Job, ListResult, Order, OrderListRow } from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { api } from '../../platform/api/client';
import { hasRole } from '../../platform/auth/access';
import { useSystemData } from '../../platform/auth/system';
import { padId } from '../../platform/format';
import type { RecordTab } from '../../platform/resources/RecordPage';
import { OffersBlock } from './OfferBlock';
import { QuoteBlock } from './QuoteBlock';

/** Who reads a request's offers: the readers of requests (the server holds them to the request's scope). */
const OFFER_READERS = [
  'ROLE_REQUEST_VIEW_OWN',
  'ROLE_REQUEST_VIEW_OFFICE',
  'ROLE_REQUEST_VIEW_ALL',
  'ROLE_REQUEST_CREATE',
] as const;

function OffersTitle() {
  const { t } = useTranslation('offers');
  return <>{t('block.title')}</>;
}

/** The request page's offers and quote, one tab; none while the request is new. */
export function requestOfferTabs(request: CustomerRequest | null, canWrite: boolean): RecordTab[] {
  if (!request) return [];
  return [
    {
      value: 'offers',
      label: <OffersTitle />,
      icon: <IconReportMoney size={14} />,
      testId: 'tab-offers',
      content: (
        <Stack gap="md">
          <OffersBlock requestId={request.id} canWrite={canWrite} />
          <QuoteBlock request={request} canWrite={canWrite} />
        </Stack>
      ),
    },
  ];
}

/** An order's block of the offers of the request it was made from (hidden for other orders). */
export function orderOfferBlocks(order: Order): RecordTab[] {
  return [
    {
      value: 'offers',
      label: <OffersTitle />,
      icon: <IconReportMoney size={14} />,
      testId: 'tab-offers',
      hidden: !order.requestId,
      content: order.requestId ? <ReadOffers requestId={order.requestId} /> : null,
    },
  ];
}

/** A job's block: its contractor's offers on the requests its orders were made from. */
export function jobOfferBlocks(job: Job): RecordTab[] {
  return [
    {
      value: 'offers',
      label: <OffersTitle />,
      icon: <IconReportMoney size={14} />,
      testId: 'tab-offers',
      hidden: !job.contractorId,
      content: job.contractorId ? (
        <JobOffers orderIds={job.orderIds} contractorId={job.contractorId} />
      ) : null,
    },
  ];
}

/** The offers of one request, shown only; readers of requests only. */
function ReadOffers({ requestId, contractorId }: { requestId: number; contractorId?: number }) {
  const { t } = useTranslation('offers');
  const system = useSystemData();
  if (!hasRole(system, [...OFFER_READERS])) return null;
  return (
    <Stack gap="xs" data-testid="operation-offers">
      <Text size="sm" c="dimmed">
        {t(contractorId ? 'block.ofContractor' : 'block.ofRequest', { number: padId(requestId) })}
      </Text>
      <OffersBlock requestId={requestId} contractorId={contractorId} readOnly />
    </Stack>
  );
}

function JobOffers({ orderIds, contractorId }: { orderIds: readonly number[]; contractorId: number }) {
  const { t } = useTranslation('offers');
  const orders = useQuery({
    queryKey: ['operations', 'job-orders', orderIds],
    queryFn: ({ signal }) =>
      api.get<ListResult<OrderListRow>>('/tms/orders', {
        query: { id: [...orderIds], itemsPerPage: 100 },
        signal,
      }),
    enabled: orderIds.length > 0,
  });
  const requestIds = [
    ...new Set(
      (orders.data?.collection ?? []).flatMap((order) => (order.requestId ? [order.requestId] : [])),
    ),
  ];
  if (orders.data && requestIds.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="operation-offers">
        {t('block.none')}
      </Text>
    );
  }
  return (
    <Stack gap="lg">
      {requestIds.map((requestId) => (
        <ReadOffers key={requestId} requestId={requestId} contractorId={contractorId} />
      ))}
    </Stack>
  );
}
