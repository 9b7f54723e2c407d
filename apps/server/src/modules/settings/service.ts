import type { FileTagType } from '@tms/domain';
import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import { fileTagTypes } from '../../platform/files/tables';

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
