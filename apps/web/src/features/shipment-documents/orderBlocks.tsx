import { Center, Loader } from '@mantine/core';
import { IconFileCertificate } from '@tabler/icons-react';
import type { Order } from '@tms/domain';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecordTab } from '../../platform/resources/RecordPage';

// The block's code loads with its tab, not with the order page.
const OrderDocumentsBlock = lazy(() =>
  import('./OrderDocumentsBlock').then((m) => ({ default: m.OrderDocumentsBlock })),
);

function OrderDocumentsTitle() {
  const { t } = useTranslation('shipmentDocuments');
  return <>{t('orderDocuments.title')}</>;
}

/** The order page's block of its forwarding receipts and customer applications. */
export function orderShipmentDocumentBlocks(order: Order): RecordTab[] {
  return [
    {
      value: 'shipment-documents',
      label: <OrderDocumentsTitle />,
      icon: <IconFileCertificate size={14} />,
      testId: 'tab-shipment-documents',
      content: (
        <Suspense
          fallback={
            <Center py="md">
              <Loader size="sm" />
            </Center>
          }
        >
          <OrderDocumentsBlock orderId={order.id} />
        </Suspense>
      ),
    },
  ];
}
