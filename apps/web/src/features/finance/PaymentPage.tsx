import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { type ApiError, api } from '../../platform/api/client';
import type { Row } from '../../platform/resources/logic';
import { RecordPlaceholder } from '../../platform/resources/RecordPage';
import { ResourceForm } from '../../platform/resources/ResourceForm';
import { useResourceTexts } from '../../platform/resources/texts';
import type { ResourceScreenProps } from '../../platform/resources/types';

/**
 * A payment (`/finances/payments/new`, `/{id}`) and a new payment of a bill (`/new/by-bill/{billId}`): the
 * server answers the body it starts from (the bill's form, counterparty and open balance, linked to it);
 * the rest is the resource's form with the links editor.
 */
export function PaymentPage(props: ResourceScreenProps) {
  const { billId } = useParams();
  const texts = useResourceTexts(props.descriptor);
  const startUrl = billId ? `/finances/payments/by-bill/${billId}` : null;
  const start = useQuery({
    queryKey: ['payment-start', startUrl],
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
  return <ResourceForm {...props} start={start.data ?? null} />;
}
