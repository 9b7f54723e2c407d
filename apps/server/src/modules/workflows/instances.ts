import {
  can,
  unmetConditions,
  type WorkflowInstanceView,
  type WorkflowState,
  workflowInstanceResource,
} from '@tms/domain';
import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import type { Principal } from '../../platform/auth/context';
import { contacts, users } from '../../platform/identity/tables';
import type { Registries } from '../../platform/modules';
import {
  type CallContext,
  type ResourceService,
  resourceService,
  type UseCaseContext,
} from '../../platform/resources';
import { initiatorFields, initiatorSource } from './initiators';
import { workflowDescriptions, workflowInstances, workflowMoves } from './tables';

export type InstanceRow = typeof workflowInstances.$inferSelect;
export type DescriptionRow = typeof workflowDescriptions.$inferSelect;

async function descriptionsOf(tx: Tx, ids: readonly number[]): Promise<Map<number, DescriptionRow>> {
  if (!ids.length) return new Map();
  const rows = await tx
    .select()
    .from(workflowDescriptions)
    .where(inArray(workflowDescriptions.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The instances a principal reads: those of records he reads, whatever kind (each initiator's `readable`).
 * `undefined` when he reads every record of every kind.
 */
function instanceScope(registries: Registries, auth: Principal): SQL | undefined {
  const parts: SQL[] = [];
  let everything = true;
  for (const [type, source] of registries.contributions('workflowInitiators')) {
    const readable = source.readable(auth, workflowInstances.initiatorId);
    if (readable !== true) everything = false;
    if (readable === false) continue;
    const kind = eq(workflowInstances.initiatorType, type);
    parts.push(readable === true ? kind : (and(kind, readable) as SQL));
  }
  if (everything) return undefined;
  return parts.length ? (or(...parts) as SQL) : sql`false`;
}

const services = new WeakMap<Registries, ResourceService<InstanceRow>>();

/**
 * The instances as a resource of one app (its initiators decide who reads which): the state each stands in
 * comes from its description, so a renamed state shows its new name.
 */
export function instanceServiceOf(registries: Registries): ResourceService<InstanceRow> {
  let service = services.get(registries);
  if (!service) {
    service = makeInstanceService(registries);
    services.set(registries, service);
  }
  return service;
}

const makeInstanceService = (registries: Registries) =>
  resourceService(workflowInstanceResource, workflowInstances, {
    hooks: {
      scope: (auth) => instanceScope(registries, auth),
      async toEntities(rows, ctx: CallContext) {
        const descriptions = await descriptionsOf(
          ctx.tx,
          rows.map((row) => row.descriptionId),
        );
        return rows.map((row) => ({
          id: row.id,
          version: row.version,
          descriptionId: row.descriptionId,
          initiatorType: row.initiatorType,
          initiatorId: row.initiatorId,
          stateId: row.stateId,
          state:
            descriptions.get(row.descriptionId)?.states.find((state) => state.id === row.stateId) ?? null,
          createdAt: row.createdAt.toISOString(),
          updatedAt: row.updatedAt.toISOString(),
        }));
      },
    },
  });

/** Whether the principal's roles allow a transition (the system's always do). */
export function mayMove(auth: Principal, roles: readonly string[]): boolean {
  if (auth.kind === 'system') return true;
  if (auth.kind === 'cabinet') return false;
  return can(auth.roles, roles as never);
}

/**
 * An instance with what its screens show: the record, the history, and each transition out of the current
 * state with whether the reader's roles allow it and which of its conditions the record does not meet yet.
 */
export async function instanceView(ctx: UseCaseContext, row: InstanceRow): Promise<WorkflowInstanceView> {
  const [description] = await ctx.tx
    .select()
    .from(workflowDescriptions)
    .where(eq(workflowDescriptions.id, row.descriptionId));
  if (!description) throw new Error(`Instance ${row.id} lost its description`);
  const source = initiatorSource(ctx.registries, row.initiatorType);
  const record = await source.load(ctx, row.initiatorId, { lock: false, access: 'read' });
  const labels = new Map((await initiatorFields(ctx.tx, source)).map((field) => [field.key, field.label]));
  const stateOf = new Map(description.states.map((state) => [state.id, state]));
  const history = await ctx.tx
    .select({
      id: workflowMoves.id,
      fromState: workflowMoves.fromState,
      toState: workflowMoves.toState,
      userId: workflowMoves.userId,
      userName: contacts.name,
      at: workflowMoves.at,
    })
    .from(workflowMoves)
    .leftJoin(users, eq(users.id, workflowMoves.userId))
    .leftJoin(contacts, eq(contacts.id, users.contactId))
    .where(eq(workflowMoves.instanceId, row.id))
    .orderBy(asc(workflowMoves.id));
  const [instance] = await instanceServiceOf(ctx.registries).toEntities([row], ctx);
  return {
    instance: instance as WorkflowInstanceView['instance'],
    descriptionName: description.name,
    record: { title: record.title, link: record.link },
    states: description.states,
    transitions: description.transitions.map(({ id, source: from, target }) => ({
      id,
      source: from,
      target,
    })),
    moves: history.map((move) => ({
      id: move.id,
      from: move.fromState === null ? null : (stateOf.get(move.fromState) ?? null),
      to: stateOf.get(move.toState) ?? null,
      userId: move.userId,
      userName: move.userName,
      at: move.at.toISOString(),
    })),
    options: description.transitions
      .filter((transition) => transition.source === row.stateId && stateOf.has(transition.target))
      .map((transition) => ({
        transitionId: transition.id,
        name: transition.name ?? null,
        target: stateOf.get(transition.target) as WorkflowState,
        allowed: mayMove(ctx.auth, transition.roles),
        unmet: unmetConditions(transition, record.values).map((unmet) => ({
          ...unmet,
          label: labels.get(unmet.field) ?? { ru: unmet.field, en: unmet.field },
        })),
      })),
  };
}

/** The instances running on one record, oldest first. */
export async function instancesOfRecord(tx: Tx, initiatorType: string, initiatorId: number) {
  return tx
    .select()
    .from(workflowInstances)
    .where(
      and(eq(workflowInstances.initiatorType, initiatorType), eq(workflowInstances.initiatorId, initiatorId)),
    )
    .orderBy(asc(workflowInstances.id));
}
