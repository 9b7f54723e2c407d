import {
  TNVED_MESSAGES as M,
  type TnvedLevel,
  type TnvedListQuery,
  type TnvedState,
  tnvedCodePrefix,
  tnvedValidOn,
} from '@tms/domain';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/connection';
import { tnvedEntries, tnvedFiles } from './tables';

const e = tnvedEntries;

/** The date a moment falls on (UTC): the classifier's dates are calendar days. */
export const dayOf = (moment: Date) => moment.toISOString().slice(0, 10);

const entryColumns = {
  id: e.id,
  level: e.level,
  code: e.code,
  parentCode: e.parentCode,
  name: e.name,
  depth: e.depth,
  validFrom: e.validFrom,
  validTo: e.validTo,
};

const entryOf = <R extends { validFrom: string; validTo: string | null }>(row: R, today: string) => ({
  ...row,
  current: tnvedValidOn(row, today),
});

/**
 * The library's page: each entry's newest version (an entry whose newest version ended is listed as no
 * longer valid), in the classifier's order (section, group, heading, code). A search of digits is a code
 * prefix ("8517 13" finds 8517130000); words are searched with Russian morphology ("смартфон" finds
 * "смартфоны") over the names. Paged on the server; the count is exact (the classifier is ~13,000 codes).
 */
export async function listTnved(tx: Tx, query: TnvedListQuery, today: string) {
  const where: SQL[] = [sql`${e.latest}`];
  if (query.level) where.push(eq(e.level, query.level));
  if (query.validity === 'current') {
    where.push(sql`${e.validFrom} <= ${today} AND (${e.validTo} IS NULL OR ${e.validTo} >= ${today})`);
  } else if (query.validity === 'expired') {
    where.push(sql`${e.validTo} < ${today}`);
  }
  const search = query.search?.trim();
  if (search) {
    const prefix = tnvedCodePrefix(search);
    where.push(
      prefix !== null
        ? sql`${e.code} LIKE ${`${prefix}%`}`
        : sql`${e.searchVector} @@ websearch_to_tsquery('russian'::regconfig, ${search})`,
    );
  }
  const condition = and(...where);
  const offset = (query.page - 1) * query.itemsPerPage;
  const [rows, [total]] = await Promise.all([
    tx
      .select({
        ...entryColumns,
        // Qualified by hand: inside the subquery a bare column would be the inner row's.
        versions: sql<number>`(SELECT count(*)::int FROM tnved_entries h WHERE h.level = tnved_entries.level AND h.code = tnved_entries.code)`,
      })
      .from(e)
      .where(condition)
      .orderBy(asc(e.treeKey), asc(e.id))
      .limit(query.itemsPerPage)
      .offset(offset),
    tx.select({ total: count() }).from(e).where(condition),
  ]);
  return {
    collection: rows.map((row) => entryOf(row, today)),
    total: total?.total ?? 0,
  };
}

/** Every version of one entry, newest first. */
export async function tnvedHistory(tx: Tx, level: TnvedLevel, code: string, today: string) {
  const rows = await tx
    .select(entryColumns)
    .from(e)
    .where(and(eq(e.level, level), eq(e.code, code)))
    .orderBy(desc(e.validFrom));
  return rows.map((row) => entryOf(row, today));
}

/** What is loaded: each file's edition, when, and how many codes are valid today. */
export async function tnvedState(tx: Tx, today: string): Promise<TnvedState> {
  const [files, [codes]] = await Promise.all([
    tx.select().from(tnvedFiles).orderBy(asc(tnvedFiles.file)),
    tx
      .select({ n: count() })
      .from(e)
      .where(
        sql`${e.level} = 'code' AND ${e.validFrom} <= ${today} AND (${e.validTo} IS NULL OR ${e.validTo} >= ${today})`,
      ),
  ]);
  const loadedAt = files.reduce<Date | null>((at, f) => (!at || f.loadedAt > at ? f.loadedAt : at), null);
  return {
    loaded: files.length > 0,
    files: files.map((f) => ({ file: f.file, version: f.fileVersion, date: f.fileDate })),
    loadedAt: loadedAt?.toISOString() ?? null,
    codes: codes?.n ?? 0,
  };
}

/** Whether any classifier is loaded: without one, codes are checked for their form only. */
export async function tnvedLoaded(tx: Tx): Promise<boolean> {
  const [row] = await tx.select({ id: e.id }).from(e).where(eq(e.level, 'code')).limit(1);
  return row !== undefined;
}

/**
 * The codes that are not valid on `date`, by their index in `codes`: unknown to the classifier, or no
 * version valid then. Nothing when no classifier is loaded (a fresh install accepts any 10-digit code).
 */
export async function tnvedCodeIssues(
  tx: Tx,
  codes: readonly string[],
  date: string,
): Promise<{ index: number; message: string }[]> {
  if (!codes.length || !(await tnvedLoaded(tx))) return [];
  const versions = await tx
    .select({ code: e.code, validFrom: e.validFrom, validTo: e.validTo })
    .from(e)
    .where(and(eq(e.level, 'code'), inArray(e.code, [...new Set(codes)])));
  const known = new Set(versions.map((v) => v.code));
  const valid = new Set(versions.filter((v) => tnvedValidOn(v, date)).map((v) => v.code));
  return codes.flatMap((code, index) =>
    valid.has(code) ? [] : [{ index, message: known.has(code) ? M.expiredCode : M.unknownCode }],
  );
}
