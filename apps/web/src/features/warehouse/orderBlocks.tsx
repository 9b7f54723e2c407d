import { Anchor, Center, Loader, Stack } from '@mantine/core';
import { IconBuildingWarehouse } from '@tabler/icons-react';
import type { Order, Role } from '@tms/domain';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RecordTab } from '../../platform/resources/RecordPage';

// The block's code loads with its tab, not with the order page.
const OrderAccountingBlock = lazy(() =>
  import('./OrderAccountingBlock').then((m) => ({ default: m.OrderAccountingBlock })),
);

/** Who reads the warehouse accounting (WAREHOUSE_ROLES.view; a literal, so the order page loads no more). */
const READERS: readonly Role[] = [
  'ROLE_WAREHOUSE_ACCOUNTING_VIEW',
  'ROLE_WAREHOUSE_ACCOUNTING_EDIT',
  'ROLE_WAREHOUSE_EVENTS',
];

function WarehouseTitle() {
  const { t } = useTranslation('warehouse');
  return <>{t('orderAccounting.tab')}</>;
}

function OpenPage({ orderId }: { orderId: number }) {
  const { t } = useTranslation('warehouse');
  return (
    <Anchor component={Link} to={`/tms/orders/${orderId}/warehouse-accounting`} size="sm">
      {t('orderAccounting.openPage')}
    </Anchor>
  );
}

/**
 * The order page's warehouse block: what the order holds at warehouses and its movements, with the way to
 * its own page (`/tms/orders/{id}/warehouse-accounting`); for readers of the warehouse accounting only.
 */
export function orderWarehouseBlocks(order: Order, can: (roles: readonly Role[]) => boolean): RecordTab[] {
  return [
    {
      value: 'warehouse',
      label: <WarehouseTitle />,
      icon: <IconBuildingWarehouse size={14} />,
      testId: 'tab-warehouse',
      hidden: !can(READERS),
      content: (
        <Suspense
          fallback={
            <Center py="md">
              <Loader size="sm" />
            </Center>
          }
        >
          <Stack gap="sm">
            <OpenPage orderId={order.id} />
            <OrderAccountingBlock orderId={order.id} />
          </Stack>
        </Suspense>
      ),
    },
  ];
}
