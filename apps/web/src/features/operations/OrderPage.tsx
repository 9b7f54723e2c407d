import { Badge, Button, Text } from '@mantine/core';
import { IconCopy, IconReceipt, IconTruckDelivery } from '@tabler/icons-react';
import type { Order, OrderCreate } from '@tms/domain';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { hasRole } from '../../platform/auth/access';
import { useSystemData } from '../../platform/auth/system';
import { padId } from '../../platform/format';
import type { ResourceScreenProps } from '../../platform/resources';
import { accessOf } from '../../platform/resources/logic';
import { useResourceTexts } from '../../platform/resources/texts';
import { OrderImportButton } from '../data-import/OrderImportButton';
import { orderMarkingBlocks } from '../marking/orderBlocks';
import { orderOfferBlocks } from '../requests/offerTabs';
import { useRequestCustomFields } from '../requests/orderCustomFields';
import { orderShipmentDocumentBlocks } from '../shipment-documents/orderBlocks';
import { orderWarehouseBlocks } from '../warehouse/orderBlocks';
import { workflowBlocks } from '../workflows/recordBlocks';
import { JobsBlock } from './JobsBlock';
import { type OrderFormValues, orderFormValuesOf } from './logic';
import { OperationBills } from './OperationBills';
import { OrderHeader } from './OperationHeader';
import { OrderForm } from './OrderForm';
import { OperationPage, useOperationPage } from './operationPage';

/**
 * The order page: `/tms/orders/new`, a copy at `/tms/orders/copy/{sourceId}` and an order from a customer
 * request at `/tms/orders/new/from-request/{requestId}` (the server's body as the starting values) and `/tms/orders/{id}` with the blocks main, route, jobs and files, its statuses,
 * archive and copy.
 */
export function OrderPage({ descriptor }: ResourceScreenProps) {
  const { t } = useTranslation('operations');
  const texts = useResourceTexts(descriptor);
  const system = useSystemData();
  const { sourceId, requestId } = useParams();
  const valuesOf = useCallback(
    (source: Order | OrderCreate | null) =>
      source ? orderFormValuesOf(source) : orderFormValuesOf(null, { forwarderId: system.user.id }),
    [system.user.id],
  );
  const page = useOperationPage<Order, OrderFormValues, OrderCreate>({
    descriptor,
    starting:
      requestId === undefined
        ? { key: 'order-copy', param: sourceId, url: (id) => `/tms/orders/copy/${id}` }
        : { key: 'order-from-request', param: requestId, url: (id) => `/requests/${id}/order` },
    valuesOf,
  });
  useRequestCustomFields(page.form, requestId);
  const { current } = page;
  const access = accessOf(descriptor, system.roles);

  const badges = current && (
    <>
      {current.failure && (
        <Badge variant="filled" color="red.9" tt="none">
          {t('badges.failure')}
        </Badge>
      )}
      {current.damaged && (
        <Badge variant="outline" color="red.9" tt="none">
          {t('badges.damaged')}
        </Badge>
      )}
      {current.inWarehouse && (
        <Badge variant="outline" color="grape.8" tt="none">
          {t('badges.inWarehouse')}
        </Badge>
      )}
    </>
  );
  const actions = current && (
    <>
      {access.create && (
        <Button
          variant="default"
          size="sm"
          leftSection={<IconCopy size={16} />}
          component={Link}
          to={`/tms/orders/copy/${current.id}`}
          data-testid="order-copy"
        >
          {t('actions.copy')}
        </Button>
      )}
      <OrderImportButton orderId={current.id} />
    </>
  );

  return (
    <OperationPage
      descriptor={descriptor}
      texts={texts}
      page={page}
      form={OrderForm}
      title={
        current ? (
          <>
            {t('orders.item')} <span data-testid="order-number">{padId(current.number)}</span>
            <Text span c="dimmed" fw={400} ml="sm" inherit>
              {current.clientName}
            </Text>
          </>
        ) : sourceId ? (
          t('orders.copyOf', { number: padId(sourceId) })
        ) : requestId ? (
          t('orders.fromRequest', { number: padId(requestId) })
        ) : (
          t('orders.new')
        )
      }
      blocksOf={(order) => [
        {
          value: 'bills',
          label: t('blocks.bills'),
          icon: <IconReceipt size={14} />,
          testId: 'tab-bills',
          content: <OperationBills operation="order" record={order} />,
        },
        {
          value: 'jobs',
          label: t('blocks.jobs'),
          icon: <IconTruckDelivery size={14} />,
          testId: 'tab-jobs',
          content: <JobsBlock order={order} />,
        },
        ...orderShipmentDocumentBlocks(order),
        ...orderOfferBlocks(order),
        ...workflowBlocks('order', order.id),
        ...orderWarehouseBlocks(order, (roles) => hasRole(system, roles)),
        ...orderMarkingBlocks(order),
      ]}
      header={(order, statuses) => <OrderHeader order={order} descriptor={descriptor} statuses={statuses} />}
      badges={badges}
      actions={actions}
    />
  );
}
