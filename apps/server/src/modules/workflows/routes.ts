import {
  dataSchema,
  idParamSchema,
  MESSAGES,
  recordIdSchema,
  WORKFLOW_INITIATOR_TYPES,
  workflowInitiatorSchema,
  workflowInstanceViewSchema,
  workflowMoveSchema,
  workflowStartSchema,
} from '@tms/domain';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { fieldError } from '../../platform/errors';
import { basedOnVersion } from '../../platform/http/if-match';
import type { App } from '../../platform/http/types';
import { registerResourceRoutes, requestContext } from '../../platform/resources';
import { descriptionService } from './descriptions';
import { initiatorSource, initiatorsOf } from './initiators';
import { instanceServiceOf, instancesOfRecord, instanceView } from './instances';
import { workflowDescriptions } from './tables';
import { moveWorkflow } from './use-cases/move';
import { startWorkflow } from './use-cases/start';

const recordWorkflowsSchema = z.object({
  instances: z.array(workflowInstanceViewSchema),
  /** The descriptions for the record's kind not running on it yet. */
  startable: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

/**
 * Workflows (spec §2, §3, §6): descriptions and instances as resources (the settings' role edits
 * descriptions; workflow access lists instances), the record's block, the start and the move.
 */
export default async function workflowsRoutes(app: App): Promise<void> {
  const db = () => app.database.db;
  registerResourceRoutes(app, descriptionService);
  registerResourceRoutes(app, instanceServiceOf(app.registries));
  const tags = ['workflow_instance'];

  app.get(
    '/workflow-descriptions/initiators',
    {
      config: { roles: ['ROLE_SETTINGS_WORKFLOW', 'ROLE_SETTINGS_WORKFLOW_ACCESS'] },
      schema: {
        tags: ['workflow_description'],
        summary: 'The kinds of record workflows run on, with the fields conditions may name',
        response: { 200: dataSchema(z.array(workflowInitiatorSchema)) },
      },
    },
    async () => ({ data: await initiatorsOf(db(), app.registries) }),
  );

  app.get(
    '/workflow-instances/of/:initiatorType/:initiatorId',
    {
      schema: {
        tags,
        summary: "A record's workflows (the record's block): to whoever may read the record",
        params: z.object({ initiatorType: z.enum(WORKFLOW_INITIATOR_TYPES), initiatorId: recordIdSchema }),
        response: { 200: dataSchema(recordWorkflowsSchema) },
      },
    },
    async (request) => {
      const { initiatorType, initiatorId } = request.params as { initiatorType: string; initiatorId: number };
      const ctx = requestContext(request, db());
      await initiatorSource(ctx.registries, initiatorType).load(ctx, initiatorId, {
        lock: false,
        access: 'read',
      });
      const rows = await instancesOfRecord(ctx.tx, initiatorType, initiatorId);
      const instances = [];
      for (const row of rows) instances.push(await instanceView(ctx, row));
      const running = new Set(rows.map((row) => row.descriptionId));
      const descriptions = await ctx.tx
        .select({ id: workflowDescriptions.id, name: workflowDescriptions.name })
        .from(workflowDescriptions)
        .where(eq(workflowDescriptions.initiatorType, initiatorType))
        .orderBy(workflowDescriptions.name);
      return { data: { instances, startable: descriptions.filter((d) => !running.has(d.id)) } };
    },
  );

  app.get(
    '/workflow-instances/:id/view',
    {
      schema: {
        tags,
        summary: 'An instance with its record, history and the transitions out of its state',
        params: idParamSchema,
        response: { 200: dataSchema(workflowInstanceViewSchema) },
      },
    },
    async (request) => {
      const ctx = requestContext(request, db());
      const row = await instanceServiceOf(ctx.registries).find(ctx, request.params.id);
      return { data: await instanceView(ctx, row) };
    },
  );

  app.post(
    '/workflow-instances',
    {
      // Open to any signed-in user (the use case's roles are none): the record's edit scope decides.
      config: { creates: true },
      schema: {
        tags,
        summary: 'Start a workflow on a record, in its initial state',
        body: workflowStartSchema,
        response: { 200: dataSchema(workflowInstanceViewSchema) },
      },
    },
    async (request) => {
      const body = request.body as z.infer<typeof workflowStartSchema>;
      return { data: await db().transaction((tx) => startWorkflow.run(requestContext(request, tx), body)) };
    },
  );

  app.post(
    '/workflow-instances/:id/move',
    {
      schema: {
        tags,
        summary: 'Move along a transition (roles, conditions and version checked); If-Match or version',
        params: idParamSchema,
        body: workflowMoveSchema,
        response: { 200: dataSchema(workflowInstanceViewSchema) },
      },
    },
    async (request) => {
      const body = request.body as z.infer<typeof workflowMoveSchema>;
      const version = basedOnVersion(request, body.version);
      // A person's move is always based on the state they saw: the instance is optimistically locked.
      if (version === undefined) throw fieldError(['version'], MESSAGES.required);
      const input = { id: request.params.id, to: body.to, version };
      return { data: await db().transaction((tx) => moveWorkflow.run(requestContext(request, tx), input)) };
    },
  );
}
