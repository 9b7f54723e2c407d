import {
  DATA_IMPORT_PREVIEW_ROWS,
  type DataImportCheck,
  type DataImportStoredPreview,
  DATA_IMPORT_MESSAGES as M,
} from '@tms/domain';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { actingUserId } from '../../platform/auth/context';
import { ownerPrincipal } from '../../platform/auth/owner';
import { notFound } from '../../platform/errors';
import { fileStorageOf } from '../../platform/files/routes';
import type { ImportContext, ImportPreview } from '../../platform/imports';
import { authorizeImport, planImport, refuseByRow, uploadedImportFile } from '../../platform/imports';
import { backgroundJobs } from '../../platform/jobs/tables';
import { defineTask, type EnqueueContext } from '../../platform/jobs/tasks';
import type { WorkerPool } from '../../platform/workers/pool';
import { asBuffer } from '../../platform/workers/tasks';
import { descriptionService } from './descriptions';
import {
  type DataImportHead,
  type DataImportOptions,
  dataImport,
  dataImportOptionsSchema,
  fileHashOf,
  openFile,
  planFile,
  prepare,
  writeFile,
} from './import';
import type { Cells } from './rows';
import { dataImportDescriptions, dataImportRuns } from './tables';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Formula prefixes neutralised: a spreadsheet shows such a cell's text instead of computing it. */
export const safeCell = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** The rows of a file in all, as the share of it read so far tells (exact once it is read whole). */
const totalOf = (count: number, read: number) =>
  read > 0 ? Math.max(count, Math.round(count / read)) : count;

/** The dry run of a file with its progress (`Checked {{count}} of {{total}} rows`), writing nothing. */
async function dryRun(
  ctx: ImportContext,
  file: Awaited<ReturnType<typeof openFile>>,
  options: DataImportOptions,
  progress: (percent: number, message?: string, params?: Record<string, string | number>) => void,
) {
  return planImport(
    ctx,
    {
      ...dataImport,
      plan: (c, read, o) =>
        planFile(c, read, o, (count, share) =>
          progress(share * 100, M.checking, { count, total: totalOf(count, share) }),
        ),
    },
    file,
    options,
  );
}

/** A dry run's rows with errors as XLSX: the file's row, each mapped cell (formulas neutralised), the messages. */
async function errorsXlsx(
  workers: WorkerPool,
  description: { name: string; columns: { field: string; header: string }[] },
  preview: ImportPreview<Cells, DataImportHead>,
): Promise<Buffer> {
  const columns = preview.head.columns.filter((column) => column.field !== null);
  const byField = new Map(description.columns.map((column) => [column.field, column.header]));
  const rows: string[][] = [];
  for (const error of preview.errors.filter((e) => e.row === 0)) {
    rows.push(['0', ...columns.map(() => ''), safeCell(error.message)]);
  }
  for (const row of preview.rows) {
    if (!row.errors?.length) continue;
    const messages = row.errors.map((e) =>
      e.field ? `${byField.get(e.field) ?? e.field}: ${e.message}` : e.message,
    );
    rows.push([
      String(row.row),
      ...columns.map((column) => safeCell(row.values[column.field!] ?? '')),
      safeCell(messages.join('\n')),
    ]);
  }
  return asBuffer(
    await workers.run('resources.export-xlsx', {
      title: description.name,
      columns: [
        { header: '#', date: false },
        ...columns.map((column) => ({ header: column.title, date: false, text: true })),
        { header: 'Errors / Ошибки', date: false },
      ],
      rows,
    }),
  );
}

/** What a dry-run or run job of a file carries: its run, the uploaded file and the parse options. */
const fileJobPayload = z.object({
  runId: z.number().int().positive(),
  fileId: z.number().int().positive(),
  options: dataImportOptionsSchema,
});

/**
 * The dry run of a file in the job queue, with progress: every row through the target's services in a
 * transaction rolled back (as the run will write it). Its answer (the first rows, the errors, the counts)
 * is kept on the file's run for its owner to read when he comes back, its rows with errors are the job's
 * result file (XLSX); a file that passes is marked checked, so its run is not dry-run again.
 */
export const dataImportPreviewTask = defineTask({
  name: 'data-import.preview',
  payload: fileJobPayload,
  maxAttempts: 3,
  async run({ database, config, registries, clock, job, progress }, { runId, fileId, options }) {
    if (job.userId === null) throw new Error('An import job has an owner');
    const auth = await ownerPrincipal(database.db, job.userId, registries);
    authorizeImport(auth, dataImport);
    const ctx = { tx: database.db, registries, clock, auth };
    const bytes = await uploadedImportFile(database.db, fileStorageOf(config), job.userId, fileId);
    progress(0, 'Reading the file');
    const description = await descriptionService.find(ctx, options.descriptionId, { access: 'read' });
    const file = await openFile(registries.workers, bytes, options);
    const preview = await dryRun(ctx, file, options, progress);
    const stored: DataImportStoredPreview = {
      descriptionVersion: description.version,
      columns: preview.head.columns,
      rows: preview.rows
        .slice(0, DATA_IMPORT_PREVIEW_ROWS)
        .map((row) => ({ ...row, errors: [...(row.errors ?? [])] })),
      hiddenRows: Math.max(0, preview.rows.length - DATA_IMPORT_PREVIEW_ROWS),
      errors: preview.errors,
      errorCount: preview.errorCount,
      counts: preview.counts,
    };
    const passed = preview.errorCount === 0;
    // A later dry run of the same file (its run names another job) is not overwritten by this one.
    await database.db
      .update(dataImportRuns)
      .set({
        preview: stored,
        checkedAt: passed ? clock() : null,
        checkedBy: passed ? job.userId : null,
        checkedVersion: passed ? description.version : null,
      })
      .where(and(eq(dataImportRuns.id, runId), eq(dataImportRuns.previewJobId, job.id)));
    const summary = {
      message: M.checkDone,
      params: { count: preview.rows.length, errors: preview.errorCount },
    };
    if (passed) return { summary };
    const content = await errorsXlsx(registries.workers, description, preview);
    return { summary, file: { name: `${description.name}-errors.xlsx`, mimeType: XLSX, content } };
  },
});

/**
 * A file run with a description in the job queue: read, dry-run and written as the owner, all or nothing,
 * with progress. Taken again after a restart (its lease ran out): the rows and the run's `done` mark commit
 * together, so a second attempt finds either nothing written or the run done.
 */
export const dataImportRunTask = defineTask({
  name: 'data-import.run',
  payload: fileJobPayload,
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
    // The rows with errors, skipped when only the valid rows are asked for (else they refuse the file).
    const skipped = new Set<number>();
    // Rows in all (the progress's total): the dry run's count, kept or made now.
    let total: number | null = null;
    if (!checked) {
      // No passed dry run of the file for its owner (a file run without its check first, or one with
      // errors whose valid rows only are asked for): dry-run first, in the job, never in the request.
      const dry = await dryRun(ctx, await openFile(registries.workers, bytes, options), options, progress);
      if (dry.errorCount > 0) {
        if (!options.validRowsOnly || dry.errors.some((error) => error.row === 0)) {
          refuseByRow(dry.errors, dry.errorCount);
        }
        if (dry.counts.create + dry.counts.update === 0) refuseByRow([{ row: 0, message: M.noValidRows }], 1);
        for (const row of dry.rows) if (row.action === 'error') skipped.add(row.row);
      }
      total = dry.rows.length;
    }
    const counts = await database.db.transaction(async (tx) => {
      // The run's row locked: an attempt of the same run elsewhere waits, then finds it done.
      const [run] = await tx.select().from(dataImportRuns).where(eq(dataImportRuns.id, runId)).for('update');
      if (!run || run.doneAt) return null;
      const kept = run.preview?.counts;
      total ??= kept ? Object.values(kept).reduce((a, b) => a + b, 0) : null;
      const file = await openFile(registries.workers, bytes, options);
      if ('refusal' in file) refuseByRow([{ row: 0, message: file.refusal }], 1);
      const done = await writeFile({ ...ctx, tx }, file, options, skipped, (count, read) =>
        progress(read * 100, 'Imported {{count}} of {{total}} rows', {
          count,
          total: total ?? totalOf(count, read),
        }),
      );
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
 * run whose job failed or was cancelled goes again. A file whose kept dry run (the caller's own, with the
 * description unchanged) found errors is refused with them (the 400 tree by row) before any job exists;
 * one without a kept dry run is dry-run by its job first (its errors fail the job), never in the request.
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
  // The file's dry run passed for this user and this description: its job writes it without another.
  if (existing && !isChecked(existing, userId, descriptionVersion)) {
    // The user's own finished dry run of this file with this description (it found errors) answers for it.
    const [own] =
      existing.preview?.descriptionVersion === descriptionVersion && existing.previewJobId !== null
        ? await ctx.tx
            .select({ id: backgroundJobs.id })
            .from(backgroundJobs)
            .where(and(eq(backgroundJobs.id, existing.previewJobId), eq(backgroundJobs.userId, userId ?? -1)))
        : [];
    const preview = own ? existing.preview : null;
    if (preview && preview.errorCount > 0) {
      // Only the valid rows asked for: refused still for the file's own errors, or when no row passes.
      if (!options.validRowsOnly || preview.errors.some((error) => error.row === 0)) {
        refuseByRow(preview.errors, preview.errorCount);
      }
      if (preview.counts.create + preview.counts.update === 0) {
        refuseByRow([{ row: 0, message: M.noValidRows }], 1);
      }
    }
  }
  // Without a passed dry run (none kept, or one with errors whose valid rows only are asked for) the job
  // dry-runs the file first: never inside this request.
  const [run] = existing
    ? [existing]
    : await ctx.tx
        .insert(dataImportRuns)
        .values({
          descriptionId: options.descriptionId,
          fileHash,
          fileName: file.name,
          initiator,
          userId,
          createdAt: ctx.clock(),
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

/**
 * Enqueues the dry run of a file (the caller's upload) with a description: its run (one per file content,
 * description and order) made or found, the job named on it and its earlier answer dropped. The order
 * imported into is checked now (404 as its page answers), the rest by the job.
 */
export async function checkFile(
  ctx: EnqueueContext & { clock: () => Date },
  file: { id: number; bytes: Uint8Array; name: string },
  options: DataImportOptions,
): Promise<DataImportCheck> {
  authorizeImport(ctx.auth, dataImport);
  await prepare({ ...ctx }, options.descriptionId, options.orderId);
  const initiator = options.orderId === null ? '' : `order:${options.orderId}`;
  const [run] = await ctx.tx
    .insert(dataImportRuns)
    .values({
      descriptionId: options.descriptionId,
      fileHash: fileHashOf(file.bytes),
      fileName: file.name,
      initiator,
      userId: actingUserId(ctx.auth),
      createdAt: ctx.clock(),
    })
    .onConflictDoUpdate({
      target: [dataImportRuns.descriptionId, dataImportRuns.fileHash, dataImportRuns.initiator],
      set: { fileName: file.name },
    })
    .returning();
  const job = await dataImportPreviewTask.enqueue(
    ctx,
    { runId: run!.id, fileId: file.id, options },
    { label: file.name },
  );
  await ctx.tx
    .update(dataImportRuns)
    .set({ previewJobId: job.id, preview: null })
    .where(eq(dataImportRuns.id, run!.id));
  return {
    runId: run!.id,
    descriptionId: options.descriptionId,
    fileId: file.id,
    fileName: file.name,
    jobId: job.id,
    initiatorType: options.orderId === null ? null : 'order',
    initiatorId: options.orderId,
    preview: null,
  };
}

/** A run's last dry run as its owner (the user who asked for it) reads it; 404 for anyone else. */
async function ownCheck(ctx: EnqueueContext, where: ReturnType<typeof and>) {
  const [found] = await ctx.tx
    .select({ run: dataImportRuns, job: backgroundJobs })
    .from(dataImportRuns)
    .innerJoin(backgroundJobs, eq(backgroundJobs.id, dataImportRuns.previewJobId))
    .where(where);
  const userId = actingUserId(ctx.auth);
  if (!found || userId === null || found.job.userId !== userId) throw notFound();
  return found;
}

/** The dry run of a run's file: its job (progress) and, once done, its answer. */
export async function readCheck(ctx: EnqueueContext, runId: number): Promise<DataImportCheck> {
  authorizeImport(ctx.auth, dataImport);
  const { run, job } = await ownCheck(ctx, eq(dataImportRuns.id, runId));
  const payload = dataImportPreviewTask.payload.parse(job.payload);
  const orderId = payload.options.orderId;
  const stored = run.preview;
  return {
    runId: run.id,
    descriptionId: run.descriptionId,
    fileId: payload.fileId,
    fileName: run.fileName,
    jobId: job.id,
    initiatorType: orderId === null ? null : 'order',
    initiatorId: orderId,
    preview: stored
      ? {
          fileHash: run.fileHash,
          columns: stored.columns,
          rows: stored.rows,
          hiddenRows: stored.hiddenRows,
          errors: stored.errors,
          errorCount: stored.errorCount,
          counts: stored.counts,
          alreadyImported: await alreadyRun(ctx, run.descriptionId, run.fileHash, orderId),
        }
      : null,
  };
}

/** The file of a file's dry run's rows with errors (its job's result), for the owner of that dry run. */
export async function checkErrorsFile(
  ctx: EnqueueContext,
  file: { bytes: Uint8Array },
  options: DataImportOptions,
): Promise<number> {
  authorizeImport(ctx.auth, dataImport);
  const { job } = await ownCheck(
    ctx,
    and(
      eq(dataImportRuns.descriptionId, options.descriptionId),
      eq(dataImportRuns.fileHash, fileHashOf(file.bytes)),
      eq(dataImportRuns.initiator, options.orderId === null ? '' : `order:${options.orderId}`),
    ),
  );
  if (job.state !== 'done' || job.resultFileId === null) throw notFound(M.noCheck);
  return job.resultFileId;
}
