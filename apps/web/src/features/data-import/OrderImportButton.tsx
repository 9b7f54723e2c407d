import { Button } from '@mantine/core';
import { IconDatabaseImport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasRole } from '../../platform/auth/access';
import { useSystemData } from '../../platform/auth/system';

/** The order page's way to `/data-import/initiator/order/{id}`: for the holders of the data import role. */
export function OrderImportButton({ orderId }: { orderId: number }) {
  const { t } = useTranslation('dataImport');
  const system = useSystemData();
  if (!hasRole(system, 'ROLE_DATA_IMPORT')) return null;
  return (
    <Button
      variant="default"
      size="sm"
      leftSection={<IconDatabaseImport size={16} />}
      component={Link}
      to={`/data-import/initiator/order/${orderId}`}
      data-testid="order-import"
    >
      {t('initiator.action')}
    </Button>
  );
}
