import { ASSIGNMENT_RULE_ROLES, assignmentOutcomeSchema, assignmentPreviewSchema } from '@tms/domain';
import { eq } from 'drizzle-orm';
import { forbidden } from '../../../platform/errors';
import { users } from '../../../platform/identity/tables';
import { hasAnyRole } from '../../../platform/permissions/check';
import { defineUseCase } from '../../../platform/resources/use-case';
import { assignByRules } from './assign-by-rules';

/**
 * "Who would get this": the rule and the user a record with these facts would get now, read only (the
 * round robin's turn does not move), for those who manage the kind's rules.
 */
export const previewAssignment = defineUseCase({
  name: 'assignment.preview',
  roles: [...ASSIGNMENT_RULE_ROLES.forwarder, ...ASSIGNMENT_RULE_ROLES.customs],
  input: assignmentPreviewSchema,
  output: assignmentOutcomeSchema,
  async run(ctx, { kind, facts }) {
    if (ctx.auth.kind !== 'system' && !hasAnyRole(ctx.auth, ASSIGNMENT_RULE_ROLES[kind])) throw forbidden();
    const found = await assignByRules(ctx, kind, facts, 'preview');
    if (!found) return { ruleId: null, ruleName: null, userId: null, userName: null };
    const [user] = await ctx.tx
      .select({ name: users.contactName })
      .from(users)
      .where(eq(users.id, found.userId));
    return { ...found, userName: user?.name ?? null };
  },
});
