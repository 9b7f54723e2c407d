import {
  type AssignmentFacts,
  type AssignmentKind,
  type AssignmentStrategy,
  assignmentFactsSchema,
  type CustomsAssignee,
  leastLoaded,
  nextInTurn,
  ruleMatches,
} from '@tms/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/connection';
import { users } from '../../../platform/identity/tables';
import type { CallContext } from '../../../platform/resources/context';
import type { AssignmentRuleRow } from '../rules';
import { assignmentRules } from '../tables';

/** The person a rule gave a new record, and the rule (its name as it was, kept on the record). */
export interface Assignment {
  userId: number;
  ruleId: number;
  ruleName: string;
}

/** Whether the choice is made (round robin moves on) or only shown (the rules screen's preview). */
export type AssignmentMode = 'assign' | 'preview';

async function activeUsers(tx: Tx, ids: readonly number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...ids]), eq(users.active, true)));
  return new Set(rows.map((row) => row.id));
}

/** Open records per member as the kind's role (customs: the person asked for), summed over the modules' loads. */
async function loadsOf(
  ctx: CallContext,
  kind: AssignmentKind,
  assigns: CustomsAssignee,
  ids: readonly number[],
) {
  const total = new Map<number, number>();
  for (const load of ctx.registries.contributions('assignmentLoads').values()) {
    if (load.kind !== kind) continue;
    if (kind === 'customs' && (load.assigns ?? 'specialist') !== assigns) continue;
    for (const [user, count] of await load.count(ctx.tx, ids))
      total.set(user, (total.get(user) ?? 0) + count);
  }
  return total;
}

/** The user the rule gives the record to, null when none of its people may take work now. */
async function pick(
  ctx: CallContext,
  kind: AssignmentKind,
  assigns: CustomsAssignee,
  rule: AssignmentRuleRow,
): Promise<number | null> {
  const strategy = rule.strategy as AssignmentStrategy;
  if (strategy === 'user') {
    return rule.userId !== null && (await activeUsers(ctx.tx, [rule.userId])).has(rule.userId)
      ? rule.userId
      : null;
  }
  const available = await activeUsers(ctx.tx, rule.userIds);
  if (strategy === 'roundRobin') return nextInTurn(rule.userIds, rule.lastAssignedUserId, available);
  return leastLoaded(rule.userIds, await loadsOf(ctx, kind, assigns, rule.userIds), available);
}

/**
 * The auto-assignment of a new record (docs/assignment.md): the enabled rules of the kind (customs: those
 * giving the person asked for, `facts.assigns`) in their order,
 * the first whose conditions hold and that has someone to give the record to wins. Called by the create of
 * an order, a request or a customs request inside its transaction (every door: HTTP, import, cabinet), and
 * by the preview without assigning. Assigning locks the winning rule's row, so two records created at once
 * take turns on it: the second reads the turn the first moved (round robin) and the load it added
 * (least loaded) once the first commits. Answers null when no rule gives anyone.
 */
export async function assignByRules(
  ctx: CallContext,
  kind: AssignmentKind,
  facts: AssignmentFacts,
  mode: AssignmentMode = 'assign',
): Promise<Assignment | null> {
  const known = assignmentFactsSchema.parse(facts);
  // Customs rules give one person each: the specialist unless the declarant is asked for.
  const assigns: CustomsAssignee = known.assigns ?? 'specialist';
  const rules = await ctx.tx
    .select()
    .from(assignmentRules)
    .where(
      and(
        eq(assignmentRules.kind, kind),
        eq(assignmentRules.enabled, true),
        kind === 'customs' ? eq(assignmentRules.assigns, assigns) : undefined,
      ),
    )
    .orderBy(asc(assignmentRules.position), asc(assignmentRules.id));
  for (const listed of rules) {
    if (!ruleMatches(listed, known)) continue;
    let rule = listed;
    if (mode === 'assign' && rule.strategy !== 'user') {
      const [locked] = await ctx.tx
        .select()
        .from(assignmentRules)
        .where(eq(assignmentRules.id, rule.id))
        .for('update');
      // Changed or removed while we waited: asked as it now is.
      if (!locked?.enabled || locked.assigns !== rule.assigns || !ruleMatches(locked, known)) continue;
      rule = locked;
    }
    const userId = await pick(ctx, kind, assigns, rule);
    if (userId === null) continue;
    if (mode === 'assign' && rule.strategy === 'roundRobin') {
      // The turn is the rule's own bookkeeping, not an edit: no version, no change-log entry.
      await ctx.tx
        .update(assignmentRules)
        .set({ lastAssignedUserId: userId })
        .where(eq(assignmentRules.id, rule.id));
    }
    return { userId, ruleId: rule.id, ruleName: rule.name };
  }
  return null;
}
