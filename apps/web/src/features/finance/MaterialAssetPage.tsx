import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { api } from '../../platform/api/client';
import type { Row } from '../../platform/resources/logic';
import { RECORD_LOAD, RecordPlaceholder, recordStateOf } from '../../platform/resources/RecordPage';
import { ResourceForm } from '../../platform/resources/ResourceForm';
import type { ResourceScreenProps } from '../../platform/resources/types';

/**
 * A material asset (`/material-assets/new`, `/{id}`); a new one of a bill (`/new?billId=`, the bill page's
 * "Add material asset") starts from the bill: its company, date, amount and currency, which the server holds
 * it to (spec §8).
 */
export function MaterialAssetPage(props: ResourceScreenProps) {
  const { id } = useParams();
  const [params] = useSearchParams();
  const billId = id === undefined ? Number(params.get('billId')) || null : null;
  const bill = useQuery({
    queryKey: ['resource', 'bill', billId],
    queryFn: ({ signal }) => api.get<Row>(`/finances/bills/${billId}`, { signal, ...RECORD_LOAD }),
    enabled: billId !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const state = billId !== null ? recordStateOf([bill]) : 'ready';
  if (state !== 'ready') {
    return (
      <RecordPlaceholder
        state={state}
        back={props.descriptor.path}
        error={bill.error}
        onRetry={() => void bill.refetch()}
      />
    );
  }
  // A new record's body, as the other start screens' (it has no id yet).
  const start = bill.data
    ? ({
        billId: bill.data.id,
        legalEntityId: bill.data.legalEntityId,
        acquisitionDate: bill.data.date,
        amount: bill.data.amount,
        currencyId: bill.data.currencyId,
      } as unknown as Row)
    : null;
  return <ResourceForm {...props} start={start} />;
}
