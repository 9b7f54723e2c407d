import {
  ASSIGNMENT_MESSAGES as A,
  ASSIGNMENT_RULE_RESOURCES,
  type AssignmentKind,
  type AssignmentStrategy,
} from '@tms/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import { ErrorCollector } from '../../platform/errors';
import { users } from '../../platform/identity/tables';
import {
  afterUpdate,
  type ResourceHooks,
  type ResourceService,
  resourceService,
  type WriteValues,
} from '../../platform/resources';
import { assignmentRules } from './tables';

export type AssignmentRuleRow = typeof assignmentRules.$inferSelect;

interface Target {
  strategy: AssignmentStrategy | string;
  userId?: number | null;
  userIds?: readonly number[] | null;
}

/**
 * The target a rule stores: one user, or a group (the other member is cleared, so a rule never keeps a
 * group it does not use). Refuses a missing user or group and, by its place, any user who is disabled: a rule
 * must not promise work to someone who cannot take it.
 */
async function checkTarget(tx: Tx, target: Target) {
  const errors = new ErrorCollector();
  const single = target.strategy === 'user';
  const userId = single ? (target.userId ?? null) : null;
  const userIds = single ? [] : [...new Set(target.userIds ?? [])];
  if (single && userId === null) errors.add(['userId'], A.userRequired);
  if (!single && !userIds.length) errors.add(['userIds'], A.groupRequired);
  const named = userId === null ? userIds : [userId];
  if (named.length) {
    const disabled = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, named), eq(users.active, false)));
    const off = new Set(disabled.map((user) => user.id));
    if (userId !== null && off.has(userId)) errors.add(['userId'], A.userDisabled);
    userIds.forEach((id, index) => {
      if (off.has(id)) errors.add(['userIds', index], A.userDisabled);
    });
  }
  errors.throwIfAny();
  return { userId, userIds };
}

function ruleHooks<Input extends Target>(kind: AssignmentKind): ResourceHooks<AssignmentRuleRow, Input> {
  return {
    // Each kind is its own resource over the one table.
    scope: () => eq(assignmentRules.kind, kind),
    async beforeCreate({ tx }, values) {
      const target = await checkTarget(tx, values);
      // A new rule is asked last; the reorder action moves it.
      const [last] = await tx
        .select({ position: sql<number>`coalesce(max(${assignmentRules.position}), 0)` })
        .from(assignmentRules)
        .where(eq(assignmentRules.kind, kind));
      const position = Number(last?.position ?? 0) + 1;
      return { ...values, ...target, kind, position } as WriteValues<AssignmentRuleRow, Input>;
    },
    async beforeUpdate({ tx }, values, existing) {
      const record = afterUpdate(values, existing);
      const target = await checkTarget(tx, record);
      // Another group or another strategy starts its turn afresh.
      const regrouped =
        target.userIds.join() !== existing.userIds.join() || record.strategy !== existing.strategy;
      const turn = regrouped ? { lastAssignedUserId: null } : {};
      return { ...values, ...target, ...turn } as WriteValues<AssignmentRuleRow, Input>;
    },
  };
}

/** The rules of each kind as resource services (`/forwarder-auto-assignment/rules`, `/cto-auto-assignment/rules`). */
export const assignmentRuleServices: Readonly<Record<AssignmentKind, ResourceService<AssignmentRuleRow>>> = {
  forwarder: resourceService(ASSIGNMENT_RULE_RESOURCES.forwarder, assignmentRules, {
    hooks: ruleHooks('forwarder'),
  }),
  customs: resourceService(ASSIGNMENT_RULE_RESOURCES.customs, assignmentRules, {
    hooks: ruleHooks('customs'),
  }),
};
