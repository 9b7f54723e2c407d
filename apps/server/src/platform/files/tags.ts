import { FILE_TAG_MESSAGES, type FileTag, MESSAGES } from '@tms/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import { ErrorCollector } from '../errors';
import { fileTags, fileTagTypes } from './tables';

/**
 * File tags (spec §3 "File tag"), shared by every owner of files. Tags are set as a whole list per file.
 */

/**
 * Checks tag type ids chosen for a file: each must exist and be enabled, except the ones in `kept` (a
 * file keeps a tag whose type was disabled since). Errors land under `field` and the index.
 */
export async function checkTagTypes(
  tx: Tx,
  ids: readonly number[],
  field: readonly PropertyKey[],
  kept: ReadonlySet<number> = new Set(),
): Promise<void> {
  if (!ids.length) return;
  const rows = await tx
    .select({ id: fileTagTypes.id, enabled: fileTagTypes.enabled })
    .from(fileTagTypes)
    .where(inArray(fileTagTypes.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const errors = new ErrorCollector();
  ids.forEach((id, index) => {
    const row = byId.get(id);
    if (!row) errors.add([...field, index], MESSAGES.invalid);
    else if (!row.enabled && !kept.has(id)) errors.add([...field, index], FILE_TAG_MESSAGES.disabled);
  });
  errors.throwIfAny();
}

/** Replaces the tags of each file with `tagTypeIds`. */
export async function setFileTags(
  tx: Tx,
  fileIds: readonly number[],
  tagTypeIds: readonly number[],
): Promise<void> {
  if (!fileIds.length) return;
  await tx.delete(fileTags).where(inArray(fileTags.fileId, [...fileIds]));
  const rows = fileIds.flatMap((fileId) => tagTypeIds.map((tagTypeId) => ({ fileId, tagTypeId })));
  if (rows.length) await tx.insert(fileTags).values(rows);
}

/** The tags of each file, by tag name. */
export async function tagsOfFiles(tx: Tx, fileIds: readonly number[]): Promise<Map<number, FileTag[]>> {
  const out = new Map<number, FileTag[]>(fileIds.map((id) => [id, []]));
  if (!fileIds.length) return out;
  const rows = await tx
    .select({
      fileId: fileTags.fileId,
      id: fileTagTypes.id,
      code: fileTagTypes.code,
      name: fileTagTypes.name,
      nameEn: fileTagTypes.nameEn,
      color: fileTagTypes.color,
    })
    .from(fileTags)
    .innerJoin(fileTagTypes, eq(fileTagTypes.id, fileTags.tagTypeId))
    .where(inArray(fileTags.fileId, [...fileIds]))
    .orderBy(asc(fileTagTypes.name));
  for (const { fileId, ...tag } of rows) out.get(fileId)?.push(tag);
  return out;
}
