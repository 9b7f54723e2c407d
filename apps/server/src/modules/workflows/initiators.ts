import {
  type LocalizedText,
  WORKFLOW_INITIATOR_LABELS,
  WORKFLOW_MESSAGES,
  type WorkflowField,
  type WorkflowInitiator,
  type WorkflowInitiatorType,
} from '@tms/domain';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/connection';
import type { Principal } from '../../platform/auth/context';
import { fieldError } from '../../platform/errors';
import type { Registries } from '../../platform/modules';
import type { NotifyInput } from '../../platform/notifications/notify';
import type { CallContext, ResourceService, UseCaseContext } from '../../platform/resources';

/**
 * A kind of record workflows run on. The module owning the record contributes it (`contributes: {
 * workflowInitiators: { order: ... } }`), usually through `resourceInitiator`: the fields conditions may
 * name, how to read one record and which records a principal reads; with a value in
 * `WORKFLOW_INITIATOR_LABELS`.
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
  /**
   * The records the principal reads, as a condition on a record id (`true` all, `false` none): an
   * instance is seen by whoever reads its record, on lists, ids and counts alike.
   */
  readable(auth: Principal, id: AnyPgColumn | SQL): SQL | boolean;
}

type RecordRow = { id: number; customFields?: Record<string, unknown> };

/**
 * A kernel resource as the initiator of workflows: a condition's field is the row's member of that key, a
 * custom field `customFields.<code>`; the record is read (and locked) through the resource's scope, and its
 * readers are those of the resource (`changeLogAccess`: its read roles and scope).
 */
export function resourceInitiator<Row extends RecordRow>(options: {
  service: ResourceService<Row>;
  fields: readonly WorkflowField[];
  customFields?: (tx: Tx) => Promise<WorkflowField[]>;
  title: (row: Row) => string;
  link: (row: Row) => string;
  audience: WorkflowInitiatorSource['audience'];
}): WorkflowInitiatorSource {
  const { service, fields } = options;
  return {
    fields,
    ...(options.customFields ? { customFields: options.customFields } : {}),
    async load(ctx, id, { lock, access }) {
      const row = await service.find(ctx, id, { lock, access });
      const values: Record<string, unknown> = {};
      for (const { key } of fields) values[key] = (row as Record<string, unknown>)[key];
      for (const [code, value] of Object.entries(row.customFields ?? {}))
        values[`customFields.${code}`] = value;
      return { title: options.title(row), link: options.link(row), values };
    },
    audience: options.audience,
    readable: (auth, id) => service.changeLogAccess(auth, id),
  };
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
