import {
  AUTOMATIC_TRANSFER_ROLES,
  automaticTransferRunNowSchema,
  automaticTransferRunSchema,
  dataSchema,
  legalEntityRulesInputSchema,
  legalEntityRulesViewSchema,
  queryInteger,
} from '@tms/domain';
import { z } from 'zod';
import type { App } from '../../platform/http/types';
import { registerResourceRoutes } from '../../platform/resources';
import {
  automaticTransferRuleService,
  automaticTransferRunsOf,
  automaticTransfersJob,
  legalEntityRulesView,
  saveLegalEntityRules,
} from './automatic-transfers';

const tags = ['automatic_transfer_rule'];
const viewRoles = [...AUTOMATIC_TRANSFER_ROLES.view];
const manageRoles = [...AUTOMATIC_TRANSFER_ROLES.edit];

/**
 * Automatic transfers (docs/finance.md "Automatic transfers"): the rules (a resource), the legal-entity rules
 * (one table, read and replaced whole), the job's run log and "Run now".
 */
export function registerAutomaticTransferRoutes(app: App): void {
  app.get(
    '/finances/automatic-transfers/legal-entity-rules',
    {
      config: { roles: viewRoles },
      schema: {
        tags,
        summary: 'The legal-entity rules of automatic transfers, our companies and their payment forms',
        response: { 200: dataSchema(legalEntityRulesViewSchema) },
      },
    },
    async () => ({ data: await legalEntityRulesView(app.database.db) }),
  );

  app.put(
    '/finances/automatic-transfers/legal-entity-rules',
    {
      config: { roles: manageRoles },
      schema: {
        tags,
        summary: 'Replace the legal-entity rules of automatic transfers',
        body: legalEntityRulesInputSchema,
        response: { 200: dataSchema(legalEntityRulesViewSchema) },
      },
    },
    async (request) => {
      const { rules } = request.body as z.infer<typeof legalEntityRulesInputSchema>;
      return {
        data: await app.database.db.transaction(async (tx) => {
          await saveLegalEntityRules(tx, rules);
          return legalEntityRulesView(tx);
        }),
      };
    },
  );

  app.get(
    '/finances/automatic-transfers/runs',
    {
      config: { roles: viewRoles },
      schema: {
        tags,
        summary: 'The last runs of the automatic transfers with what each created or could not',
        querystring: z.object({ limit: queryInteger(1, 100).optional() }),
        response: { 200: dataSchema(z.array(automaticTransferRunSchema)) },
      },
    },
    async (request) => {
      const { limit } = request.query as { limit?: number };
      return { data: await automaticTransferRunsOf(app.database.db, { limit }) };
    },
  );

  app.post(
    '/finances/automatic-transfers/runs',
    {
      // A run writes transfers: a retry with its Idempotency-Key gets the first run, not a second one.
      config: { roles: manageRoles, creates: true },
      schema: {
        tags,
        summary: 'Run the automatic transfers now (an occurrence of the scheduled job); answers the run',
        response: { 200: dataSchema(automaticTransferRunNowSchema) },
      },
    },
    async (request) => {
      const { ran, result } = await app.queue.runNow(automaticTransfersJob.name, request.auth!.userId);
      const runId = typeof result === 'number' ? result : undefined;
      const [run] = runId ? await automaticTransferRunsOf(app.database.db, { runId }) : [];
      return { data: { ran, run: run ?? null } };
    },
  );

  registerResourceRoutes(app, automaticTransferRuleService);
}
