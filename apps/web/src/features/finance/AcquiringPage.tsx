import { Button } from '@mantine/core';
import { IconCash } from '@tabler/icons-react';
import { PAYMENT_ROLES } from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasRole } from '../../platform/auth/access';
import { useSystemData } from '../../platform/auth/system';
import { ResourceForm } from '../../platform/resources/ResourceForm';
import type { ResourceScreenProps } from '../../platform/resources/types';

/**
 * A bank acquiring operation (`/bank-acquiring/new`, `/{id}`): the resource's form (the commission from its
 * amount or its rate, the bills paid); a saved one does not change, and its incoming payment of the gross is
 * a click away for those who read payments.
 */
export function AcquiringPage(props: ResourceScreenProps) {
  const { t } = useTranslation('finance');
  const system = useSystemData();
  const seesPayments = hasRole(system, PAYMENT_ROLES.view);
  return (
    <ResourceForm
      {...props}
      actions={(record) =>
        record &&
        seesPayments && (
          <Button
            variant="default"
            size="sm"
            leftSection={<IconCash size={16} />}
            component={Link}
            to={`/finances/payments/${record.paymentId}`}
            data-testid="acquiring-payment"
          >
            {t('acquiring.payment')}
          </Button>
        )
      }
    />
  );
}
