import { ASSIGNMENT_RULE_ROLES, type AssignmentKind, assignmentRuleMoveSchema } from '@tms/domain';
import { and, asc, desc, eq, gt, lt, or } from 'drizzle-orm';
import { z } from 'zod';
import { forbidden } from '../../../platform/errors';
import { hasAnyRole } from '../../../platform/permissions/check';
import { defineUseCase } from '../../../platform/resources/use-case';
import { assignmentRuleServices } from '../rules';
import { assignmentRules } from '../tables';

/**
 * Moves a rule one place up or down among its kind's rules: it swaps positions with its neighbour, both
 * rows locked and each logged as `reorder`. At the top (or bottom) it stays where it is.
 */
export const moveAssignmentRule = defineUseCase({
  name: 'assignment.move-rule',
  roles: [...ASSIGNMENT_RULE_ROLES.forwarder, ...ASSIGNMENT_RULE_ROLES.customs],
  input: assignmentRuleMoveSchema.extend({
    kind: z.enum(['forwarder', 'customs']),
    id: z.number().int(),
  }),
  output: z.object({ moved: z.boolean() }),
  async run(ctx, { kind, id, direction }) {
    const k = kind as AssignmentKind;
    if (ctx.auth.kind !== 'system' && !hasAnyRole(ctx.auth, ASSIGNMENT_RULE_ROLES[k])) throw forbidden();
    const service = assignmentRuleServices[k];
    const rule = await service.find(ctx, id, { lock: true, access: 'write' });
    const up = direction === 'up';
    // The neighbour in the list's order (position, then id).
    const beyond = up
      ? or(
          lt(assignmentRules.position, rule.position),
          and(eq(assignmentRules.position, rule.position), lt(assignmentRules.id, rule.id)),
        )
      : or(
          gt(assignmentRules.position, rule.position),
          and(eq(assignmentRules.position, rule.position), gt(assignmentRules.id, rule.id)),
        );
    const [neighbour] = await ctx.tx
      .select()
      .from(assignmentRules)
      .where(and(eq(assignmentRules.kind, kind), beyond))
      .orderBy(
        up ? desc(assignmentRules.position) : asc(assignmentRules.position),
        up ? desc(assignmentRules.id) : asc(assignmentRules.id),
      )
      .limit(1)
      .for('update');
    if (!neighbour) return { moved: false };
    // mine: the neighbour's new place, theirs: the rule's. Equal positions (two rules created at once) are
    // told apart instead of swapped.
    const [mine, theirs] =
      neighbour.position === rule.position
        ? up
          ? [rule.position + 1, rule.position]
          : [rule.position, rule.position + 1]
        : [rule.position, neighbour.position];
    await service.write(ctx, rule, { position: theirs }, { action: 'reorder' });
    await service.write(ctx, neighbour, { position: mine }, { action: 'reorder' });
    return { moved: true };
  },
});
