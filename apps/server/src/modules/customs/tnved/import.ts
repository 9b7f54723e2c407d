import { MAX_TNVED_ZIP_BYTES, MORE_FILE_ERRORS, TNVED_ROLES, type TnvedImportSummary } from '@tms/domain';
import { sql } from 'drizzle-orm';
import { actingUserId } from '../../../platform/auth/context';
import { ErrorCollector } from '../../../platform/errors';
import { defineImport, type PlannedRow } from '../../../platform/imports';
import type { TnvedEdition, TnvedLine, TnvedRead } from './read';
import { tnvedEntries, tnvedFiles } from './tables';

type Stored = {
  id: number;
  parentCode: string | null;
  treeKey: string;
  name: string;
  depth: number;
  notes: string | null;
  validTo: string | null;
};

const keyOf = (v: { level: string; code: string; validFrom: string }) =>
  `${v.level}/${v.code}/${v.validFrom}`;

const same = (a: Stored, b: TnvedLine) =>
  a.parentCode === b.parentCode &&
  a.treeKey === b.treeKey &&
  a.name === b.name &&
  a.depth === b.depth &&
  a.notes === b.notes &&
  a.validTo === b.validTo;

/** Rows per INSERT or UPDATE statement: well under PostgreSQL's 65,535 bound parameters. */
const CHUNK = 1000;

/**
 * The FNS classifier distribution TNVED.ZIP (docs/customs.md "TNVED"), whole or not at all: each version
 * (level, code, start of validity) is created, updated (a newer edition closed it or renamed it) or left;
 * versions the file no longer lists stay, so loading a newer edition keeps the history. Errors name their
 * file and line (`files.TNVED4.lines.12`).
 */
export const tnvedImport = defineImport<
  TnvedRead,
  TnvedLine & { id?: number },
  undefined,
  TnvedImportSummary,
  TnvedEdition[]
>({
  name: 'customs.tnved',
  roles: TNVED_ROLES.load,
  maxBytes: MAX_TNVED_ZIP_BYTES,
  read: (workers, bytes) => workers.run('customs.read-tnved', bytes),
  async plan(ctx, read) {
    if ('errors' in read) return { head: [], rows: [], errors: read.errors, errorCount: read.errorCount };
    const stored = new Map<string, Stored>();
    const rows = await ctx.tx
      .select({
        id: tnvedEntries.id,
        level: tnvedEntries.level,
        code: tnvedEntries.code,
        validFrom: tnvedEntries.validFrom,
        parentCode: tnvedEntries.parentCode,
        treeKey: tnvedEntries.treeKey,
        name: tnvedEntries.name,
        depth: tnvedEntries.depth,
        notes: tnvedEntries.notes,
        validTo: tnvedEntries.validTo,
      })
      .from(tnvedEntries);
    for (const row of rows) stored.set(keyOf(row), row);
    const planned: PlannedRow<TnvedLine & { id?: number }>[] = read.lines.map((line) => {
      const existing = stored.get(keyOf(line));
      if (!existing) return { row: line.line, action: 'create', values: line };
      return {
        row: line.line,
        action: same(existing, line) ? 'unchanged' : 'update',
        values: { ...line, id: existing.id },
      };
    });
    return { head: read.editions, rows: planned };
  },
  async apply(ctx, rows, _options, editions) {
    const created = rows.filter((r) => r.action === 'create').map((r) => r.values);
    const updated = rows.filter((r) => r.action === 'update').map((r) => r.values);
    const columns = (v: TnvedLine) => ({
      level: v.level,
      code: v.code,
      parentCode: v.parentCode,
      treeKey: v.treeKey,
      name: v.name,
      depth: v.depth,
      notes: v.notes,
      validFrom: v.validFrom,
      validTo: v.validTo,
    });
    for (let i = 0; i < created.length; i += CHUNK) {
      await ctx.tx.insert(tnvedEntries).values(created.slice(i, i + CHUNK).map(columns));
    }
    for (let i = 0; i < updated.length; i += CHUNK) {
      const chunk = updated.slice(i, i + CHUNK);
      // One statement per chunk: the changed versions as one JSON parameter, joined by id.
      const changes = JSON.stringify(
        chunk.map((v) => ({
          id: v.id,
          parent_code: v.parentCode,
          tree_key: v.treeKey,
          name: v.name,
          depth: v.depth,
          notes: v.notes,
          valid_to: v.validTo,
        })),
      );
      await ctx.tx.execute(sql`UPDATE ${tnvedEntries} e SET
          parent_code = u.parent_code, tree_key = u.tree_key, name = u.name, depth = u.depth,
          notes = u.notes, valid_to = u.valid_to, version = e.version + 1, updated_at = now()
        FROM jsonb_to_recordset(${changes}::jsonb)
          AS u(id int, parent_code text, tree_key text, name text, depth int, notes text, valid_to date)
        WHERE e.id = u.id`);
    }
    // Each entry's newest version is the one the library lists.
    await ctx.tx.execute(sql`UPDATE ${tnvedEntries} e SET latest = (e.valid_from = m.newest)
      FROM (SELECT level, code, max(valid_from) AS newest FROM ${tnvedEntries} GROUP BY level, code) m
      WHERE e.level = m.level AND e.code = m.code AND e.latest IS DISTINCT FROM (e.valid_from = m.newest)`);
    const loadedById = actingUserId(ctx.auth);
    for (const edition of editions) {
      await ctx.tx
        .insert(tnvedFiles)
        .values({ file: edition.file, fileVersion: edition.version, fileDate: edition.date, loadedById })
        .onConflictDoUpdate({
          target: tnvedFiles.file,
          set: {
            fileVersion: edition.version,
            fileDate: edition.date,
            loadedById,
            loadedAt: new Date(),
            version: sql`${tnvedFiles.version} + 1`,
            updatedAt: new Date(),
          },
        });
    }
    return {
      versions: rows.length,
      created: created.length,
      updated: updated.length,
      unchanged: rows.length - created.length - updated.length,
    };
  },
  refuse(errors, errorCount) {
    const collector = new ErrorCollector();
    for (const e of errors) {
      collector.add(
        e.row === 0 || !e.field ? ['file'] : ['files', e.field, 'lines', String(e.row)],
        e.message,
      );
    }
    if (errorCount > errors.length) collector.add(['file'], MORE_FILE_ERRORS);
    collector.throwIfAny();
    throw new Error('unreachable: a refusal without errors');
  },
});
