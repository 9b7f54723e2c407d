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
  suggestMapping,
} from '../../platform/imports';
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

/**
 * What is wrong with the file as a whole: not in its encoding (replacement or NUL characters), a header
 * blank over data or repeated (merged header cells), a column a required field or the match key needs
 * missing, more rows than the description takes.
 */
function fileErrors(
  table: ImportTable,
  prepared: Prepared,
  mapping: Record<string, number | null | undefined>,
  maxRows: number,
) {
  const errors: ImportError[] = [];
  const garbled = (text: string) => text.includes('\uFFFD') || text.includes('\u0000');
  if (
    table.columns.some((column) => garbled(column.title)) ||
    table.rows.slice(0, 1000).some((row) => Object.values(row.cells).some(garbled))
  ) {
    return [{ row: 0, message: M.badEncoding }];
  }
  const titles = new Map<string, string>();
  for (const column of table.columns) {
    const title = normal(column.title);
    if (title && titles.has(title)) errors.push({ row: 0, value: column.title, message: M.headerTwice });
    titles.set(title, column.title);
  }
  const named = new Set(table.columns.filter((c) => normal(c.title) !== '').map((c) => c.index));
  if (table.rows.some((row) => Object.keys(row.cells).some((index) => !named.has(Number(index))))) {
    errors.push({ row: 0, message: M.headerBlank });
  }
  for (const column of prepared.columns) {
    const field = prepared.fields.get(column.field)!;
    const needed = column.field === prepared.matchKey || (field.required && prepared.mode !== 'update');
    if (needed && mapping[column.field] == null) {
      errors.push({ row: 0, field: column.field, value: column.header, message: M.headerMissing });
    }
  }
  if (table.rows.length > maxRows) errors.push({ row: 0, message: IMPORT_MESSAGES.tooManyRows });
  return errors;
}

type DryRunAnswer = { head: DataImportHead; rows: PlannedRow<Cells>[]; errors: ImportError[] };

/** Rolls back the dry run's transaction and carries its answer out of it. */
class DryRunDone extends Error {
  constructor(readonly answer: DryRunAnswer) {
    super('dry run');
  }
}

/**
 * The plan of a file read: its columns mapped, its file errors, then (`dry`) every row dry-run through the
 * target's services in a transaction rolled back; without `dry` (a file whose dry run passed already, for
 * the same description and user) its rows as they are, each to be written.
 */
export async function planFile(
  ctx: ImportContext,
  table: ImportTable | { refusal: string },
  options: DataImportOptions,
  dry: boolean,
  /** Told after each chunk of the dry run: rows checked so far and in all (a job's progress). */
  progress?: (done: number, total: number) => void,
): Promise<DryRunAnswer> {
  const head: DataImportHead = { columns: [], rowCount: 0 };
  if ('refusal' in table) return { head, rows: [], errors: [{ row: 0, message: table.refusal }] };
  const prepared = await prepare(ctx, options.descriptionId, options.orderId);
  if ('error' in prepared) return { head, rows: [], errors: [{ row: 0, message: prepared.error }] };
  const mapping = suggestMapping(
    table.columns,
    prepared.columns.map((column) => ({
      name: column.field,
      headers: [column.header, ...column.alternates],
    })),
  );
  const fieldOf = new Map(Object.entries(mapping).map(([field, index]) => [index, field]));
  head.columns = table.columns.map((column) => ({ ...column, field: fieldOf.get(column.index) ?? null }));
  head.rowCount = table.rows.length;
  const errors = fileErrors(
    table,
    prepared,
    mapping,
    Math.min(options.maxRows ?? MAX_TABLE_ROWS, MAX_TABLE_ROWS),
  );
  if (errors.length) return { head, rows: [], errors };
  const fields = prepared.columns.map((column) => column.field);
  if (!dry) {
    return {
      head,
      // Each row's cells taken from the table when its chunk is written, not copied for the whole file.
      rows: table.rows.map((line) => {
        const blank = fields.every((field) => {
          const index = mapping[field];
          return index == null || (line.cells[index] ?? '').trim() === '';
        });
        return {
          row: line.number,
          action: blank ? 'skip' : 'create',
          get values() {
            return cellsOf(line, mapping, fields);
          },
        };
      }),
      errors: [],
    };
  }
  try {
    await ctx.tx.transaction(async (tx) => {
      const dry = { ...ctx, tx };
      const state = newRunState();
      const keys = new Map<string, number>();
      const rows: PlannedRow<Cells>[] = [];
      // Rows to write, a chunk at a time: the chunk in one savepoint, each row in its own only when the
      // chunk has a refusal (to tell every refused row apart from the rest).
      let chunk: { planned: PlannedRow<Cells>; line: FileRow; index: number }[] = [];
      const flush = async () => {
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
        chunk = [];
      };
      for (const line of table.rows) {
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
        if (chunk.length >= CHUNK_ROWS) {
          await flush();
          progress?.(rows.length, table.rows.length);
        }
      }
      await flush();
      progress?.(table.rows.length, table.rows.length);
      const fileLevel: ImportError[] = [];
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
 * The data import, a configuration of the import pipeline (docs/decisions/015-import-pipeline.md): the file
 * read in a worker thread (CSV in UTF-8, Windows-1251 or DOS 866, detected unless the description says; or
 * XLSX), its columns mapped by the description's headers and their other names, then every row run through
 * the target's services in a transaction that is rolled back (the dry run: no event, no mail is left of it),
 * so each row's answer is the one the import will have. The apply runs them again for real, all or nothing.
 */
export const dataImport = defineImport<
  ImportTable | { refusal: string },
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
  plan: (ctx, table, options) => planFile(ctx, table, options, true),
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
