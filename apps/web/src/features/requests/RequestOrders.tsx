import { Anchor, Button, Group, Text } from '@mantine/core';
import { IconFilePlus } from '@tabler/icons-react';
import {
  type CustomerRequest,
  orderResource,
  ordersFromRequestAllowed,
  type RequestStatus,
} from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasRole } from '../../platform/auth/access';
import { useSystemData } from '../../platform/auth/system';
import { padId } from '../../platform/format';
import { accessOf } from '../../platform/resources/logic';
import { useRequestOrders } from '../operations/api';

/**
 * "Create order" on a request, for who may create orders and only in the statuses orders are made from
 * (docs/requests.md "An order from a request"): the new-order form filled from the request.
 */
export function CreateOrderAction({ request }: { request: CustomerRequest }) {
  const { t } = useTranslation('requests');
  const system = useSystemData();
  if (!accessOf(orderResource, system.roles).create) return null;
  if (!ordersFromRequestAllowed(request.status as RequestStatus)) return null;
  return (
    <Button
      size="sm"
      leftSection={<IconFilePlus size={16} />}
      component={Link}
      to={`/tms/orders/new/from-request/${request.id}`}
      data-testid="request-create-order"
    >
      {t('orders.create')}
    </Button>
  );
}

/** The orders made from the request, each a link to its page (those the user's order scope reaches), in the header. */
export function RequestOrders({ request }: { request: CustomerRequest }) {
  const { t } = useTranslation('requests');
  const system = useSystemData();
  const canRead = hasRole(system, [...orderResource.roles.view, ...orderResource.roles.edit]);
  const orders = useRequestOrders(request.id, canRead);
  const rows = orders.data?.collection ?? [];
  if (!canRead || !orders.data) return null;
  return (
    <Group gap="xs" data-testid="request-orders">
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('orders.none')}
        </Text>
      ) : (
        rows.map((order) => (
          <Anchor key={order.id} component={Link} to={`/tms/orders/${order.id}`} size="sm">
            {padId(order.number)}
          </Anchor>
        ))
      )}
    </Group>
  );
}
