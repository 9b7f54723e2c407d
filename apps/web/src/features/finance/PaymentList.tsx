import { Group, Paper, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type PaymentTotals, paymentResource } from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api } from '../../platform/api/client';
import { hasRole } from '../../platform/auth/access';
import { useSystemData } from '../../platform/auth/system';
import { formatMoney } from '../../platform/format';
import type { ResourceScreenProps } from '../../platform/resources';
import { resourceKey } from '../../platform/resources/keys';
import { listStateOf } from '../../platform/resources/logic';
import { ResourceList } from '../../platform/resources/ResourceList';
import { StatementImport } from './StatementImport';

/** The totals of what the list shows (its search and filters), one line per currency. */
function PaymentTotalsBar() {
  const { t, i18n } = useTranslation('finance');
  const [params] = useSearchParams();
  const { search, filters } = listStateOf(paymentResource, params);
  const query = { ...(search.trim() ? { search: search.trim() } : {}), ...filters };
  const totals = useQuery({
    queryKey: [...resourceKey(paymentResource), 'totals', query],
    queryFn: ({ signal }) => api.get<PaymentTotals>('/finances/payments/totals', { query, signal }),
    placeholderData: keepPreviousData,
  });
  if (!totals.data?.length) return null;
  return (
    <Paper withBorder p="sm" data-testid="payment-totals">
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('payments.totals')}
        </Text>
        {totals.data.map((row) => (
          <Group key={row.currencyId} gap="xl">
            <Text size="sm" fw={500} w={48}>
              {row.currencyCode}
            </Text>
            <Text size="sm">
              {t('payments.totalIncoming')}: {formatMoney(row.incoming, row.currencyCode, i18n.language)}
            </Text>
            <Text size="sm">
              {t('payments.totalOutgoing')}: {formatMoney(row.outgoing, row.currencyCode, i18n.language)}
            </Text>
            <Text size="sm" c="dimmed">
              {t('payments.totalUnlinked')}: {formatMoney(row.unlinked, row.currencyCode, i18n.language)}
            </Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

/** Payments: the engine's list with the statement import, and the totals per currency for those who may see them. */
export function PaymentList(props: ResourceScreenProps) {
  const system = useSystemData();
  return (
    <Stack gap="md">
      <ResourceList {...props} options={{ ...props.options, toolbar: <StatementImport /> }} />
      {hasRole(system, ['ROLE_PAYMENT_TOTALS']) && <PaymentTotalsBar />}
    </Stack>
  );
}
