import type { FileTagType } from '@tms/domain';
import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import { fileTagTypes } from '../../platform/files/tables';
import { countries } from './tables';

/** Russia: the country whose banks have a BIK and whose companies have an INN. */
export const RUSSIA = 'RU';

/** The ISO code of the country `id`, or undefined when there is none (or `id` is no number). */
export async function countryCode(tx: Tx, id: unknown): Promise<string | undefined> {
  if (typeof id !== 'number') return undefined;
  const [row] = await tx
    .select({ code: countries.code })
    .from(countries)
    .where(eq(countries.id, id))
    .limit(1);
  return row?.code;
}

/** The enabled file tag types by name; other modules (system options, files) read them through this. */
export async function enabledFileTagTypes(db: Tx): Promise<FileTagType[]> {
  const rows = await db
    .select()
    .from(fileTagTypes)
    .where(eq(fileTagTypes.enabled, true))
    .orderBy(asc(fileTagTypes.name));
  return rows.map(({ searchText: _searchText, createdAt, updatedAt, ...row }) => ({
    ...row,
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  }));
}
