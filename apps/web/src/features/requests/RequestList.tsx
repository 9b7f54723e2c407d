import { Button, Group, Stack } from '@mantine/core';
import { IconFilePlus } from '@tabler/icons-react';
import { type ResourceDescriptor, TRANSPORT_TYPE_LABELS, type TransportType } from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSystemData } from '../../platform/auth/system';
import { padId } from '../../platform/format';
import type { ResourceScreenProps } from '../../platform/resources';
import { accessOf, type Row } from '../../platform/resources/logic';
import { OneLine, ResourceList } from '../../platform/resources/ResourceList';
import { RouteCell, useColumns } from '../operations/lists';

/** The columns a request list opens with: who asks, for what route and transport, how far along. */
const COLUMNS = new Set([
  'number',
  'clientName',
  'route',
  'transportTypes',
  'status',
  'customsStatus',
  'createdAt',
]);

/** The client's name kept with the request is the client column: it sorts, where the reference cannot. */
const LABELS: Readonly<Record<string, string>> = { clientName: 'requests.fields.clientId' };

const FILTER_GROUPS = [
  {
    label: 'requests.filterGroups.parties',
    fields: ['clientId', 'sellerId', 'forwarderId', 'serviceOfficeId'],
  },
  {
    label: 'requests.filterGroups.statusAndDates',
    fields: ['status', 'complexMark', 'createdAt', 'dispatchDate', 'deliveryDate'],
  },
  {
    label: 'requests.filterGroups.customs',
    fields: ['customs', 'customsStatus', 'declarantId', 'customsSpecialistId'],
  },
];

/** The transport types wanted, in the reader's language. */
function TransportTypes({ row }: { row: Row }) {
  const { i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'ru';
  const types = Array.isArray(row.transportTypes) ? (row.transportTypes as TransportType[]) : [];
  return <OneLine>{types.map((type) => TRANSPORT_TYPE_LABELS[type]?.[lang] ?? type).join(', ')}</OneLine>;
}

const cells = {
  number: (row: Row) => padId(row.number as number),
  route: (row: Row) => <RouteCell row={row} />,
  transportTypes: (row: Row) => <TransportTypes row={row} />,
};

/**
 * The engine's request list: padded numbers, the route's ends, the transport types and the customs status,
 * one line a row; a customs request is made from its own button (its page is `/requests/customs/new`).
 */
export function RequestList({ descriptor, options }: ResourceScreenProps) {
  const { t } = useTranslation('requests');
  const system = useSystemData();
  const shown: ResourceDescriptor = useColumns(descriptor, COLUMNS, LABELS);
  return (
    <Stack gap="xs">
      {accessOf(descriptor, system.roles).create && (
        <Group justify="flex-end">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconFilePlus size={14} />}
            component={Link}
            to="/requests/customs/new"
            data-testid="request-create-customs"
          >
            {t('customs.create')}
          </Button>
        </Group>
      )}
      <ResourceList
        descriptor={shown}
        options={{ ...options, cells, oneLine: true, filterGroups: FILTER_GROUPS }}
      />
    </Stack>
  );
}
