import { padId } from '@tms/domain';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { fileStorageOf } from '../../platform/files/routes';
import { JobFailure } from '../../platform/jobs/queue';
import { defineTask } from '../../platform/jobs/tasks';
import { asSystem } from '../../platform/resources';
import type { StageBehaviourHandler } from '../operations';
import { generateDocument, templatesFor } from './generator';
import { documentTemplates } from './tables';

export const STAGE_GENERATION_MESSAGES = {
  templateGone: 'The document template no longer exists.',
  filling: 'Filling in {{template}}',
} as const;

/**
 * One document a closed DOCUMENT_GENERATION stage asked for: the template filled from the order or job
 * into its files, as the user who closed the stage (its job is theirs to follow). The job's result is the
 * generated file.
 */
export const documentGenerationTask = defineTask({
  name: 'document-generation',
  payload: z.object({
    initiatorType: z.string(),
    initiatorId: z.number().int(),
    templateId: z.number().int(),
  }),
  async run({ database, config, registries, job, progress, log }, request) {
    const storage = fileStorageOf(config);
    const { file } = await database.db.transaction(async (tx) => {
      const [template] = await tx
        .select()
        .from(documentTemplates)
        .where(eq(documentTemplates.id, request.templateId));
      if (!template) throw new JobFailure(STAGE_GENERATION_MESSAGES.templateGone);
      progress(10, STAGE_GENERATION_MESSAGES.filling, { template: template.name });
      return generateDocument(
        {
          ...asSystem({ tx, registries }, 'document generation', job.userId),
          storage,
          actingUserId: job.userId,
          log,
        },
        request.initiatorType,
        request.initiatorId,
        template,
      );
    });
    return { fileId: file.id };
  },
});

/**
 * DOCUMENT_GENERATION (spec §3 stage behaviours): closing such a stage enqueues a job per template of its
 * stage type for the order or job, in the stage's transaction (a rolled-back closing asks for nothing).
 */
export const documentGenerationHandler: StageBehaviourHandler = async (ctx, event) => {
  if (event.event !== 'close') return;
  for (const template of await templatesFor(ctx.tx, event.operationType, event.stageTypeId)) {
    await documentGenerationTask.enqueue(
      ctx,
      { initiatorType: event.operationType, initiatorId: event.operationId, templateId: template.id },
      // As the generated file will be named: the template and the order's or job's number.
      { label: `${template.name} ${padId(event.operationId)}` },
    );
  }
};
