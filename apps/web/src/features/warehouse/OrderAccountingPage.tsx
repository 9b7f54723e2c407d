import { Anchor, Group, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { padId } from '../../platform/format';
import { RecordPlaceholder, recordStateOf } from '../../platform/resources/RecordPage';
import { OrderWarehouseAccounting, useOrderAccounting } from './OrderWarehouseAccounting';

/** `/tms/orders/{id}/warehouse-accounting`: one order's warehouse balances and movements on a page. */
export function OrderAccountingPage() {
  const { t } = useTranslation('warehouse');
  const { id } = useParams();
  const orderId = /^[1-9]\d{0,8}$/.test(id ?? '') ? Number(id) : 0;
  const accounting = useOrderAccounting(orderId);
  const state = recordStateOf([accounting], orderId === 0);
  if (state !== 'ready' || !accounting.data) {
    return (
      <RecordPlaceholder
        state={state}
        back="/tms/orders"
        error={accounting.error}
        onRetry={() => void accounting.refetch()}
      />
    );
  }
  return (
    <Stack gap="md" maw={1200}>
      <Group justify="space-between" align="center">
        <Title order={2} size="h3" data-testid="order-accounting-title">
          {t('orderAccounting.title', { number: padId(accounting.data.orderNumber) })}
        </Title>
        <Anchor component={Link} to={`/tms/orders/${orderId}`} size="sm">
          <Group gap={4}>
            <IconArrowLeft size={14} />
            {t('orderAccounting.backToOrder')}
          </Group>
        </Anchor>
      </Group>
      <OrderWarehouseAccounting orderId={orderId} data={accounting.data} />
    </Stack>
  );
}
