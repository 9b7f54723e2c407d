import { Anchor, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ListResult, WAREHOUSE_ROLES, type WarehouseBalance, warehouseResource } from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../platform/api/client';
import { hasRole } from '../../platform/auth/access';
import { useSystemData } from '../../platform/auth/system';
import { padId } from '../../platform/format';
import { Block } from './Block';

/** The orders holding the most places, listed per warehouse; the order's accounting shows the rest. */
const LARGEST = 5;

const number = (value: number, lang: string) =>
  value.toLocaleString(lang === 'en' ? 'en-US' : 'ru-RU', { maximumFractionDigits: 3 });

interface Held {
  warehouseId: number;
  orders: WarehouseBalance[];
  places: number;
  weight: number;
  volume: number;
}

/**
 * What warehouse staff act on, on the start page: what each warehouse holds today (orders, places, weight,
 * volume, from the receipts and releases of the warehouse accounting) and the orders holding the most,
 * each opening its warehouse accounting. Shown to the holders of the warehouse accounting's roles.
 */
export function WarehouseFigures() {
  const { t, i18n } = useTranslation(['dashboard', 'warehouse']);
  const system = useSystemData();
  const enabled = WAREHOUSE_ROLES.view.some((role) => hasRole(system, role));
  const balances = useQuery({
    queryKey: ['warehouse-balances', 'dashboard'],
    queryFn: ({ signal }) =>
      api.get<{ on: string; balances: WarehouseBalance[] }>('/warehouse/balances', {
        signal,
        suppressPopup: true,
      }),
    enabled,
    staleTime: 60_000,
  });
  const warehouses = useQuery({
    queryKey: ['warehouses', 'dashboard'],
    queryFn: ({ signal }) =>
      api.get<ListResult<{ id: number; name: string; nameEn?: string | null }>>(warehouseResource.path, {
        query: { itemsPerPage: 100 },
        signal,
        suppressPopup: true,
      }),
    enabled,
    staleTime: 300_000,
  });
  // The names come with the figures, not after them (no block jumping from a number to a name).
  if (!balances.data || warehouses.isPending) return null;
  const lang = i18n.language;
  const names = new Map(
    (warehouses.data?.collection ?? []).map((w) => [w.id, (lang === 'en' && w.nameEn) || w.name]),
  );
  const held = new Map<number, Held>();
  for (const balance of balances.data.balances) {
    if (balance.places <= 0) continue;
    const at = held.get(balance.warehouseId) ?? {
      warehouseId: balance.warehouseId,
      orders: [],
      places: 0,
      weight: 0,
      volume: 0,
    };
    at.orders.push(balance);
    at.places += balance.places;
    at.weight += balance.weight;
    at.volume += balance.volume;
    held.set(balance.warehouseId, at);
  }
  const list = [...held.values()].sort((a, b) => b.places - a.places);

  return (
    <Stack gap="sm" data-testid="warehouse-dashboard">
      <Title order={3} size="h5" c="dimmed" tt="uppercase" fw={600}>
        {t('dashboard:warehouse.heading')}
      </Title>
      {list.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('dashboard:warehouse.empty')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {list.map((at) => (
            <Block
              key={at.warehouseId}
              title={names.get(at.warehouseId) ?? `№ ${padId(at.warehouseId)}`}
              to={`${warehouseResource.path}/${at.warehouseId}`}
              open={t('dashboard:warehouse.openWarehouse')}
              testId={`warehouse-held-${at.warehouseId}`}
            >
              <SimpleGrid cols={4} spacing="xs" mb="xs">
                {(
                  [
                    ['orders', number(at.orders.length, lang)],
                    ['places', number(at.places, lang)],
                    ['weight', number(at.weight, lang)],
                    ['volume', number(at.volume, lang)],
                  ] as const
                ).map(([key, value]) => (
                  <Stack key={key} gap={0}>
                    <Text size="xs" c="dimmed">
                      {t(`dashboard:warehouse.${key}`)}
                    </Text>
                    <Text fw={700} data-testid={`warehouse-${key}`}>
                      {value}
                    </Text>
                  </Stack>
                ))}
              </SimpleGrid>
              <Table verticalSpacing={2} fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('dashboard:warehouse.order')}</Table.Th>
                    <Table.Th ta="right">{t('warehouse:accounting.places')}</Table.Th>
                    <Table.Th ta="right">{t('warehouse:accounting.weight')}</Table.Th>
                    <Table.Th ta="right">{t('warehouse:accounting.volume')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {[...at.orders]
                    .sort((a, b) => b.places - a.places)
                    .slice(0, LARGEST)
                    .map((balance) => (
                      <Table.Tr key={balance.orderId}>
                        <Table.Td>
                          <Anchor
                            component={Link}
                            to={`/tms/orders/${balance.orderId}/warehouse-accounting`}
                            size="sm"
                          >
                            {padId(balance.orderId)}
                          </Anchor>
                        </Table.Td>
                        <Table.Td ta="right">{balance.places}</Table.Td>
                        <Table.Td ta="right">{number(balance.weight, lang)}</Table.Td>
                        <Table.Td ta="right">{number(balance.volume, lang)}</Table.Td>
                      </Table.Tr>
                    ))}
                </Table.Tbody>
              </Table>
              {at.orders.length > LARGEST && (
                <Group justify="flex-end" mt={4}>
                  <Text size="xs" c="dimmed">
                    {t('dashboard:warehouse.more', { count: at.orders.length - LARGEST })}
                  </Text>
                </Group>
              )}
            </Block>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
