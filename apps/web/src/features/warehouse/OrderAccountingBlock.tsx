import { RecordPlaceholder, recordStateOf } from '../../platform/resources/RecordPage';
import { OrderWarehouseAccounting, useOrderAccounting } from './OrderWarehouseAccounting';

/** The order's warehouse accounting as it loads: a wait, "not found", a retry after a failure, the block. */
export function OrderAccountingBlock({ orderId }: { orderId: number }) {
  const accounting = useOrderAccounting(orderId);
  const state = recordStateOf([accounting]);
  if (state !== 'ready' || !accounting.data) {
    return (
      <RecordPlaceholder
        state={state}
        back={`/tms/orders/${orderId}`}
        error={accounting.error}
        onRetry={() => void accounting.refetch()}
      />
    );
  }
  return <OrderWarehouseAccounting orderId={orderId} data={accounting.data} />;
}
