import { Badge, Text } from '@mantine/core';
import { DECLARATION_STATUS_LABELS, type DeclarationStatus, type ResourceDescriptor } from '@tms/domain';
import { useTranslation } from 'react-i18next';
import type { ResourceScreenProps } from '../../../platform/resources';
import type { Row } from '../../../platform/resources/logic';
import { ResourceList } from '../../../platform/resources/ResourceList';
import { useColumns } from '../../operations/lists';
import { STATUS_COLORS } from './logic';

/** The columns the list opens with: which DT, in what status, whose goods, where, who clears them. */
const COLUMNS = new Set([
  'number',
  'status',
  'clientName',
  'orderId',
  'customsPointId',
  'inspectionMode',
  'declarantId',
  'registrationDate',
]);

/** The client's name kept with the declaration is the client column: it sorts, where the reference cannot. */
const LABELS: Readonly<Record<string, string>> = { clientName: 'customsDeclarations.fields.clientId' };

const FILTER_GROUPS = [
  {
    label: 'customsDeclarations.filterGroups.status',
    fields: ['status', 'inspectionMode', 'registrationDate'],
  },
  {
    label: 'customsDeclarations.filterGroups.parties',
    fields: ['customsPointId', 'declarantId', 'customsSpecialistId', 'clientId', 'orderId'],
  },
  { label: 'customsDeclarations.filterGroups.procedure', fields: ['direction', 'procedureCode'] },
];

function StatusCell({ row }: { row: Row }) {
  const { i18n } = useTranslation();
  const status = row.status as DeclarationStatus;
  const label = DECLARATION_STATUS_LABELS[status]?.[i18n.language === 'en' ? 'en' : 'ru'] ?? status;
  return (
    <Badge
      variant="light"
      color={STATUS_COLORS[status] ?? 'gray'}
      tt="none"
      radius="sm"
      // Whole in the row: a one-line list's column may not squeeze a status to its first letters.
      style={{ minWidth: 'max-content' }}
      styles={{ label: { overflow: 'visible' } }}
    >
      {label}
    </Badge>
  );
}

/** Customs gives the number at registration: until then the declaration's id stands in, dimmed. */
function NumberCell({ row }: { row: Row }) {
  const { t } = useTranslation('customsDeclarations');
  if (row.number)
    return (
      <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
        {row.number as string}
      </Text>
    );
  return (
    <Text size="sm" c="dimmed" span style={{ whiteSpace: 'nowrap' }}>
      {t('noNumber')} · #{String(row.id).padStart(6, '0')}
    </Text>
  );
}

const cells = {
  number: (row: Row) => <NumberCell row={row} />,
  status: (row: Row) => <StatusCell row={row} />,
};

/** The engine's declaration list: numbers (a draft's id), status badges, filters kept in the address. */
export function DeclarationList({ descriptor, options }: ResourceScreenProps) {
  const shown: ResourceDescriptor = useColumns(descriptor, COLUMNS, LABELS);
  return (
    <ResourceList
      descriptor={shown}
      options={{ ...options, cells, oneLine: true, filterGroups: FILTER_GROUPS }}
    />
  );
}
