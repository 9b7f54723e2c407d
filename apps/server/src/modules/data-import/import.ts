import { createHash } from 'node:crypto';
import {
  DATA_IMPORT_DELIMITER_CHARS,
  DATA_IMPORT_INITIATOR_TARGETS,
  DATA_IMPORT_PREVIEW_ROWS,
  DATA_IMPORT_ROLES,
  type DataImportDateFormat,
  type DataImportTarget,
  IMPORT_MESSAGES,
  type ImportError,
  DATA_IMPORT_MESSAGES as M,
  MAX_TABLE_ROWS,
} from '@tms/domain';
import { z } from 'zod';
import {
  cellsOf,
  defineImport,
  type ImportContext,
  type ImportTable,
  type PlannedRow,
  readTableIn,
  refuseByRow,
  streamTableIn,
  suggestMapping,
  type TableColumn,
  type TableRow,
} from '../../platform/imports';
import type { WorkerPool } from '../../platform/workers/pool';
import { descriptionService } from './descriptions';
import {
  type Cells,
  type FileRow,
  newRunState,
  type Prepared,
  RowRefused,
  type RunState,
  writeCargo,
  writeRow,
  writeRows,
} from './rows';
import type { dataImportDescriptions } from './tables';
import { targetFields, targetResource } from './targets';

type DescriptionRow = typeof dataImportDescriptions.$inferSelect;

/** What a run of a file takes: the description, the order it imports into, how the file is read. */
export const dataImportOptionsSchema = z.object({
  descriptionId: z.number().int().positive(),
  orderId: z.number().int().positive().nullable().default(null),
  encoding: z.enum(['utf-8', 'windows-1251', 'ibm866']).optional(),
  delimiter: z.enum([';', ',', '\t', '|']).optional(),
  maxRows: z.number().int().positive().max(MAX_TABLE_ROWS).optional(),
  /** The rows that pass imported, the rows with errors skipped (all or nothing otherwise). */
  validRowsOnly: z.boolean().default(false),
});
export type DataImportOptions = z.infer<typeof dataImportOptionsSchema>;

/** The options of a file run with a description: its parse settings, and the order it imports into. */
export function optionsOf(
  description: DescriptionRow,
  orderId: number | null,
  validRowsOnly = false,
): DataImportOptions {
  return {
    descriptionId: description.id,
    orderId,
    validRowsOnly,
    encoding:
      description.encoding === 'auto' ? undefined : (description.encoding as DataImportOptions['encoding']),
    delimiter:
      description.delimiter === 'auto'
        ? undefined
        : DATA_IMPORT_DELIMITER_CHARS[description.delimiter as keyof typeof DATA_IMPORT_DELIMITER_CHARS],
    maxRows: description.maxRows,
  };
}

const NO_CELLS: Cells = Object.freeze({}) as Cells;

/** Rows written (and dry-run) together: one savepoint, their lookups in one query each. */
export const CHUNK_ROWS = 500;

/** The file's columns as the description took them: each header and the field it fills. */
export interface DataImportHead {
  columns: { index: number; title: string; field: string | null }[];
  rowCount: number;
  /** The apply's memory across its batches (references found, the cargo summed). */
  state?: RunState & { done: number };
}

/** A content hash of a file: a run of the same bytes with the same description is the same run. */
export const fileHashOf = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The description ready to run for the caller, or the file's error saying why it cannot. */
export async function prepare(
  ctx: ImportContext,
  descriptionId: number,
  orderId: number | null,
): Promise<Prepared | { error: string }> {
  const description = await descriptionService.find({ ...ctx }, descriptionId, { access: 'read' });
  const target = description.target as DataImportTarget;
  const forOrder = (DATA_IMPORT_INITIATOR_TARGETS.order as readonly string[]).includes(target);
  if (orderId !== null && !forOrder) return { error: M.initiatorNotForTarget };
  if (orderId === null && target === 'orderCargo') return { error: M.initiatorRequired };
  const handle = targetResource(ctx.registries, target, description.resource);
  const fields = targetFields(ctx.registries, target, description.resource);
  if (!handle || !fields) return { error: M.unknownResource };
  if (orderId !== null) {
    // The order imported into must be one the user may change (404 otherwise, as its page would answer).
    await targetResource(ctx.registries, 'orders', null)!.service.find(ctx, orderId, { access: 'write' });
  }
  const byName = new Map(fields.map((field) => [field.name, field]));
  return {
    target,
    mode: description.mode as Prepared['mode'],
    matchKey: description.matchKey,
    dateFormat: description.dateFormat as DataImportDateFormat,
    decimalComma: description.decimalComma,
    columns: description.columns.filter((column) => byName.has(column.field)),
    fields: byName,
    handle,
    orderId,
  };
}

const normal = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

/** A chunk of a file's rows as the reader passes it on, and how much of the file is read so far (0..1). */
export interface RowChunk {
  rows: TableRow[];
  read: number;
}

/**
 * A file's rows as the data import takes them: its header's columns, then its rows by chunks
 * (`openFile`: from the worker thread as they are asked for, so no side holds the file's rows at once).
 */
export interface RowSource {
  columns: TableColumn[];
  chunks: AsyncIterable<RowChunk>;
  /** Stops the reading when the chunks are not taken to their end (leaving their loop stops it too). */
  close(): Promise<void>;
}

/** A reader's refusal met after the rows began (a damaged archive): the file's error. */
export class FileRefused extends Error {
  constructor(readonly refusal: string) {
    super(refusal);
  }
}

/**
 * A file opened for the data import: read in a worker thread and passed on by chunks of `CHUNK_ROWS` rows
 * (`streamTableIn`), its header first; or why it cannot be read. A refusal after the first rows comes out
 * of the chunks as `FileRefused`. Each opening reads the file again (the dry run, then the write).
 */
export async function openFile(
  workers: WorkerPool,
  bytes: Uint8Array,
  options: DataImportOptions,
): Promise<RowSource | { refusal: string }> {
  const pieces = streamTableIn(workers, bytes, {
    format: 'auto',
    encoding: options.encoding,
    delimiter: options.delimiter,
    // Read one row past the limit so the file's error can say it has too many.
    maxRows: Math.min(MAX_TABLE_ROWS, (options.maxRows ?? MAX_TABLE_ROWS) + 1),
    chunkRows: CHUNK_ROWS,
  });
  const first = await pieces.next();
  if (first.done) return { refusal: IMPORT_MESSAGES.noRows };
  if ('refusal' in first.value) {
    await pieces.return(undefined);
    return { refusal: first.value.refusal };
  }
  if (!('head' in first.value)) throw new Error('A table stream begins with its header');
  const { columns } = first.value.head;
  return {
    columns,
    close: async () => {
      await pieces.return(undefined);
    },
    chunks: (async function* () {
      for await (const piece of pieces) {
        if ('refusal' in piece) throw new FileRefused(piece.refusal);
        if ('rows' in piece) yield { rows: piece.rows, read: piece.read };
      }
    })(),
  };
}

/** A table read whole (the pipeline's generic reader) as a row source: its rows by chunks. */
export function sourceOfTable(table: ImportTable): RowSource {
  return {
    columns: table.columns,
    close: async () => {},
    chunks: (async function* () {
      for (let start = 0; start < table.rows.length; start += CHUNK_ROWS) {
        const rows = table.rows.slice(start, start + CHUNK_ROWS);
        yield { rows, read: Math.min(1, (start + rows.length) / table.rows.length) };
      }
    })(),
  };
}

type FileSource = RowSource | ImportTable | { refusal: string };
const sourceOf = (file: RowSource | ImportTable): RowSource =>
  'chunks' in file ? file : sourceOfTable(file);

/** The file's columns mapped by the description's headers (and their other names). */
function mappingOf(columns: readonly TableColumn[], prepared: Prepared) {
  const mapping = suggestMapping(
    columns,
    prepared.columns.map((column) => ({
      name: column.field,
      headers: [column.header, ...column.alternates],
    })),
  );
  return { mapping, fields: prepared.columns.map((column) => column.field) };
}

/** What is wrong with the file's header: a header repeated (merged header cells), a column a required field or the match key needs missing. */
function headErrors(
  columns: readonly TableColumn[],
  prepared: Prepared,
  mapping: Record<string, number | null | undefined>,
) {
  const errors: { twice: ImportError[]; missing: ImportError[] } = { twice: [], missing: [] };
  const titles = new Map<string, string>();
  for (const column of columns) {
    const title = normal(column.title);
    if (title && titles.has(title))
      errors.twice.push({ row: 0, value: column.title, message: M.headerTwice });
    titles.set(title, column.title);
  }
  for (const column of prepared.columns) {
    const field = prepared.fields.get(column.field)!;
    const needed = column.field === prepared.matchKey || (field.required && prepared.mode !== 'update');
    if (needed && mapping[column.field] == null) {
      errors.missing.push({ row: 0, field: column.field, value: column.header, message: M.headerMissing });
    }
  }
  return errors;
}

/** Rows of the file whose text is looked at for an encoding that does not read. */
const ENCODING_ROWS = 1000;
const garbled = (text: string) => text.includes('\uFFFD') || text.includes('\u0000');

type DryRunAnswer = { head: DataImportHead; rows: PlannedRow<Cells>[]; errors: ImportError[] };

/** Rolls back the dry run's transaction and carries its answer out of it. */
class DryRunDone extends Error {
  constructor(readonly answer: DryRunAnswer) {
    super('dry run');
  }
}

/**
 * The plan of a file: its columns mapped, its file errors, and every row dry-run through the target's
 * services in a transaction rolled back, a chunk at a time as the reader passes the rows on. File errors:
 * an encoding that does not read (replacement or NUL characters), a header blank over data or repeated
 * (merged header cells), a column a required field or the match key needs missing, more rows than the
 * description takes; a file with any answers them and no row.
 */
export async function planFile(
  ctx: ImportContext,
  file: FileSource,
  options: DataImportOptions,
  /** Told after each chunk of the dry run: rows checked so far and the share of the file read (a job's progress). */
  progress?: (done: number, read: number) => void,
): Promise<DryRunAnswer> {
  const head: DataImportHead = { columns: [], rowCount: 0 };
  if ('refusal' in file) return { head, rows: [], errors: [{ row: 0, message: file.refusal }] };
  const source = sourceOf(file);
  const prepared = await prepare(ctx, options.descriptionId, options.orderId).catch(async (error) => {
    await source.close();
    throw error;
  });
  if ('error' in prepared) {
    await source.close();
    return { head, rows: [], errors: [{ row: 0, message: prepared.error }] };
  }
  const { mapping, fields } = mappingOf(source.columns, prepared);
  const fieldOf = new Map(Object.entries(mapping).map(([field, index]) => [index, field]));
  head.columns = source.columns.map((column) => ({ ...column, field: fieldOf.get(column.index) ?? null }));
  const maxRows = Math.min(options.maxRows ?? MAX_TABLE_ROWS, MAX_TABLE_ROWS);
  const header = headErrors(source.columns, prepared, mapping);
  const named = new Set(source.columns.filter((c) => normal(c.title) !== '').map((c) => c.index));
  let badEncoding = source.columns.some((column) => garbled(column.title));
  let headerBlank = false;
  let tooMany = false;
  const fileErrors = (): ImportError[] =>
    badEncoding
      ? [{ row: 0, message: M.badEncoding }]
      : [
          ...header.twice,
          ...(headerBlank ? [{ row: 0, message: M.headerBlank }] : []),
          ...header.missing,
          ...(tooMany ? [{ row: 0, message: IMPORT_MESSAGES.tooManyRows }] : []),
        ];
  try {
    await ctx.tx.transaction(async (tx) => {
      const dry = { ...ctx, tx };
      const state = newRunState();
      const keys = new Map<string, number>();
      const rows: PlannedRow<Cells>[] = [];
      let seen = 0;
      /** A chunk's rows to write: the chunk in one savepoint, each row in its own only when it has a refusal. */
      const flush = async (chunk: { planned: PlannedRow<Cells>; line: FileRow; index: number }[]) => {
        if (!chunk.length) return;
        const lines = chunk.map((c) => c.line);
        try {
          const actions = await tx.transaction((inner) =>
            writeRows({ ...dry, tx: inner }, prepared, state, lines),
          );
          chunk.forEach((c, i) => {
            c.planned.action = actions[i]!;
          });
        } catch (error) {
          if (!(error instanceof RowRefused)) throw error;
          for (const { planned, line } of chunk) {
            try {
              planned.action = await tx.transaction((row) =>
                writeRow({ ...dry, tx: row }, prepared, state, line.row, line.cells),
              );
            } catch (refusal) {
              if (!(refusal instanceof RowRefused)) throw refusal;
              planned.action = 'error';
              planned.errors = refusal.errors;
            }
          }
        }
        // The preview shows the first rows and the rows with errors: the others' cells are not kept.
        for (const { planned, index } of chunk) {
          if (planned.action !== 'error' && index >= DATA_IMPORT_PREVIEW_ROWS) planned.values = NO_CELLS;
        }
      };
      const fileLevel: ImportError[] = [];
      try {
        for await (const { rows: lines, read } of source.chunks) {
          for (const line of lines) {
            if (seen < ENCODING_ROWS && Object.values(line.cells).some(garbled)) badEncoding = true;
            if (!headerBlank && Object.keys(line.cells).some((index) => !named.has(Number(index)))) {
              headerBlank = true;
            }
            if (++seen > maxRows) tooMany = true;
          }
          // A file with errors of its own: its rows are not planned, the rest is only looked at for them.
          if (badEncoding || tooMany) break;
          if (fileErrors().length) continue;
          const chunk: { planned: PlannedRow<Cells>; line: FileRow; index: number }[] = [];
          for (const line of lines) {
            const cells = cellsOf(line, mapping, fields);
            if (fields.every((field) => cells[field] === '')) {
              rows.push({ row: line.number, action: 'skip', values: cells });
              continue;
            }
            const key = prepared.matchKey ? cells[prepared.matchKey]?.toLowerCase() : '';
            const earlier = key ? keys.get(key) : undefined;
            if (earlier !== undefined) {
              const message = M.duplicateKey;
              rows.push({
                row: line.number,
                action: 'error',
                values: cells,
                errors: [
                  { row: line.number, field: prepared.matchKey!, value: cells[prepared.matchKey!], message },
                ],
              });
              continue;
            }
            if (key) keys.set(key, line.number);
            const planned: PlannedRow<Cells> = { row: line.number, action: 'create', values: cells };
            rows.push(planned);
            chunk.push({ planned, line: { row: line.number, cells }, index: rows.length - 1 });
          }
          await flush(chunk);
          progress?.(seen, read);
        }
      } catch (error) {
        if (!(error instanceof FileRefused)) throw error;
        throw new DryRunDone({ head, rows: [], errors: [{ row: 0, message: error.refusal }] });
      }
      head.rowCount = seen;
      if (seen === 0)
        throw new DryRunDone({ head, rows: [], errors: [{ row: 0, message: IMPORT_MESSAGES.noRows }] });
      const errors = fileErrors();
      if (errors.length) throw new DryRunDone({ head, rows: [], errors });
      progress?.(seen, 1);
      if (!rows.some((row) => row.action === 'error')) {
        try {
          await tx.transaction((inner) => writeCargo({ ...dry, tx: inner }, prepared, state.cargo));
        } catch (error) {
          if (!(error instanceof RowRefused)) throw error;
          for (const found of error.errors) {
            const planned = rows.find((row) => row.row === found.row);
            if (!planned) fileLevel.push({ ...found, row: 0 });
            else {
              planned.action = 'error';
              planned.errors = [...(planned.errors ?? []), found];
            }
          }
        }
      }
      throw new DryRunDone({ head, rows, errors: fileLevel });
    });
  } catch (error) {
    if (error instanceof DryRunDone) return error.answer as DryRunAnswer;
    throw error;
  }
  throw new Error('unreachable: the dry run always rolls back');
}

/**
 * A file whose dry run passed written through the target's services in `ctx.tx` (the run's transaction),
 * a chunk at a time as the reader passes the rows on, each chunk in its savepoint: the rows in `skipped`
 * (refused by the dry run, when only the valid rows are asked for) and blank rows left out, the order's
 * cargo written once all its lines are summed. A row refused now (the data changed since the dry run)
 * refuses the file (the 400 tree by row): the caller's transaction is rolled back.
 */
export async function writeFile(
  ctx: ImportContext,
  source: RowSource,
  options: DataImportOptions,
  skipped: ReadonlySet<number>,
  /** Told after each chunk: rows read so far and the share of the file read. */
  progress?: (done: number, read: number) => void,
): Promise<{ create: number; update: number }> {
  const prepared = await prepare(ctx, options.descriptionId, options.orderId).catch(async (error) => {
    await source.close();
    throw error;
  });
  if ('error' in prepared) {
    await source.close();
    refuseByRow([{ row: 0, message: prepared.error }], 1);
  }
  const { mapping, fields } = mappingOf(source.columns, prepared);
  const state = newRunState();
  const counts = { create: 0, update: 0 };
  let seen = 0;
  const refused = (error: unknown): never => {
    if (error instanceof RowRefused) refuseByRow(error.errors, error.errors.length);
    if (error instanceof FileRefused) refuseByRow([{ row: 0, message: error.refusal }], 1);
    throw error;
  };
  try {
    for await (const { rows, read } of source.chunks) {
      seen += rows.length;
      const lines: FileRow[] = [];
      for (const line of rows) {
        if (skipped.has(line.number)) continue;
        const cells = cellsOf(line, mapping, fields);
        if (fields.every((field) => cells[field] === '')) continue;
        lines.push({ row: line.number, cells });
      }
      if (lines.length) {
        const actions = await ctx.tx.transaction((tx) => writeRows({ ...ctx, tx }, prepared, state, lines));
        for (const action of actions) counts[action]++;
      }
      progress?.(seen, read);
    }
    await writeCargo(ctx, prepared, state.cargo);
  } catch (error) {
    refused(error);
  }
  return counts;
}

/**
 * The data import, a configuration of the import pipeline (docs/decisions/015-import-pipeline.md): the file
 * read in a worker thread (CSV in UTF-8, Windows-1251 or DOS 866, detected unless the description says; or
 * XLSX), its columns mapped by the description's headers and their other names, then every row run through
 * the target's services in a transaction that is rolled back (the dry run: no event, no mail is left of it),
 * so each row's answer is the one the import will have. The apply runs them again for real, all or nothing.
 */
export const dataImport = defineImport<
  FileSource,
  Cells,
  DataImportOptions,
  Record<string, number>,
  DataImportHead
>({
  name: 'data-import',
  roles: DATA_IMPORT_ROLES,
  options: dataImportOptionsSchema,
  read: (workers, bytes, options) =>
    readTableIn(workers, bytes, {
      format: 'auto',
      encoding: options.encoding,
      delimiter: options.delimiter,
      // Read one row past the limit so the file's error can say it has too many.
      maxRows: Math.min(MAX_TABLE_ROWS, (options.maxRows ?? MAX_TABLE_ROWS) + 1),
    }),
  plan: (ctx, file, options) => planFile(ctx, file, options),
  async apply(ctx, rows, options, head) {
    const prepared = await prepare(ctx, options.descriptionId, options.orderId);
    if ('error' in prepared) refuseByRow([{ row: 0, message: prepared.error }], 1);
    head.state ??= { ...newRunState(), done: 0 };
    const counts = { create: 0, update: 0 };
    head.state.done += rows.length;
    const lines = rows.filter((r) => r.action !== 'skip').map((r) => ({ row: r.row, cells: r.values }));
    try {
      for (const action of await writeRows(ctx, prepared, head.state, lines)) counts[action]++;
    } catch (error) {
      if (error instanceof RowRefused) refuseByRow(error.errors, error.errors.length);
      throw error;
    }
    // The cargo lines go into the order once all of them are summed (the last batch).
    if (head.state.done >= head.rowCount) {
      try {
        await writeCargo(ctx, prepared, head.state.cargo);
      } catch (error) {
        if (error instanceof RowRefused) refuseByRow(error.errors, error.errors.length);
        throw error;
      }
    }
    return counts;
  },
  batchSize: CHUNK_ROWS,
  combine: (a, b) => ({
    create: (a.create ?? 0) + (b.create ?? 0),
    update: (a.update ?? 0) + (b.update ?? 0),
  }),
});
