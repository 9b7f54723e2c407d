import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { type ApiError, api } from '../../platform/api/client';
import type { Row } from '../../platform/resources/logic';
import { RecordPlaceholder } from '../../platform/resources/RecordPage';
import { ResourceForm } from '../../platform/resources/ResourceForm';
import { useResourceTexts } from '../../platform/resources/texts';
import type { ResourceScreenProps } from '../../platform/resources/types';

/**
 * A material asset (`/material-assets/new`, `/{id}`); a new one of a bill (`/new?billId=`, the bill page's
 * "Add material asset") starts from the bill: its company, date, amount and currency, which the server holds
 * it to (spec §8).
 */
export function MaterialAssetPage(props: ResourceScreenProps) {
  const { id } = useParams();
  const [params] = useSearchParams();
  const texts = useResourceTexts(props.descriptor);
  const billId = id === undefined ? Number(params.get('billId')) || null : null;
  const bill = useQuery({
    queryKey: ['resource', 'bill', billId],
    queryFn: ({ signal }) => api.get<Row>(`/finances/bills/${billId}`, { signal }),
    enabled: billId !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (billId !== null && !bill.data) {
    return (
      <RecordPlaceholder
        notFound={(bill.error as ApiError | null)?.status === 404}
        texts={texts}
        path={props.descriptor.path}
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
