import { type ResourceDescriptor, TRANSPORT_TYPE_LABELS, type TransportType } from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { padId } from '../../platform/format';
import type { ResourceScreenProps } from '../../platform/resources';
import type { Row } from '../../platform/resources/logic';
import { OneLine, ResourceList } from '../../platform/resources/ResourceList';
import { RouteCell, useColumns } from '../operations/lists';

/** The columns a request list opens with: who asks, for what route and transport, how far along. */
const COLUMNS = new Set(['number', 'clientName', 'route', 'transportTypes', 'status', 'createdAt']);

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

/** The engine's request list: padded numbers, the route's ends and the transport types, one line a row. */
export function RequestList({ descriptor, options }: ResourceScreenProps) {
  const shown: ResourceDescriptor = useColumns(descriptor, COLUMNS, LABELS);
  return (
    <ResourceList
      descriptor={shown}
      options={{ ...options, cells, oneLine: true, filterGroups: FILTER_GROUPS }}
    />
  );
}
