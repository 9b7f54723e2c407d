import { Button } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { BILL_ROLES } from '@tms/domain';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { type ApiError, api } from '../../platform/api/client';
import { hasRole } from '../../platform/auth/access';
import { useSystemData } from '../../platform/auth/system';
import type { Row } from '../../platform/resources/logic';
import { RecordPlaceholder } from '../../platform/resources/RecordPage';
import { ResourceForm } from '../../platform/resources/ResourceForm';
import { useResourceTexts } from '../../platform/resources/texts';
import type { ResourceScreenProps } from '../../platform/resources/types';
import BillPayments from './BillPayments';

/**
 * A bill (`/finances/bills/new`, `/{id}`), a copy of one (`/{sourceBillId}/copy`) and a new bill of an
 * order or a job (`/from-operation/{operationId}?operation=job&direction=EXPENSE`): the server answers the
 * body the new bill starts from (client or contractor, the job's cost); the rest is the resource's form.
 */
export function BillPage(props: ResourceScreenProps) {
  const { t } = useTranslation('finance');
  const system = useSystemData();
  const { sourceBillId, operationId } = useParams();
  const [search] = useSearchParams();
  const texts = useResourceTexts(props.descriptor);
  const startUrl = sourceBillId
    ? `/finances/bills/${sourceBillId}/copy`
    : operationId
      ? `/finances/bills/from-operation/${operationId}?${search.toString()}`
      : null;
  const start = useQuery({
    queryKey: ['bill-start', startUrl],
    queryFn: ({ signal }) => api.get<Row>(startUrl!, { signal }),
    enabled: startUrl !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (startUrl && !start.data) {
    return (
      <RecordPlaceholder
        notFound={(start.error as ApiError | null)?.status === 404}
        texts={texts}
        path={props.descriptor.path}
      />
    );
  }
  const canCopy = hasRole(system, BILL_ROLES.create);
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
        ],
      }}
      start={start.data ?? null}
      actions={(record) =>
        record &&
        canCopy && (
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
        )
      }
    />
  );
}
