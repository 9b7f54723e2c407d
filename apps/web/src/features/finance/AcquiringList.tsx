import { Group, Paper, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type AcquiringTotals, acquiringResource } from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api } from '../../platform/api/client';
import { formatMoney } from '../../platform/format';
import type { ResourceScreenProps } from '../../platform/resources';
import { resourceKey } from '../../platform/resources/keys';
import { listStateOf } from '../../platform/resources/logic';
import { ResourceList } from '../../platform/resources/ResourceList';

/** The totals of what the list shows (its search and filters), one line per currency. */
function AcquiringTotalsBar() {
  const { t, i18n } = useTranslation('finance');
  const [params] = useSearchParams();
  const { search, filters } = listStateOf(acquiringResource, params);
  const query = { ...(search.trim() ? { search: search.trim() } : {}), ...filters };
  const totals = useQuery({
    queryKey: [...resourceKey(acquiringResource), 'totals', query],
    queryFn: ({ signal }) => api.get<AcquiringTotals>('/bank-acquiring/totals', { query, signal }),
    placeholderData: keepPreviousData,
  });
  if (!totals.data?.length) return null;
  return (
    <Paper withBorder p="sm" data-testid="acquiring-totals">
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('acquiring.totals')}
        </Text>
        {totals.data.map((row) => (
          <Group key={row.currencyId} gap="xl">
            <Text size="sm" fw={500} w={48}>
              {row.currencyCode}
            </Text>
            <Text size="sm">
              {t('acquiring.totalGross')}: {formatMoney(row.gross, row.currencyCode, i18n.language)}
            </Text>
            <Text size="sm">
              {t('acquiring.totalCommission')}: {formatMoney(row.commission, row.currencyCode, i18n.language)}
            </Text>
            <Text size="sm" fw={500}>
              {t('acquiring.totalNet')}: {formatMoney(row.net, row.currencyCode, i18n.language)}
            </Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

/** Bank acquiring: the engine's list and the totals per currency of what it shows. */
export function AcquiringList(props: ResourceScreenProps) {
  return (
    <Stack gap="md">
      <ResourceList {...props} />
      <AcquiringTotalsBar />
    </Stack>
  );
}
