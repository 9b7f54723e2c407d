import {
  type LocalizedText,
  WORKFLOW_INITIATOR_LABELS,
  WORKFLOW_MESSAGES,
  type WorkflowField,
  type WorkflowInitiator,
  type WorkflowInitiatorType,
} from '@tms/domain';
import type { Tx } from '../../db/connection';
import { fieldError } from '../../platform/errors';
import type { Registries } from '../../platform/modules';
import type { NotifyInput } from '../../platform/notifications/notify';
import type { CallContext, UseCaseContext } from '../../platform/resources';

/**
 * A kind of record workflows run on. The module owning the record contributes it (`contributes: {
 * workflowInitiators: { order: ... } }`): the fields conditions may name and how to read one record. Jobs,
 * requests and bills plug in the same way, with a value in `WORKFLOW_INITIATOR_LABELS`.
 */
export interface WorkflowInitiatorSource {
  /** The record's own fields a condition may name, by key. */
  fields: readonly WorkflowField[];
  /** Its custom fields in force, keyed `customFields.<code>`. */
  customFields?(tx: Tx): Promise<WorkflowField[]>;
  /**
   * The record as the principal may change it (a 404 outside the edit scope; the system reads every one),
   * locked with `lock` so a move is serialised with the record's own writes: its title, its link and its
   * values by field key.
   */
  load(
    ctx: UseCaseContext,
    id: number,
    options: { lock: boolean; access: 'read' | 'write' },
  ): Promise<{ title: string; link: string; values: Record<string, unknown> }>;
  /** Who hears of a move: the record's responsible people and its offices. */
  audience(ctx: CallContext, id: number): Promise<Pick<NotifyInput, 'direct' | 'related' | 'offices'> | null>;
}

declare module '../../platform/modules' {
  interface ModuleContributions {
    /** A kind of record workflows run on, by its initiator type. */
    workflowInitiators: WorkflowInitiatorSource;
  }
}

export function initiatorSource(registries: Registries, type: string, path = ['initiatorType']) {
  const source = registries.contributions('workflowInitiators').get(type);
  if (!source) throw fieldError(path, WORKFLOW_MESSAGES.unknownInitiator);
  return source;
}

/** Every field a condition on the initiator may name, custom fields included. */
export async function initiatorFields(tx: Tx, source: WorkflowInitiatorSource): Promise<WorkflowField[]> {
  return [...source.fields, ...((await source.customFields?.(tx)) ?? [])];
}

/** The initiators of the app as the editor reads them. */
export async function initiatorsOf(tx: Tx, registries: Registries): Promise<WorkflowInitiator[]> {
  const answer: WorkflowInitiator[] = [];
  for (const [type, source] of registries.contributions('workflowInitiators')) {
    const label: LocalizedText | undefined = WORKFLOW_INITIATOR_LABELS[type as WorkflowInitiatorType];
    if (!label) continue;
    answer.push({ type: type as WorkflowInitiatorType, label, fields: await initiatorFields(tx, source) });
  }
  return answer;
}
