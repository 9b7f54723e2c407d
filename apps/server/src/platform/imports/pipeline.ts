import {
  FileErrors,
  IMPORT_ACTIONS,
  IMPORT_MESSAGES,
  type ImportAction,
  type ImportCounts,
  type ImportError,
  MORE_FILE_ERRORS,
  type Permission,
} from '@tms/domain';
import type { z } from 'zod';
import { isStaff, type Principal } from '../auth/context';
import { ErrorCollector, forbidden, HttpError } from '../errors';
import { hasAnyRole } from '../permissions/check';
import type { CallContext } from '../resources/context';
import type { WorkerPool } from '../workers/pool';

/** Who runs an import and where: the principal (a user, or the system in a job) and the transaction. */
export interface ImportContext extends CallContext {
  auth: Principal;
}

/**
 * A row of the file as the import would take it: its row in the file (a sheet's row, a text's line), what
 * would become of it and the values it would write, or why not (`error`, with the cells' messages).
 */
export interface PlannedRow<V> {
  row: number;
  action: ImportAction;
  values: V;
  errors?: readonly ImportError[];
}

/** What the plan of a file found: what it knows of the file as a whole (`head`), its rows, the file's own errors. */
export interface ImportPlan<V, H> {
  head: H;
  rows: PlannedRow<V>[];
  /** Errors beyond the rows' own (a reader's, row 0 for the file): the first ones, and how many in all. */
  errors?: readonly ImportError[];
  errorCount?: number;
}

/**
 * One import, declared once (docs/development.md "Adding an import"): who may run it, how its file is read
 * (in a worker thread), how every row is checked against the database and planned, and how the planned rows
 * are written through the domain's use cases and services. `R` is what the reader answers, `V` a planned
 * row's values, `O` the caller's options (a mapping, decisions), `S` what the import answers, `H` the head.
 */
export interface ImportDefinition<R, V, O, S, H = undefined> {
  name: string;
  /** Who may preview and apply it, checked for any caller (the system passes). */
  roles: readonly Permission[];
  /** The caller's options (a mapping, decisions) as a job's payload carries them; unset, it takes none. */
  options?: z.ZodType<O>;
  /** Most bytes of its file, below `MAX_IMPORT_BYTES` (what a file of its kind can be): larger is a 413. */
  maxBytes?: number;
  /** Reads the file in the app's worker threads (a reader task of `platform/imports/tasks.ts` or the module's). */
  read(workers: WorkerPool, bytes: Uint8Array, options: O): Promise<R>;
  /** Maps and checks every row against the database, writing nothing. */
  plan(ctx: ImportContext, read: R, options: O): Promise<ImportPlan<V, H>>;
  /** Writes planned rows (all of them, or one batch) in `ctx.tx`; a refusal throws and rolls them back. */
  apply(ctx: ImportContext, rows: readonly PlannedRow<V>[], options: O, head: H): Promise<S>;
  /** Rows per transaction for a large file; unset, the whole file is one transaction. */
  batchSize?: number;
  /** The answer of several batches as one (required with `batchSize`). */
  combine?(a: S, b: S): S;
  /** The refusal of a file with errors (default: `rows.<row>.<field>` of the 400 tree, `file` for row 0). */
  refuse?(errors: readonly ImportError[], errorCount: number): never;
}

/** A definition of any shape, as a registry or a job holds it. */
// biome-ignore lint/suspicious/noExplicitAny: a registry holds imports of every row and answer type.
export type AnyImport = ImportDefinition<any, any, any, any, any>;

export function defineImport<R, V, O, S, H = undefined>(
  definition: ImportDefinition<R, V, O, S, H>,
): ImportDefinition<R, V, O, S, H> {
  if (definition.batchSize !== undefined && !definition.combine) {
    throw new Error(`The import "${definition.name}" has batches and no combine`);
  }
  return definition;
}

/** The preview of a file: its head, every row planned, the first errors by row and their count, the counts. */
export interface ImportPreview<V, H> {
  head: H;
  rows: PlannedRow<V>[];
  errors: ImportError[];
  errorCount: number;
  counts: ImportCounts;
}

/** Refuses (403) a principal the import is not for; the system passes, a cabinet is never let in. */
export function authorizeImport(auth: Principal, definition: { roles: readonly Permission[] }): void {
  if (auth.kind === 'system') return;
  if (!isStaff(auth) || !hasAnyRole(auth, definition.roles)) throw forbidden();
}

/** A file's errors by row (a row's in the order found), the first `MAX_FILE_ERRORS` kept, and their count. */
export const importErrors = () => new FileErrors<ImportError>((a, b) => a.row - b.row);

/**
 * Reads a file (in a worker thread), plans every row and answers the preview: what each row would become
 * (create, update, unchanged, skip, error), the first errors by row and their count. Writes nothing.
 */
export async function previewImport<R, V, O, S, H>(
  ctx: ImportContext,
  definition: ImportDefinition<R, V, O, S, H>,
  bytes: Uint8Array,
  options: O,
): Promise<ImportPreview<V, H>> {
  authorizeImport(ctx.auth, definition);
  if (definition.maxBytes !== undefined && bytes.length > definition.maxBytes) {
    throw new HttpError(413, IMPORT_MESSAGES.tooLarge);
  }
  const read = await definition.read(ctx.registries.workers, bytes, options);
  return planImport(ctx, definition, read, options);
}

/** The plan of a file already read: its rows and every error, capped (`importErrors`), and the counts. */
export async function planImport<R, V, O, S, H>(
  ctx: ImportContext,
  definition: ImportDefinition<R, V, O, S, H>,
  read: R,
  options: O,
): Promise<ImportPreview<V, H>> {
  const plan = await definition.plan(ctx, read, options);
  const errors = importErrors();
  errors.addFound(plan.errors ?? [], plan.errorCount ?? plan.errors?.length ?? 0);
  const counts = Object.fromEntries(IMPORT_ACTIONS.map((action) => [action, 0])) as ImportCounts;
  for (const row of plan.rows) {
    counts[row.action]++;
    for (const error of row.errors ?? []) errors.add(error);
  }
  return { head: plan.head, rows: plan.rows, errors: errors.list(), errorCount: errors.count, counts };
}

/** The default refusal: each error under `rows.<row>.<field>` (`file` for the file), and a word when there are more. */
export function refuseByRow(errors: readonly ImportError[], errorCount: number): never {
  const collector = new ErrorCollector();
  for (const e of errors)
    collector.add(e.row === 0 ? ['file'] : ['rows', String(e.row), e.field ?? 'row'], e.message);
  if (errorCount > errors.length) collector.add(['file'], MORE_FILE_ERRORS);
  collector.throwIfAny();
  throw new Error('unreachable: a refusal without errors');
}

export interface ApplyOptions {
  /** Told after each batch: rows written so far and in all (a job's progress). */
  progress?(done: number, total: number): void;
}

/**
 * Imports a file whole or not at all: reads and plans it as the preview does, refuses a file with any error
 * (nothing written), then writes its rows through the definition's `apply`: in one transaction in `ctx.tx`,
 * or, with `batchSize`, one nested transaction per batch (each commits on its own when `ctx.tx` is the
 * database, as in a job), telling `progress` after each.
 */
export async function applyImport<R, V, O, S, H>(
  ctx: ImportContext,
  definition: ImportDefinition<R, V, O, S, H>,
  bytes: Uint8Array,
  options: O,
  apply: ApplyOptions = {},
): Promise<S> {
  const preview = await previewImport(ctx, definition, bytes, options);
  return applyPlanned(ctx, definition, preview, options, apply);
}

/** Writes a previewed file (`applyImport` once read): refused whole with its errors, else in its batches. */
export async function applyPlanned<V, O, S, H>(
  ctx: ImportContext,
  definition: ImportDefinition<unknown, V, O, S, H>,
  preview: ImportPreview<V, H>,
  options: O,
  apply: ApplyOptions = {},
): Promise<S> {
  if (preview.errorCount > 0) (definition.refuse ?? refuseByRow)(preview.errors, preview.errorCount);
  const { rows, head } = preview;
  const size = definition.batchSize;
  if (size === undefined) {
    // Its own transaction (a savepoint inside a request's): a job's `ctx.tx` is the database itself.
    const result = await ctx.tx.transaction((tx) => definition.apply({ ...ctx, tx }, rows, options, head));
    apply.progress?.(rows.length, rows.length);
    return result;
  }
  let result: S | undefined;
  for (let start = 0; start === 0 || start < rows.length; start += size) {
    const batch = rows.slice(start, start + size);
    const done = await ctx.tx.transaction((tx) => definition.apply({ ...ctx, tx }, batch, options, head));
    result = result === undefined ? done : definition.combine!(result, done);
    apply.progress?.(Math.min(start + size, rows.length), rows.length);
  }
  return result as S;
}
