import { Center, Loader } from '@mantine/core';
import { IconBarcode } from '@tabler/icons-react';
import type { Order } from '@tms/domain';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecordTab } from '../../platform/resources/RecordPage';

// The block's code loads with its tab, not with the order page.
const MarkingBlock = lazy(() => import('./MarkingBlock').then((m) => ({ default: m.MarkingBlock })));

function MarkingTitle() {
  const { t } = useTranslation('marking');
  return <>{t('block.title')}</>;
}

/** The order page's marking block, for an order whose goods need marking (Честный ЗНАК). */
export function orderMarkingBlocks(order: Order): RecordTab[] {
  if (order.markingStatus === 'not_required') return [];
  return [
    {
      value: 'marking',
      label: <MarkingTitle />,
      icon: <IconBarcode size={14} />,
      testId: 'tab-marking',
      content: (
        <Suspense
          fallback={
            <Center py="md">
              <Loader size="sm" />
            </Center>
          }
        >
          <MarkingBlock orderId={order.id} />
        </Suspense>
      ),
    },
  ];
}
