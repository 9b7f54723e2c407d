import { and, asc, eq, isNull } from 'drizzle-orm';
import { actingUserId } from '../../platform/auth/context';
import { fileStorageOf } from '../../platform/files/routes';
import type { ScheduledJob } from '../../platform/modules';
import { asSystem } from '../../platform/resources';
import type { StageBehaviourHandler } from '../operations';
import { generateDocument, templatesFor } from './generator';
import { documentGenerationQueue, documentTemplates } from './tables';

/**
 * DOCUMENT_GENERATION (spec §3 stage behaviours): closing such a stage asks for the templates of its stage
 * type for the order or job, in the stage's transaction (a rolled-back closing asks for nothing); the
 * `document-generation` job generates them into the operation's files.
 */
export const documentGenerationHandler: StageBehaviourHandler = async (ctx, event) => {
  if (event.event !== 'close') return;
  const templates = await templatesFor(ctx.tx, event.operationType, event.stageTypeId);
  if (!templates.length) return;
  await ctx.tx.insert(documentGenerationQueue).values(
    templates.map((template) => ({
      initiatorType: event.operationType,
      initiatorId: event.operationId,
      templateId: template.id,
      requestedBy: actingUserId(ctx.auth),
    })),
  );
};

const BATCH = 50;

/** Generates what closed stages asked for; a failure is kept on its request and not retried. */
export const documentGenerationJob: ScheduledJob = {
  name: 'document-generation',
  intervalMs: 30_000,
  async run({ database, config, registries, log }) {
    const storage = fileStorageOf(config);
    const pending = await database.db
      .select()
      .from(documentGenerationQueue)
      .where(isNull(documentGenerationQueue.doneAt))
      .orderBy(asc(documentGenerationQueue.id))
      .limit(BATCH);
    for (const request of pending) {
      try {
        await database.db.transaction(async (tx) => {
          const [template] = await tx
            .select()
            .from(documentTemplates)
            .where(eq(documentTemplates.id, request.templateId));
          if (template) {
            await generateDocument(
              {
                ...asSystem({ tx, registries }, 'document generation', request.requestedBy),
                storage,
                actingUserId: request.requestedBy,
              },
              request.initiatorType,
              request.initiatorId,
              template,
            );
          }
          await tx
            .update(documentGenerationQueue)
            .set({ doneAt: new Date() })
            .where(and(eq(documentGenerationQueue.id, request.id), isNull(documentGenerationQueue.doneAt)));
        });
      } catch (error) {
        log.error({ err: error, request: request.id }, 'document generation failed');
        await database.db
          .update(documentGenerationQueue)
          .set({ doneAt: new Date(), error: error instanceof Error ? error.message : String(error) })
          .where(eq(documentGenerationQueue.id, request.id));
      }
    }
  },
};
