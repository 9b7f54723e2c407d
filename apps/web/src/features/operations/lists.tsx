import { Anchor, Badge, Group } from '@mantine/core';
import type { ResourceDescriptor } from '@tms/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { padId } from '../../platform/format';
import type { ResourceScreenProps } from '../../platform/resources';
import type { Row } from '../../platform/resources/logic';
import { ResourceList } from '../../platform/resources/ResourceList';

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

/** The columns an order list opens with: what a forwarder scans; the others are in the column choice. */
const ORDER_COLUMNS = new Set([
  'number',
  'clientId',
  'productId',
  'forwarderId',
  'dispatchDate',
  'deliveryDate',
  'cargoDescription',
  'financeControlStatus',
]);

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

/** The descriptor with the list's opening columns. */
function useColumns(descriptor: ResourceDescriptor, columns: ReadonlySet<string>): ResourceDescriptor {
  return useMemo(
    () => ({ ...descriptor, fields: descriptor.fields.map((f) => ({ ...f, listed: columns.has(f.name) })) }),
    [descriptor, columns],
  );
}

/** The engine's order list with numbers padded to 6 digits and archived ones marked. */
export function OrderList({ descriptor, options }: ResourceScreenProps) {
  const shown = useColumns(descriptor, ORDER_COLUMNS);
  return <ResourceList descriptor={shown} options={{ ...options, cells: { number } }} />;
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
