import { Button, Group } from '@mantine/core';
import { IconCopy, IconFileInvoice } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import {
  BILL_MESSAGES,
  BILL_ROLES,
  type ListResult,
  MATERIAL_ASSET_ROLES,
  PRINTABLE_BILL_ROLES,
} from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { api } from '../../platform/api/client';
import { hasRole } from '../../platform/auth/access';
import { useSystemData } from '../../platform/auth/system';
import { translateServerMessage } from '../../platform/i18n';
import { resourceKey } from '../../platform/resources/keys';
import type { Row } from '../../platform/resources/logic';
import { RECORD_LOAD, RecordPlaceholder, recordStateOf } from '../../platform/resources/RecordPage';
import { ResourceForm } from '../../platform/resources/ResourceForm';
import type { ResourceScreenProps } from '../../platform/resources/types';
import { BillBudgetItem } from './BillBudgetItem';

/**
 * The bill's printable bill (a link to it), or, for an income bill in none, the action that makes one.
 */
function PrintableBillLink({ bill }: { bill: Row }) {
  const { t } = useTranslation('finance');
  const system = useSystemData();
  const mayRead = hasRole(system, [...PRINTABLE_BILL_ROLES.view, ...PRINTABLE_BILL_ROLES.edit]);
  const found = useQuery({
    queryKey: ['resource', 'printable_bill', 'of-bill', bill.id],
    queryFn: ({ signal }) =>
      api.get<ListResult<Row>>('/finances/printable-bills', { query: { billIds: String(bill.id) }, signal }),
    enabled: mayRead,
  });
  const printable = found.data?.collection[0];
  if (printable) {
    return (
      <Button
        variant="default"
        size="sm"
        leftSection={<IconFileInvoice size={16} />}
        component={Link}
        to={`/finances/printable-bills/${printable.id}`}
        data-testid="bill-printable-bill"
      >
        {t('printableBills.open', { number: printable.number })}
      </Button>
    );
  }
  if (
    bill.direction !== 'INCOME' ||
    !hasRole(system, PRINTABLE_BILL_ROLES.create) ||
    (mayRead && !found.data)
  )
    return null;
  return (
    <Button
      variant="light"
      size="sm"
      leftSection={<IconFileInvoice size={16} />}
      component={Link}
      to={`/finances/printable-bills/from-bill/${bill.id}`}
      data-testid="bill-create-printable-bill"
    >
      {t('printableBills.create')}
    </Button>
  );
}

import { workflowBlocks } from '../workflows/recordBlocks';
import BillMaterialAssets from './BillMaterialAssets';
import BillPayments from './BillPayments';

/**
 * A bill (`/finances/bills/new`, `/{id}`), a copy of one (`/{sourceBillId}/copy`) and a new bill of an
 * order or a job (`/from-operation/{operationId}?operation=job&direction=EXPENSE`): the server answers the
 * body the new bill starts from (client or contractor, the job's cost); the rest is the resource's form.
 */
export function BillPage(props: ResourceScreenProps) {
  const { t } = useTranslation('finance');
  const system = useSystemData();
  const { id, sourceBillId, operationId } = useParams();
  const [search] = useSearchParams();
  const startUrl = sourceBillId
    ? `/finances/bills/${sourceBillId}/copy`
    : operationId
      ? `/finances/bills/from-operation/${operationId}?${search.toString()}`
      : null;
  const start = useQuery({
    queryKey: ['bill-start', startUrl],
    queryFn: ({ signal }) => api.get<Row>(startUrl!, { signal, ...RECORD_LOAD }),
    enabled: startUrl !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  // Frozen money: a bill of an order finance control accepted does not change; one of a closed month keeps
  // its money and orders (the server refuses either way; the form says so first).
  const billId = id && /^\d+$/.test(id) ? id : null;
  const frozen = useQuery({
    // Under the record's own key: a save refreshes it, a delete does not ask it again.
    queryKey: [...resourceKey(props.descriptor), 'record', Number(billId), 'frozen'],
    queryFn: ({ signal }) =>
      api.get<{ reason: string | null }>(`/finances/bills/${billId}/frozen`, { signal, ...RECORD_LOAD }),
    enabled: billId !== null,
  });
  const reason = frozen.data?.reason ?? null;
  const state = startUrl ? recordStateOf([start]) : 'ready';
  if (state !== 'ready') {
    return (
      <RecordPlaceholder
        state={state}
        back={props.descriptor.path}
        error={start.error}
        onRetry={() => void start.refetch()}
      />
    );
  }
  const canCopy = hasRole(system, BILL_ROLES.create);
  const canChangeBudget = hasRole(system, 'ROLE_BILL_BUDGET_CHANGE');
  const seesMaterialAssets = hasRole(system, MATERIAL_ASSET_ROLES.view);
  return (
    <ResourceForm
      {...props}
      options={{
        ...props.options,
        recordTabs: (record) => [
          {
            value: 'payments',
            label: t('payments.title'),
            testId: 'tab-payments',
            content: (
              <BillPayments
                bill={{ id: record.id, amount: String(record.amount), balance: String(record.balance) }}
              />
            ),
          },
          ...(seesMaterialAssets
            ? [
                {
                  value: 'material-assets',
                  label: t('bills.materialAssets'),
                  testId: 'tab-material-assets',
                  content: (
                    <BillMaterialAssets bill={{ id: record.id, direction: String(record.direction) }} />
                  ),
                },
              ]
            : []),
          ...workflowBlocks('bill', record.id),
        ],
      }}
      start={start.data ?? null}
      frozen={
        reason
          ? { message: translateServerMessage(reason), whole: reason === BILL_MESSAGES.operationLocked }
          : null
      }
      actions={(record) =>
        record && (
          <Group gap="xs">
            <PrintableBillLink bill={record} />
            {canChangeBudget && <BillBudgetItem bill={record} />}
            {canCopy && (
              <Button
                variant="default"
                size="sm"
                leftSection={<IconCopy size={16} />}
                component={Link}
                to={`/finances/bills/${record.id}/copy`}
                data-testid="bill-copy"
              >
                {t('bills.copy')}
              </Button>
            )}
          </Group>
        )
      }
    />
  );
}
