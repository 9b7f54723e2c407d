import { Stack } from '@mantine/core';
import {
  type CounterpartyDriver,
  counterpartyDriverResource,
  counterpartyVehicleResource,
  type DriverVerificationStatus,
} from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { hasRole } from '../../platform/auth/access';
import { useSystemData } from '../../platform/auth/system';
import { SubResourceList } from '../../platform/resources/SubResourceList';
import { DriverVerification, VerificationBadge } from './DriverVerification';

const DRIVER_CELLS = {
  verificationStatus: (row: Record<string, unknown>) => (
    <VerificationBadge status={row.verificationStatus as DriverVerificationStatus} />
  ),
};

/**
 * A carrier's drivers and vehicles on his counterparty page: each driver's verification status on his
 * row, and in his dialog the verification's steps and history.
 */
export function CarrierTransportTab({
  counterpartyId,
  canEdit,
}: {
  counterpartyId: number;
  canEdit: boolean;
}) {
  const { t } = useTranslation('counterparties');
  const system = useSystemData();
  const canVerify = hasRole(system, 'ROLE_DRIVER_VERIFICATION');
  return (
    <Stack gap="xl">
      <SubResourceList
        descriptor={counterpartyDriverResource}
        parent={{ field: 'counterpartyId', id: counterpartyId }}
        canEdit={canEdit}
        heading={t('transport.drivers')}
        cells={DRIVER_CELLS}
        recordExtra={(record, close) => (
          <DriverVerification
            driver={record as unknown as CounterpartyDriver}
            canSubmit={canEdit}
            canVerify={canVerify}
            onChanged={close}
          />
        )}
      />
      <SubResourceList
        descriptor={counterpartyVehicleResource}
        parent={{ field: 'counterpartyId', id: counterpartyId }}
        canEdit={canEdit}
        heading={t('transport.vehicles')}
      />
    </Stack>
  );
}
