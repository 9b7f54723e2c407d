import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { api } from '../../platform/api/client';
import type { Row } from '../../platform/resources/logic';
import { RECORD_LOAD, RecordPlaceholder, recordStateOf } from '../../platform/resources/RecordPage';
import { ResourceForm } from '../../platform/resources/ResourceForm';
import type { ResourceScreenProps } from '../../platform/resources/types';
import { FieldInput, type FieldWidgetProps } from '../../platform/resources/widgets';

/** A saved payment's own fields: shown, never changed (only its links change). */
function Fixed(props: FieldWidgetProps) {
  return <FieldInput {...props} disabled />;
}

/**
 * A saved payment's counterparty: given once to a payment entered without one (a bank statement's line of an
 * INN no counterparty had), which keeps its statement's fingerprint; then fixed like its other fields.
 */
function CounterpartyOnce(props: FieldWidgetProps) {
  const [stored] = useState(props.value);
  return <FieldInput {...props} disabled={props.disabled || (stored !== null && stored !== undefined)} />;
}

/**
 * A payment (`/finances/payments/new`, `/{id}`) and a new payment of a bill (`/new/by-bill/{billId}`): the
 * server answers the body it starts from (the bill's form, counterparty and open balance, linked to it);
 * the rest is the resource's form with the links editor. A saved payment changes only its links, and its
 * counterparty while it has none.
 */
export function PaymentPage(props: ResourceScreenProps) {
  const { billId, id } = useParams();
  const startUrl = billId ? `/finances/payments/by-bill/${billId}` : null;
  const start = useQuery({
    queryKey: ['payment-start', startUrl],
    queryFn: ({ signal }) => api.get<Row>(startUrl!, { signal, ...RECORD_LOAD }),
    enabled: startUrl !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
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
  const saved = id !== undefined && /^\d+$/.test(id);
  const fixed = saved
    ? Object.fromEntries(
        props.descriptor.fields
          .filter((field) => !field.readOnly && field.name !== 'links')
          .map((field) => [field.name, field.name === 'counterpartyId' ? CounterpartyOnce : Fixed]),
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
