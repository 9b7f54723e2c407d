import { Button, Group } from '@mantine/core';
import { IconCash, IconCopy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { INTERNAL_TRANSFER_ROLES, PAYMENT_ROLES } from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { api } from '../../platform/api/client';
import { hasRole } from '../../platform/auth/access';
import { useSystemData } from '../../platform/auth/system';
import type { Row } from '../../platform/resources/logic';
import { RECORD_LOAD, RecordPlaceholder, recordStateOf } from '../../platform/resources/RecordPage';
import { ResourceForm } from '../../platform/resources/ResourceForm';
import type { ResourceScreenProps } from '../../platform/resources/types';

/**
 * An internal transfer (`/finances/internal-transfers/new`, `/{id}`), a copy of one (`/copy/{copySourceId}`)
 * and a transfer of an order (`/from-order/{orderId}`): the server answers the body a new one starts from
 * (the copy dated today; the order's income and expense payment forms); the rest is the resource's form.
 * A saved transfer does not change; its two payments are in the payments list.
 */
export function InternalTransferPage(props: ResourceScreenProps) {
  const { t } = useTranslation('finance');
  const system = useSystemData();
  const { copySourceId, orderId } = useParams();
  const startUrl = copySourceId
    ? `/finances/internal-transfers/copy/${copySourceId}`
    : orderId
      ? `/finances/internal-transfers/from-order/${orderId}`
      : null;
  const start = useQuery({
    queryKey: ['internal-transfer-start', startUrl],
    queryFn: ({ signal }) => api.get<Row>(startUrl!, { signal, ...RECORD_LOAD }),
    enabled: startUrl !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const state = startUrl ? recordStateOf([start]) : 'ready';
  if (state !== 'ready') {
    return (
      <RecordPlaceholder
        state={state}
        back={props.descriptor.path}
        error={start.error}
        onRetry={() => void start.refetch()}
      />
    );
  }
  const canCopy = hasRole(system, INTERNAL_TRANSFER_ROLES.create);
  const seesPayments = hasRole(system, PAYMENT_ROLES.view);
  return (
    <ResourceForm
      {...props}
      start={start.data ?? null}
      actions={(record) =>
        record && (
          <Group gap="xs">
            {seesPayments && (
              <Button
                variant="default"
                size="sm"
                leftSection={<IconCash size={16} />}
                component={Link}
                to={`/finances/payments?internalTransferId=${record.id}`}
                data-testid="internal-transfer-payments"
              >
                {t('internalTransfers.payments')}
              </Button>
            )}
            {canCopy && (
              <Button
                variant="default"
                size="sm"
                leftSection={<IconCopy size={16} />}
                component={Link}
                to={`/finances/internal-transfers/copy/${record.id}`}
                data-testid="internal-transfer-copy"
              >
                {t('internalTransfers.copy')}
              </Button>
            )}
          </Group>
        )
      }
    />
  );
}
