import { Button } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { INSURANCE_ROLES } from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../platform/api/client';
import { hasRole } from '../../platform/auth/access';
import { useSystemData } from '../../platform/auth/system';

/**
 * The order's way to its insurance certificate (or to insuring its cargo), for the insurance roles: the
 * certificate is looked up by the order, one at most.
 */
export function OrderInsuranceLink({ orderId }: { orderId: number }) {
  const { t } = useTranslation('insurance');
  const system = useSystemData();
  const reads = hasRole(system, INSURANCE_ROLES.view);
  const found = useQuery({
    // Under the certificates' key: a certificate's save or move refreshes it.
    queryKey: ['resource', 'insurance_certificate', 'of-order', orderId],
    queryFn: ({ signal }) =>
      api.get<{ collection: Array<{ id: number }> }>(`/tms/cargo-insurance?orderId=${orderId}`, { signal }),
    enabled: reads,
  });
  if (!reads || !found.data) return null;
  const certificate = found.data.collection[0];
  if (!certificate && !hasRole(system, INSURANCE_ROLES.edit)) return null;
  return (
    <Button
      variant="default"
      size="sm"
      leftSection={<IconShieldCheck size={16} />}
      component={Link}
      to={
        certificate ? `/tms/cargo-insurance/${certificate.id}` : `/tms/cargo-insurance/new?orderId=${orderId}`
      }
      data-testid="order-insurance"
    >
      {certificate ? t('certificates.openCertificate') : t('certificates.createCertificate')}
    </Button>
  );
}
