import { Badge, Text } from '@mantine/core';
import {
  CARGO_INSURANCE_STATUS_LABELS,
  type CargoInsuranceStatus,
  type ResourceDescriptor,
} from '@tms/domain';
import { useTranslation } from 'react-i18next';
import type { ResourceScreenProps } from '../../platform/resources';
import type { Row } from '../../platform/resources/logic';
import { ResourceList } from '../../platform/resources/ResourceList';
import { useColumns } from '../operations/lists';
import { STATUS_COLORS } from './logic';

/** The columns the list opens with (whole on a laptop): which certificate, in what status, whose cargo, for how much. */
const COLUMNS = new Set([
  'number',
  'status',
  'orderId',
  'clientName',
  'insuredAmount',
  'premium',
  'currencyId',
]);

/** The client's name kept with the certificate is the client column: it sorts, where the reference cannot. */
const LABELS: Readonly<Record<string, string>> = { clientName: 'insurance.certificates.fields.clientId' };

const FILTER_GROUPS = [
  { label: 'insurance.certificates.filterGroups.status', fields: ['status', 'periodFrom', 'issueDate'] },
  { label: 'insurance.certificates.filterGroups.parties', fields: ['orderId', 'clientId', 'policyId'] },
];

export function StatusBadge({ status }: { status: CargoInsuranceStatus }) {
  const { i18n } = useTranslation();
  return (
    <Badge
      variant="light"
      color={STATUS_COLORS[status] ?? 'gray'}
      tt="none"
      radius="sm"
      style={{ minWidth: 'max-content' }}
      styles={{ label: { overflow: 'visible' } }}
    >
      {CARGO_INSURANCE_STATUS_LABELS[status]?.[i18n.language === 'en' ? 'en' : 'ru'] ?? status}
    </Badge>
  );
}

/** The insurer gives the number at issue: until then the certificate's id stands in, dimmed. */
function NumberCell({ row }: { row: Row }) {
  const { t } = useTranslation('insurance');
  if (row.number)
    return (
      <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
        {row.number as string}
      </Text>
    );
  return (
    <Text size="sm" c="dimmed" span style={{ whiteSpace: 'nowrap' }}>
      {t('certificates.noNumber')} · #{String(row.id).padStart(6, '0')}
    </Text>
  );
}

const cells = {
  number: (row: Row) => <NumberCell row={row} />,
  status: (row: Row) => <StatusBadge status={row.status as CargoInsuranceStatus} />,
};

/** The engine's certificate list: numbers (an unissued one's id), status badges, filters kept in the address. */
export function CertificateList({ descriptor, options }: ResourceScreenProps) {
  const shown: ResourceDescriptor = useColumns(descriptor, COLUMNS, LABELS);
  return (
    <ResourceList
      descriptor={shown}
      options={{ ...options, cells, oneLine: true, filterGroups: FILTER_GROUPS }}
    />
  );
}
