import { MOVEMENT_KINDS, type MovementKind } from '@tms/domain';
import { useParams, useSearchParams } from 'react-router';
import type { Row } from '../../platform/resources/logic';
import { ResourceForm } from '../../platform/resources/ResourceForm';
import type { ResourceScreenProps } from '../../platform/resources/types';

/** Today as the browser's calendar has it (YYYY-MM-DD). */
function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * A movement of the warehouse accounting (`/warehouse/accounting/new`, `/{id}`): a new one is dated today
 * and may start from an order's page with its order, kind and warehouse (`?orderId=&kind=&warehouseId=`).
 */
export function MovementPage(props: ResourceScreenProps) {
  const { id } = useParams();
  const [params] = useSearchParams();
  if (id !== undefined) return <ResourceForm {...props} />;
  const number = (name: string) => Number(params.get(name)) || undefined;
  const kind = params.get('kind');
  const start = {
    movedOn: today(),
    kind: MOVEMENT_KINDS.includes(kind as MovementKind) ? kind : 'receipt',
    ...(number('orderId') ? { orderId: number('orderId') } : {}),
    ...(number('warehouseId') ? { warehouseId: number('warehouseId') } : {}),
  } as unknown as Row;
  return <ResourceForm {...props} start={start} />;
}
