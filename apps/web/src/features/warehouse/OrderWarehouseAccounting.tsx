import { Anchor, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconPackageExport, IconPackageImport } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import {
  BILL_KIND_ROLES,
  MOVEMENT_KIND_LABELS,
  type MovementKind,
  WAREHOUSE_ROLES,
  type WarehouseBalance,
  type WarehouseMovement,
} from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../platform/api/client';
import { hasRole } from '../../platform/auth/access';
import { useSystemData } from '../../platform/auth/system';
import { formatDate } from '../../platform/format';
import { BlockTable } from '../../platform/kit/blocks';
import { RECORD_LOAD } from '../../platform/resources/RecordPage';
import { ServicesBill } from './ServicesBill';

export interface OrderAccounting {
  orderNumber: number;
  on: string;
  movements: WarehouseMovement[];
  balances: WarehouseBalance[];
  storageCharges: {
    warehouseId: number;
    periodFrom: string;
    periodTo: string;
    placeDays: number;
    billId: number;
    billNumber: string;
  }[];
  warehouseNames: Record<string, { name: string; nameEn: string | null }>;
}

/** The query of an order's warehouse accounting; movements written elsewhere refresh it with the resource. */
export const orderAccountingKey = (orderId: number) => ['resource', 'warehouse_movement', 'order', orderId];

export function useOrderAccounting(orderId: number) {
  return useQuery({
    queryKey: orderAccountingKey(orderId),
    queryFn: ({ signal }) =>
      api.get<OrderAccounting>(`/tms/orders/${orderId}/warehouse-accounting`, { signal, ...RECORD_LOAD }),
  });
}

const number = (value: number | null | undefined, lang: string) =>
  value == null ? '' : value.toLocaleString(lang === 'en' ? 'en-US' : 'ru-RU', { maximumFractionDigits: 3 });

/**
 * An order's warehouse accounting: what it holds at each warehouse today and every receipt and release,
 * with the receipt and release of a new movement for the accounting's editors.
 */
export function OrderWarehouseAccounting({ orderId, data }: { orderId: number; data: OrderAccounting }) {
  const { t, i18n } = useTranslation('warehouse');
  const lang = i18n.language === 'en' ? 'en' : 'ru';
  const system = useSystemData();
  const canEdit = hasRole(system, WAREHOUSE_ROLES.edit);
  const canBill = hasRole(system, BILL_KIND_ROLES.DIRECT.create);
  const name = (id: number) => {
    const names = data.warehouseNames[String(id)];
    return names ? (lang === 'en' && names.nameEn) || names.name : `#${id}`;
  };
  const held = data.balances.filter((balance) => balance.places !== 0);
  return (
    <Stack gap="md" data-testid="order-warehouse-accounting">
      {(canEdit || canBill) && (
        <Group gap="sm">
          {canEdit && (
            <Button
              component={Link}
              to={`/warehouse/accounting/new?orderId=${orderId}&kind=receipt`}
              variant="default"
              size="sm"
              leftSection={<IconPackageImport size={16} />}
              data-testid="warehouse-new-receipt"
            >
              {t('orderAccounting.newReceipt')}
            </Button>
          )}
          {canEdit && (
            <Button
              component={Link}
              to={`/warehouse/accounting/new?orderId=${orderId}&kind=release${
                held.length === 1 ? `&warehouseId=${held[0]!.warehouseId}` : ''
              }`}
              variant="default"
              size="sm"
              leftSection={<IconPackageExport size={16} />}
              data-testid="warehouse-new-release"
              disabled={held.length === 0}
            >
              {t('orderAccounting.newRelease')}
            </Button>
          )}
          {canBill && <ServicesBill orderId={orderId} />}
        </Group>
      )}
      <Title order={3} size="h5">
        {t('orderAccounting.balances', { date: formatDate(data.on) })}
      </Title>
      <BlockTable
        rows={held}
        loading={false}
        none={t('orderAccounting.noBalance')}
        head={
          <>
            <Table.Th>{t('accounting.warehouseId')}</Table.Th>
            <Table.Th ta="right">{t('accounting.places')}</Table.Th>
            <Table.Th ta="right">{t('accounting.weight')}</Table.Th>
            <Table.Th ta="right">{t('accounting.volume')}</Table.Th>
          </>
        }
      >
        {(balance) => (
          <Table.Tr key={balance.warehouseId} data-testid="warehouse-balance">
            <Table.Td>{name(balance.warehouseId)}</Table.Td>
            <Table.Td ta="right" data-testid="warehouse-balance-places">
              {balance.places}
            </Table.Td>
            <Table.Td ta="right">{number(balance.weight, lang)}</Table.Td>
            <Table.Td ta="right">{number(balance.volume, lang)}</Table.Td>
          </Table.Tr>
        )}
      </BlockTable>
      <Title order={3} size="h5">
        {t('orderAccounting.movements')}
      </Title>
      <BlockTable
        rows={data.movements}
        loading={false}
        none={t('orderAccounting.noMovements')}
        minWidth={760}
        head={
          <>
            <Table.Th>{t('accounting.movedOn')}</Table.Th>
            <Table.Th>{t('accounting.kind')}</Table.Th>
            <Table.Th>{t('accounting.warehouseId')}</Table.Th>
            <Table.Th ta="right">{t('accounting.places')}</Table.Th>
            <Table.Th ta="right">{t('accounting.weight')}</Table.Th>
            <Table.Th ta="right">{t('accounting.volume')}</Table.Th>
            <Table.Th>{t('accounting.marks')}</Table.Th>
            <Table.Th>{t('accounting.damageNote')}</Table.Th>
          </>
        }
      >
        {(movement) => (
          <Table.Tr key={movement.id} data-testid="warehouse-movement">
            <Table.Td>
              <Anchor component={Link} to={`/warehouse/accounting/${movement.id}`} size="sm">
                {formatDate(movement.movedOn)}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <Badge variant="light" color={movement.kind === 'receipt' ? 'teal.9' : 'indigo.9'} tt="none">
                {MOVEMENT_KIND_LABELS[movement.kind as MovementKind][lang]}
              </Badge>
            </Table.Td>
            <Table.Td>{name(movement.warehouseId)}</Table.Td>
            <Table.Td ta="right">
              {movement.kind === 'receipt' ? '+' : '−'}
              {movement.places}
            </Table.Td>
            <Table.Td ta="right">{number(movement.weight, lang)}</Table.Td>
            <Table.Td ta="right">{number(movement.volume, lang)}</Table.Td>
            <Table.Td>{movement.marks}</Table.Td>
            <Table.Td>
              {movement.damaged && (
                <Text span c="red.9" size="sm">
                  {movement.damageNote}
                </Text>
              )}
            </Table.Td>
          </Table.Tr>
        )}
      </BlockTable>
      {data.storageCharges.length > 0 && (
        <>
          <Title order={3} size="h5">
            {t('orderAccounting.storageCharges')}
          </Title>
          <BlockTable
            rows={data.storageCharges}
            loading={false}
            none=""
            head={
              <>
                <Table.Th>{t('orderAccounting.period')}</Table.Th>
                <Table.Th>{t('accounting.warehouseId')}</Table.Th>
                <Table.Th ta="right">{t('orderAccounting.placeDays')}</Table.Th>
                <Table.Th>{t('orderAccounting.bill')}</Table.Th>
              </>
            }
          >
            {(charge) => (
              <Table.Tr
                key={`${charge.warehouseId}-${charge.periodFrom}`}
                data-testid="warehouse-storage-charge"
              >
                <Table.Td>
                  {formatDate(charge.periodFrom)} – {formatDate(charge.periodTo)}
                </Table.Td>
                <Table.Td>{name(charge.warehouseId)}</Table.Td>
                <Table.Td ta="right">{charge.placeDays}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={`/finances/bills/${charge.billId}`} size="sm">
                    {charge.billNumber}
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            )}
          </BlockTable>
        </>
      )}
    </Stack>
  );
}
