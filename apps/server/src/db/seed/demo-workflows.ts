import type { Role, WorkflowState, WorkflowTransition } from '@tms/domain';
import { asc, isNotNull } from 'drizzle-orm';
import { orders } from '../../modules/operations/tables';
import { workflowDescriptions, workflowInstances, workflowMoves } from '../../modules/workflows/tables';
import type { Tx } from '../connection';

const EDITORS: Role[] = ['ROLE_ORDER_EDIT_OWN', 'ROLE_ORDER_EDIT_OFFICE', 'ROLE_ORDER_EDIT_ALL'];

const STATES: WorkflowState[] = [
  { id: 'demo-docs-received', name: 'Документы получены', nameEn: 'Documents received' },
  { id: 'demo-docs-checked', name: 'Документы проверены', nameEn: 'Documents checked' },
  { id: 'demo-docs-sent', name: 'Отправлены клиенту', nameEn: 'Sent to the client' },
];
const [RECEIVED, CHECKED, SENT] = STATES.map((state) => state.id) as [string, string, string];

const TRANSITIONS: WorkflowTransition[] = [
  {
    id: 'demo-docs-check',
    name: 'Проверить',
    source: RECEIVED,
    target: CHECKED,
    roles: EDITORS,
    conditions: [{ field: 'cargoDescription', rule: 'filled' }],
  },
  {
    id: 'demo-docs-send',
    name: 'Отправить клиенту',
    source: CHECKED,
    target: SENT,
    roles: EDITORS,
    conditions: [
      { field: 'dispatchDate', rule: 'filled' },
      { field: 'completionDate', rule: 'empty' },
    ],
  },
  {
    id: 'demo-docs-return',
    name: 'Вернуть на доработку',
    source: CHECKED,
    target: RECEIVED,
    roles: EDITORS,
    conditions: [],
  },
];

/**
 * The demo's workflow on orders (docs/workflows.md): a document check, running on the first orders that have
 * a forwarder, one at each state, with the history of how it got there.
 */
export async function seedDemoWorkflows(tx: Tx): Promise<void> {
  const [description] = await tx
    .insert(workflowDescriptions)
    .values({
      name: 'Проверка документов',
      initiatorType: 'order',
      initialState: RECEIVED,
      states: STATES,
      transitions: TRANSITIONS,
      description: 'Документы по грузу: получены от клиента, проверены экспедитором, отправлены клиенту.',
    })
    .returning();
  const picked = await tx
    .select({ id: orders.id, forwarderId: orders.forwarderId })
    .from(orders)
    .where(isNotNull(orders.forwarderId))
    .orderBy(asc(orders.id))
    .limit(4);
  const paths = [[RECEIVED], [RECEIVED, CHECKED], [RECEIVED, CHECKED, SENT], [RECEIVED, CHECKED, RECEIVED]];
  for (const [index, order] of picked.entries()) {
    const path = paths[index]!;
    const [instance] = await tx
      .insert(workflowInstances)
      .values({
        descriptionId: description!.id,
        initiatorType: 'order',
        initiatorId: order.id,
        stateId: path.at(-1)!,
        version: path.length,
      })
      .returning();
    await tx.insert(workflowMoves).values(
      path.map((state, step) => ({
        instanceId: instance!.id,
        fromState: step === 0 ? null : path[step - 1]!,
        toState: state,
        transitionId:
          step === 0
            ? null
            : (TRANSITIONS.find((t) => t.source === path[step - 1] && t.target === state)?.id ?? null),
        userId: order.forwarderId,
        at: new Date(Date.now() - (path.length - step) * 86_400_000),
      })),
    );
  }
}
