import { Anchor, Badge, Group, Progress, Text } from '@mantine/core';
import { type ResourceDescriptor, routeEnds, routeEndsText } from '@tms/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { padId } from '../../platform/format';
import type { ResourceScreenProps } from '../../platform/resources';
import type { Row } from '../../platform/resources/logic';
import { OneLine, ResourceList } from '../../platform/resources/ResourceList';

/**
 * The padded number, marked when the record is archived: lists show archived orders and jobs beside live
 * ones, and the marker sits before the number so the right-aligned numbers stay in one column.
 */
function OperationNumber({ row }: { row: Row }) {
  const { t } = useTranslation('operations');
  return (
    // At its full width: the table's automatic layout squeezed a flex row below it, clipping the badge.
    <Group gap={6} justify="flex-end" wrap="nowrap" miw="max-content">
      {row.archived === true && (
        <Badge size="sm" variant="filled" color="gray.7" tt="none" data-testid="row-archived">
          {t('badges.archived')}
        </Badge>
      )}
      {padId(row.number as number)}
    </Group>
  );
}

const number = (row: Row) => <OperationNumber row={row} />;

/** Where the shipment goes: the first dispatch place → the last delivery place, the addresses on hover. */
export function RouteCell({ row }: { row: Row }) {
  const text = routeEndsText(row.route as never);
  if (!text) return null;
  return <OneLine title={routeEnds(row.route as never).title}>{text}</OneLine>;
}

/** How many of the order's stages are closed, as a count and a bar. */
function StageProgress({ row }: { row: Row }) {
  const { t } = useTranslation('operations');
  const total = Number(row.stagesTotal ?? 0);
  const closed = Number(row.stagesClosed ?? 0);
  if (!total) return null;
  const label = t('list.stagesClosed', { closed, total });
  return (
    <Group gap={6} wrap="nowrap" title={label}>
      <Progress value={(closed / total) * 100} w={48} size="sm" aria-label={label} />
      <Text size="sm" span>
        {closed}/{total}
      </Text>
    </Group>
  );
}

/**
 * The columns an order list opens with: what a forwarder scans (who, what, where and when, how far along),
 * one line a row; the others are in the column choice.
 */
const ORDER_COLUMNS = new Set([
  'number',
  'clientName',
  'productName',
  'route',
  'dispatchDate',
  'deliveryDate',
  'stagesClosed',
  'financeControlStatus',
]);

/**
 * The client's and the product's names (as kept with the order) are the client and product columns: they
 * sort, where the references cannot. Short headers keep the row within a 1440 px screen.
 */
const ORDER_LABELS: Readonly<Record<string, string>> = {
  clientName: 'operations.fields.clientId',
  productName: 'operations.fields.productId',
  dispatchDate: 'operations.list.dispatch',
  deliveryDate: 'operations.list.delivery',
  financeControlStatus: 'operations.list.financeControl',
};

/** The same for jobs. */
const JOB_COLUMNS = new Set([
  'number',
  'jobTypeId',
  'contractorId',
  'orderIds',
  'dispatchDate',
  'costAmount',
  'costCurrencyId',
  'financeControlStatus',
]);

const NO_LABELS: Readonly<Record<string, string>> = {};

/** The descriptor with the list's opening columns (in this order), some under another label. */
export function useColumns(
  descriptor: ResourceDescriptor,
  columns: ReadonlySet<string>,
  labels: Readonly<Record<string, string>> = NO_LABELS,
): ResourceDescriptor {
  return useMemo(() => {
    const order = [...columns];
    const rank = (name: string) => (columns.has(name) ? order.indexOf(name) : order.length);
    const fields = descriptor.fields
      .map((f) => ({ ...f, listed: columns.has(f.name), label: labels[f.name] ?? f.label }))
      .sort((a, b) => rank(a.name) - rank(b.name));
    return { ...descriptor, fields };
  }, [descriptor, columns, labels]);
}

/** The order list's filters in groups, as a forwarder looks for an order. */
const ORDER_FILTER_GROUPS = [
  {
    label: 'operations.filterGroups.parties',
    fields: ['clientId', 'contractorIds', 'forwarderId', 'sellerId', 'curatorIds', 'serviceOfficeId'],
  },
  {
    label: 'operations.filterGroups.routeAndDates',
    fields: ['dispatchDate', 'deliveryDate', 'stageDue', 'completionDate', 'transportType'],
  },
  {
    label: 'operations.filterGroups.statuses',
    fields: [
      'financeControlStatus',
      'cargoInsuranceStatus',
      'tnvedControlStatus',
      'transfersStatus',
      'markingStatus',
      'inWarehouse',
      'archived',
      'failure',
      'damaged',
    ],
  },
  { label: 'operations.filterGroups.cargo', fields: ['productId', 'serviceId'] },
];

const orderCells = {
  number,
  route: (row: Row) => <RouteCell row={row} />,
  stagesClosed: (row: Row) => <StageProgress row={row} />,
};

/**
 * The engine's order list: numbers padded to 6 digits and archived ones marked, the route's ends and the
 * stage progress, one line a row.
 */
export function OrderList({ descriptor, options }: ResourceScreenProps) {
  const shown = useColumns(descriptor, ORDER_COLUMNS, ORDER_LABELS);
  return (
    <ResourceList
      descriptor={shown}
      options={{ ...options, cells: orderCells, oneLine: true, filterGroups: ORDER_FILTER_GROUPS }}
    />
  );
}

/** The orders of a job as links, each number padded. */
export function orderLinks(row: Row) {
  const ids = Array.isArray(row.orderIds) ? (row.orderIds as number[]) : [];
  return ids.map((id, index) => (
    <span key={id}>
      {index > 0 && ', '}
      <Anchor
        component={Link}
        to={`/tms/orders/${id}`}
        size="sm"
        onClick={(event) => event.stopPropagation()}
        onKeyDown={(event) => event.stopPropagation()}
      >
        {padId(id)}
      </Anchor>
    </span>
  ));
}

/** The engine's job list: padded numbers (archived ones marked), and the orders as links to them. */
export function JobList({ descriptor, options }: ResourceScreenProps) {
  const shown = useColumns(descriptor, JOB_COLUMNS);
  return (
    <ResourceList descriptor={shown} options={{ ...options, cells: { number, orderIds: orderLinks } }} />
  );
}
