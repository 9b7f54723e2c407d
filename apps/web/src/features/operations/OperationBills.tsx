import { Center, Loader } from '@mantine/core';
import { type Job, LOCKING_FINANCE_CONTROL_STATUSES, type Order } from '@tms/domain';
import { lazy, Suspense } from 'react';

// The finance feature's block loads with the tab, not with the order page.
const BillsBlock = lazy(() => import('../finance/BillsBlock'));

/** The bills block of an order or a job; an archived or finance-accepted operation takes no new bills. */
export function OperationBills({ operation, record }: { operation: 'order' | 'job'; record: Order | Job }) {
  const locked =
    record.archived ||
    (LOCKING_FINANCE_CONTROL_STATUSES as readonly string[]).includes(record.financeControlStatus);
  return (
    <Suspense
      fallback={
        <Center py="md">
          <Loader size="sm" />
        </Center>
      }
    >
      <BillsBlock operation={operation} id={record.id} locked={locked} />
    </Suspense>
  );
}
