import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconDownload } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OpsTransportOrder } from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime, formatMoney } from '../../../platform/format';
import { useFailure } from '../CabinetKit';
import { ops } from './opsKit';

/** One transport order mailed to him: what we ask (vehicle, driver, dates, rate), its document, his yes. */
function TransportOrderCard({ jobId, order }: { jobId: number; order: OpsTransportOrder }) {
  const { t, i18n } = useTranslation('cabinets');
  const client = useQueryClient();
  const { failure, fail, clear } = useFailure();
  const accept = useMutation({
    mutationFn: () =>
      ops.post(`/ops/jobs/${jobId}/transport-orders/${order.id}/accept`, { version: order.version }),
    onSuccess: async () => {
      clear();
      await client.invalidateQueries({ queryKey: ['ops', 'job', jobId, 'transport-orders'] });
    },
    onError: fail,
  });
  const d = order.details;
  const facts: [string, string | undefined][] = [
    [t('ops.transportOrders.vehicle'), [d.vehicle, d.trailer].filter(Boolean).join(' / ')],
    [t('ops.transportOrders.driver'), [d.driverName, d.driverPhone].filter(Boolean).join(', ')],
    [t('ops.transportOrders.loading'), d.loadingDate && formatDate(d.loadingDate)],
    [t('ops.transportOrders.unloading'), d.unloadingDate && formatDate(d.unloadingDate)],
    [t('ops.transportOrders.rate'), d.rate && formatMoney(d.rate, d.currencyCode ?? '', i18n.language)],
  ];
  return (
    <Card withBorder padding="md" data-testid="ops-transport-order">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600}>{t('ops.transportOrders.item', { company: order.legalEntityName })}</Text>
          <Text size="xs" c="dimmed">
            {t('ops.transportOrders.sent', { date: formatDateTime(order.sentAt) })}
          </Text>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing={4}>
          {facts
            .filter(([, value]) => value)
            .map(([label, value]) => (
              <Text key={label} size="sm">
                <Text span c="dimmed" size="sm">
                  {label}:
                </Text>{' '}
                {value}
              </Text>
            ))}
        </SimpleGrid>
        {d.terms && (
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {d.terms}
          </Text>
        )}
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="space-between" wrap="wrap" gap="xs">
          {order.file ? (
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconDownload size={16} />}
              onClick={() =>
                ops.download(`/ops/jobs/${jobId}/transport-orders/${order.id}/file`, order.file!.name)
              }
            >
              {t('ops.transportOrders.download')}
            </Button>
          ) : (
            <span />
          )}
          {order.acceptedAt ? (
            <Badge color="green" variant="light" size="lg" style={{ overflow: 'visible' }}>
              {t('ops.transportOrders.accepted', { date: formatDate(order.acceptedAt.slice(0, 10)) })}
            </Badge>
          ) : (
            <Button
              leftSection={<IconCheck size={16} />}
              loading={accept.isPending}
              onClick={() => accept.mutate()}
              data-testid="ops-transport-order-accept"
            >
              {t('ops.transportOrders.accept')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

/** The transport orders of his job, shown only when one was mailed to him. */
export function JobTransportOrders({ jobId }: { jobId: number }) {
  const { t } = useTranslation('cabinets');
  const orders = useQuery({
    queryKey: ['ops', 'job', jobId, 'transport-orders'],
    queryFn: () => ops.get<OpsTransportOrder[]>(`/ops/jobs/${jobId}/transport-orders`),
  });
  if (!orders.data?.length) return null;
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        {t('ops.transportOrders.title')}
      </Title>
      {orders.data.map((order) => (
        <TransportOrderCard key={order.id} jobId={jobId} order={order} />
      ))}
    </Stack>
  );
}
