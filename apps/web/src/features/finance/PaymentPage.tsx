import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { type ApiError, api } from '../../platform/api/client';
import type { Row } from '../../platform/resources/logic';
import { RecordPlaceholder } from '../../platform/resources/RecordPage';
import { ResourceForm } from '../../platform/resources/ResourceForm';
import { useResourceTexts } from '../../platform/resources/texts';
import type { ResourceScreenProps } from '../../platform/resources/types';
import { FieldInput, type FieldWidgetProps } from '../../platform/resources/widgets';

/** A saved payment's own fields: shown, never changed (only its links change). */
function Fixed(props: FieldWidgetProps) {
  return <FieldInput {...props} disabled />;
}

/**
 * A payment (`/finances/payments/new`, `/{id}`) and a new payment of a bill (`/new/by-bill/{billId}`): the
 * server answers the body it starts from (the bill's form, counterparty and open balance, linked to it);
 * the rest is the resource's form with the links editor. A saved payment changes only its links.
 */
export function PaymentPage(props: ResourceScreenProps) {
  const { billId, id } = useParams();
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
  const saved = id !== undefined && /^\d+$/.test(id);
  const fixed = saved
    ? Object.fromEntries(
        props.descriptor.fields
          .filter((field) => !field.readOnly && field.name !== 'links')
          .map((field) => [field.name, Fixed]),
      )
    : {};
  return (
    <ResourceForm
      {...props}
      options={{ ...props.options, fields: { ...fixed, ...props.options.fields } }}
      start={start.data ?? null}
    />
  );
}
