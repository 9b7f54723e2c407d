import {
  ASSIGNMENT_KINDS,
  ASSIGNMENT_RULE_RESOURCES,
  ASSIGNMENT_RULE_ROLES,
  assignmentFactsSchema,
  assignmentOutcomeSchema,
  assignmentRuleMoveSchema,
  dataSchema,
  idParamSchema,
} from '@tms/domain';
import { z } from 'zod';
import type { App } from '../../platform/http/types';
import { registerResourceRoutes, requestContext } from '../../platform/resources';
import { assignmentRuleServices } from './rules';
import { moveAssignmentRule } from './use-cases/move-rule';
import { previewAssignment } from './use-cases/preview';

/** Each kind's rules (the engine's CRUD), their reorder action and the "who would get this" preview. */
export default async function assignmentRoutes(app: App): Promise<void> {
  const db = () => app.database.db;
  for (const kind of ASSIGNMENT_KINDS) {
    const { path, name } = ASSIGNMENT_RULE_RESOURCES[kind];
    const roles = [...ASSIGNMENT_RULE_ROLES[kind]];
    registerResourceRoutes(app, assignmentRuleServices[kind]);
    app.post(
      `${path}/:id/move`,
      {
        config: { roles },
        schema: {
          tags: [name],
          summary: 'Move the rule one place up or down',
          params: idParamSchema,
          body: assignmentRuleMoveSchema.strict(),
          response: { 200: dataSchema(z.object({ moved: z.boolean() })) },
        },
      },
      async (request) => {
        const { id } = request.params as { id: number };
        const { direction } = request.body as z.infer<typeof assignmentRuleMoveSchema>;
        const data = await db().transaction((tx) =>
          moveAssignmentRule.run(requestContext(request, tx), { kind, id, direction }),
        );
        return { data };
      },
    );
    app.post(
      `${path}/preview`,
      {
        config: { roles },
        schema: {
          tags: [name],
          summary: 'Who a record with these facts would get now, without assigning',
          body: assignmentFactsSchema.strict(),
          response: { 200: dataSchema(assignmentOutcomeSchema) },
        },
      },
      async (request) => {
        const facts = request.body as z.infer<typeof assignmentFactsSchema>;
        const data = await db().transaction((tx) =>
          previewAssignment.run(requestContext(request, tx), { kind, facts }),
        );
        return { data };
      },
    );
  }
}
