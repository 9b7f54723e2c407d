import { DATA_IMPORT_MESSAGES as M } from '@tms/domain';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { actingUserId } from '../../platform/auth/context';
import { ownerPrincipal } from '../../platform/auth/owner';
import { fileStorageOf } from '../../platform/files/routes';
import {
  applyPlanned,
  authorizeImport,
  planImport,
  previewImport,
  refuseByRow,
  uploadedImportFile,
} from '../../platform/imports';
import { backgroundJobs } from '../../platform/jobs/tables';
import { defineTask, type EnqueueContext } from '../../platform/jobs/tasks';
import { type DataImportOptions, dataImport, dataImportOptionsSchema, fileHashOf, planFile } from './import';
import { dataImportDescriptions, dataImportRuns } from './tables';

/**
 * A file run with a description in the job queue: read, dry-run and written as the owner, all or nothing,
 * with progress. Taken again after a restart (its lease ran out): the rows and the run's `done` mark commit
 * together, so a second attempt finds either nothing written or the run done.
 */
export const dataImportRunTask = defineTask({
  name: 'data-import.run',
  payload: z.object({
    runId: z.number().int().positive(),
    fileId: z.number().int().positive(),
    options: dataImportOptionsSchema,
  }),
  maxAttempts: 3,
  async run({ database, config, registries, clock, job, progress }, { runId, fileId, options }) {
    if (job.userId === null) throw new Error('An import job has an owner');
    const auth = await ownerPrincipal(database.db, job.userId, registries);
    const bytes = await uploadedImportFile(database.db, fileStorageOf(config), job.userId, fileId);
    const ctx = { tx: database.db, registries, clock, auth };
    progress(0, 'Reading the file');
    const [checked] = await database.db
      .select({ id: dataImportRuns.id })
      .from(dataImportRuns)
      .innerJoin(dataImportDescriptions, eq(dataImportDescriptions.id, dataImportRuns.descriptionId))
      .where(
        and(
          eq(dataImportRuns.id, runId),
          eq(dataImportRuns.checkedBy, job.userId),
          eq(dataImportRuns.checkedVersion, dataImportDescriptions.version),
        ),
      );
    // The file's dry run passed for this owner and this description (unchanged since): written without
    // another one. The write is all or nothing: a row refused since (the data changed) fails the job.
    // The owner's roles as they are now (one who lost the import's role since imports nothing).
    authorizeImport(auth, dataImport);
    const read = await dataImport.read(registries.workers, bytes, options);
    // The rows with errors, skipped when only the valid rows are asked for (else they refuse the file).
    const skipped = new Set<number>();
    if (!checked) {
      const dry = await planImport(ctx, dataImport, read, options);
      if (dry.errorCount > 0) {
        if (!options.validRowsOnly || dry.errors.some((error) => error.row === 0)) {
          refuseByRow(dry.errors, dry.errorCount);
        }
        for (const row of dry.rows) if (row.action === 'error') skipped.add(row.row);
      }
    }
    const preview = await planImport(
      ctx,
      {
        ...dataImport,
        plan: async (c, table, o) => {
          const plan = await planFile(c, table, o, false);
          for (const row of plan.rows) if (skipped.has(row.row)) row.action = 'skip';
          return plan;
        },
      },
      read,
      options,
    );
    const counts = await database.db.transaction(async (tx) => {
      // The run's row locked: an attempt of the same run elsewhere waits, then finds it done.
      const [run] = await tx.select().from(dataImportRuns).where(eq(dataImportRuns.id, runId)).for('update');
      if (!run || run.doneAt) return null;
      const done = await applyPlanned({ ...ctx, tx }, dataImport, preview, options, {
        progress: (count, total) =>
          progress(total ? (count / total) * 100 : 100, 'Imported {{count}} of {{total}} rows', {
            count,
            total,
          }),
      });
      await tx
        .update(dataImportRuns)
        .set({ doneAt: clock(), counts: done })
        .where(eq(dataImportRuns.id, runId));
      return done;
    });
    if (!counts) return { summary: { message: M.alreadyImported } };
    const params = { create: counts.create ?? 0, update: counts.update ?? 0 };
    return {
      summary: skipped.size
        ? { message: M.jobDoneSkipped, params: { ...params, skipped: skipped.size } }
        : { message: M.jobDone, params },
    };
  },
});

/**
 * Runs a file (the caller's temporary upload, its bytes read) with a description: once per file content,
 * description and order. The same file again answers its run (done, or still under way) as a duplicate; a
 * run whose job failed or was cancelled goes again. The file is dry-run first: one with errors is refused
 * with them (the 400 tree by row) before any job exists.
 */
export async function runImport(
  ctx: EnqueueContext & { clock: () => Date },
  file: { id: number; bytes: Uint8Array; name: string },
  options: DataImportOptions,
  descriptionVersion: number,
) {
  authorizeImport(ctx.auth, dataImport);
  const fileHash = fileHashOf(file.bytes);
  const initiator = options.orderId === null ? '' : `order:${options.orderId}`;
  const where = and(
    eq(dataImportRuns.descriptionId, options.descriptionId),
    eq(dataImportRuns.fileHash, fileHash),
    eq(dataImportRuns.initiator, initiator),
  );
  const [existing] = await ctx.tx.select().from(dataImportRuns).where(where).for('update');
  const answer = (run: typeof dataImportRuns.$inferSelect, duplicate: boolean) => ({
    id: run.id,
    descriptionId: run.descriptionId,
    fileHash: run.fileHash,
    fileName: run.fileName,
    jobId: run.jobId,
    duplicate,
  });
  if (existing) {
    if (existing.doneAt) return answer(existing, true);
    const [job] = existing.jobId
      ? await ctx.tx
          .select({ state: backgroundJobs.state })
          .from(backgroundJobs)
          .where(eq(backgroundJobs.id, existing.jobId))
      : [];
    if (job && (job.state === 'queued' || job.state === 'running')) return answer(existing, true);
  }
  const userId = actingUserId(ctx.auth);
  const checked = { checkedAt: ctx.clock(), checkedBy: userId, checkedVersion: descriptionVersion };
  // The file's preview passed for this user and this description: not dry-run again.
  let passed = true;
  if (!existing || !isChecked(existing, userId, descriptionVersion)) {
    const preview = await previewImport({ ...ctx, auth: ctx.auth }, dataImport, file.bytes, options);
    passed = preview.errorCount === 0;
    if (!passed) {
      // Only the valid rows asked for: refused still for the file's own errors, or when no row passes.
      if (!options.validRowsOnly || preview.errors.some((error) => error.row === 0)) {
        refuseByRow(preview.errors, preview.errorCount);
      }
      if (preview.counts.create + preview.counts.update === 0) {
        refuseByRow([{ row: 0, message: M.noValidRows }], 1);
      }
    }
  }
  // A file with errors is not marked checked: its job dry-runs it again to know the rows it skips.
  const [run] = existing
    ? passed
      ? await ctx.tx.update(dataImportRuns).set(checked).where(eq(dataImportRuns.id, existing.id)).returning()
      : [existing]
    : await ctx.tx
        .insert(dataImportRuns)
        .values({
          descriptionId: options.descriptionId,
          fileHash,
          fileName: file.name,
          initiator,
          userId,
          createdAt: ctx.clock(),
          ...(passed ? checked : {}),
        })
        .returning();
  const job = await dataImportRunTask.enqueue(
    ctx,
    { runId: run!.id, fileId: file.id, options },
    { label: file.name },
  );
  const [updated] = await ctx.tx
    .update(dataImportRuns)
    .set({ jobId: job.id })
    .where(eq(dataImportRuns.id, run!.id))
    .returning();
  return answer(updated!, false);
}

const isChecked = (
  run: { checkedAt: Date | null; checkedBy: number | null; checkedVersion: number | null },
  userId: number | null,
  version: number,
) => run.checkedAt !== null && run.checkedBy === userId && userId !== null && run.checkedVersion === version;

/**
 * Keeps that a file's dry run (a preview) passed for the user with the description at that version: the
 * run of the same file then enqueues its job without dry-running it again, and the job writes it without
 * its own. A run row of that file made now (no job yet) holds it.
 */
export async function rememberChecked(
  ctx: EnqueueContext & { clock: () => Date },
  file: { bytes: Uint8Array; name: string },
  options: DataImportOptions,
  descriptionVersion: number,
) {
  const userId = actingUserId(ctx.auth);
  if (userId === null) return;
  const checked = { checkedAt: ctx.clock(), checkedBy: userId, checkedVersion: descriptionVersion };
  await ctx.tx
    .insert(dataImportRuns)
    .values({
      descriptionId: options.descriptionId,
      fileHash: fileHashOf(file.bytes),
      fileName: file.name,
      initiator: options.orderId === null ? '' : `order:${options.orderId}`,
      userId,
      createdAt: ctx.clock(),
      ...checked,
    })
    .onConflictDoUpdate({
      target: [dataImportRuns.descriptionId, dataImportRuns.fileHash, dataImportRuns.initiator],
      set: checked,
    });
}

/** Whether this file was run with the description (into that order) already: done, or under way. */
export async function alreadyRun(
  ctx: EnqueueContext,
  descriptionId: number,
  fileHash: string,
  orderId: number | null,
) {
  const [run] = await ctx.tx
    .select({ doneAt: dataImportRuns.doneAt, state: backgroundJobs.state })
    .from(dataImportRuns)
    .leftJoin(backgroundJobs, eq(backgroundJobs.id, dataImportRuns.jobId))
    .where(
      and(
        eq(dataImportRuns.descriptionId, descriptionId),
        eq(dataImportRuns.fileHash, fileHash),
        eq(dataImportRuns.initiator, orderId === null ? '' : `order:${orderId}`),
      ),
    );
  return !!run && (run.doneAt !== null || run.state === 'queued' || run.state === 'running');
}
