import type { ResourceDescriptor } from '@tms/domain';
import { padId } from '../../platform/format';
import type { ResourceScreenProps } from '../../platform/resources';
import type { Row } from '../../platform/resources/logic';
import { ResourceList } from '../../platform/resources/ResourceList';
import { useColumns } from '../operations/lists';
import { LotProgress } from './HyperLotProgress';

/** The columns a hyper request list opens with: which tender of which client, by when, how far along. */
const COLUMNS = new Set([
  'number',
  'name',
  'clientName',
  'tenderNumber',
  'deadline',
  'lotStatusCounts',
  'createdAt',
]);

const FILTER_GROUPS = [
  {
    label: 'hyperRequests.filterGroups.parties',
    fields: ['clientId', 'sellerId', 'forwarderId', 'serviceOfficeId'],
  },
  {
    label: 'hyperRequests.filterGroups.statusAndDates',
    fields: ['lotStatus', 'deadline', 'createdAt'],
  },
];

const cells = {
  number: (row: Row) => padId(row.number as number),
  lotStatusCounts: (row: Row) => (
    <LotProgress counts={row.lotStatusCounts as Record<string, number>} compact />
  ),
};

/** The engine's hyper request list: padded numbers and the lots' progress by request status. */
export function HyperRequestList({ descriptor, options }: ResourceScreenProps) {
  const shown: ResourceDescriptor = useColumns(descriptor, COLUMNS);
  return (
    <ResourceList
      descriptor={shown}
      options={{ ...options, cells, oneLine: true, filterGroups: FILTER_GROUPS }}
    />
  );
}
