import { IMPORT_MESSAGES } from '@tms/domain';
import { z } from 'zod';
import { ownerPrincipal } from '../auth/owner';
import { zodValidationError } from '../errors';
import { fileStorageOf } from '../files/routes';
import { defineTask, type EnqueueContext } from '../jobs/tasks';
import { uploadedImportFile } from './files';
import { type AnyImport, applyPlanned, authorizeImport, previewImport, refuseByRow } from './pipeline';
import { importOf } from './registry';

const payload = z.object({
  name: z.string(),
  fileId: z.number().int().positive(),
  options: z.unknown().optional(),
});

/** The caller's options as the import's schema reads them (400 otherwise); an import without one takes none. */
export function importOptions(definition: AnyImport, options: unknown): unknown {
  if (!definition.options) return undefined;
  const parsed = definition.options.safeParse(options);
  if (!parsed.success) throw zodValidationError(parsed.error);
  return parsed.data;
}

/**
 * An import applied in the job queue (a large file): the owner's temporary upload read, planned and written
 * as the owner, with his roles and scopes as they are when it runs (a user disabled since fails it, nothing
 * written), batch by batch with progress. A file that has come to have errors since fails the job with the
 * refusal, nothing written. The job ends saying how many rows it created, updated, left and skipped.
 */
export const importApplyTask = defineTask({
  name: 'file-import',
  payload,
  maxAttempts: 1,
  async run({ database, config, registries, clock, job, progress }, { name, fileId, options }) {
    const definition = importOf(registries, name);
    if (job.userId === null) throw new Error('An import job has an owner');
    const auth = await ownerPrincipal(database.db, job.userId, registries);
    const bytes = await uploadedImportFile(database.db, fileStorageOf(config), job.userId, fileId);
    const ctx = { tx: database.db, registries, clock, auth };
    progress(0, 'Reading the file');
    const parsed = importOptions(definition, options);
    const preview = await previewImport(ctx, definition, bytes, parsed);
    await applyPlanned(ctx, definition, preview, parsed, {
      progress: (done, total) =>
        progress(total ? (done / total) * 100 : 100, 'Imported {{count}} of {{total}} rows', {
          count: done,
          total,
        }),
    });
    const { error: _none, ...counts } = preview.counts;
    return { summary: { message: IMPORT_MESSAGES.jobDone, params: counts } };
  },
});

/**
 * Enqueues the import `name` of the caller's temporary upload `fileId` (its `bytes`; its `name` labels the
 * job) as a job: the caller's right is checked and the file read and planned now, so a file with errors is
 * refused before any job exists.
 */
export async function enqueueImport(
  ctx: EnqueueContext,
  name: string,
  file: { id: number; bytes: Uint8Array; name?: string },
  options: unknown,
) {
  const definition = importOf(ctx.registries, name);
  authorizeImport(ctx.auth, definition);
  const parsed = importOptions(definition, options);
  const preview = await previewImport(ctx, definition, file.bytes, parsed);
  if (preview.errorCount > 0) (definition.refuse ?? refuseByRow)(preview.errors, preview.errorCount);
  return importApplyTask.enqueue(
    ctx,
    { name, fileId: file.id, options: parsed },
    { label: file.name ?? name },
  );
}
