import { useQuery } from '@tanstack/react-query';
import type { OrderCreate } from '@tms/domain';
import { useEffect } from 'react';
import { type FieldValues, type Path, type PathValue, type UseFormReturn, useWatch } from 'react-hook-form';
import { api } from '../../platform/api/client';

type GroupValues = { customFieldGroupId: number | null; customFields: Record<string, unknown> };

/**
 * An order made from a request (`/tms/orders/new/from-request/{requestId}`): once the user chooses the
 * order's custom field group, the request's values of the fields that group defines fill its custom
 * fields (the server decides which, `GET /requests/{id}/order?customFieldGroupId=`).
 */
export function useRequestCustomFields<V extends FieldValues & GroupValues>(
  form: UseFormReturn<V>,
  requestId: string | undefined,
) {
  const groupId = useWatch({ control: form.control, name: 'customFieldGroupId' as Path<V> }) as number | null;
  const carried = useQuery({
    queryKey: ['order-from-request', requestId, 'custom-fields', groupId],
    queryFn: ({ signal }) =>
      api.get<Partial<OrderCreate>>(`/requests/${requestId}/order`, {
        query: { customFieldGroupId: groupId },
        signal,
      }),
    enabled: requestId !== undefined && groupId !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const { setValue } = form;
  useEffect(() => {
    if (!carried.data) return;
    setValue('customFields' as Path<V>, (carried.data.customFields ?? {}) as PathValue<V, Path<V>>, {
      shouldDirty: true,
    });
  }, [carried.data, setValue]);
}
