import {
  DOCUMENT_MESSAGES,
  type DocumentFile,
  documentFolderResource,
  documentResource,
  isFreshDocumentFile,
  MESSAGES,
  RECENT_DOCUMENTS_LIMIT,
  type RecentDocument,
} from '@tms/domain';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/connection';
import type { AuthContext, Principal } from '../../platform/auth/context';
import { conflict, fieldError } from '../../platform/errors';
import { attachFiles, fileMetadata } from '../../platform/files/service';
import { files } from '../../platform/files/tables';
import { hasAnyRole } from '../../platform/permissions/check';
import { type ResourceService, readRolesOf, resourceService } from '../../platform/resources';
import { sanitizeRichText } from '../../platform/rich-text/sanitize';
import { documentFolders, documents } from './tables';

export type FolderRow = typeof documentFolders.$inferSelect;
export type DocumentRow = typeof documents.$inferSelect;

/** The owner type of a document's files. */
export const DOCUMENT_FILE_OWNER = 'document';

/** Whoever reads documents reads their files. */
export const canReadDocuments = (auth: Pick<Principal, 'roles'>) =>
  hasAnyRole(auth, readRolesOf(documentResource));

async function assertFolder(tx: Tx, id: number, field: string): Promise<void> {
  const [found] = await tx
    .select({ id: documentFolders.id })
    .from(documentFolders)
    .where(eq(documentFolders.id, id));
  if (!found) throw fieldError([field], DOCUMENT_MESSAGES.folderNotFound);
}

/** The folders from the top down to `id` (itself included). */
export async function folderPath(tx: Tx, id: number): Promise<{ id: number; name: string }[]> {
  const rows = await rowsOf<{ id: number; name: string }>(
    tx,
    sql`
    WITH RECURSIVE up(id, name, parent_id, depth) AS (
      SELECT id, name, parent_id, 0 FROM ${documentFolders} WHERE id = ${id}
      UNION ALL
      SELECT f.id, f.name, f.parent_id, up.depth + 1 FROM ${documentFolders} f JOIN up ON f.id = up.parent_id
      WHERE up.depth < 100
    )
    SELECT id, name FROM up ORDER BY depth DESC`,
  );
  return rows.map((row) => ({ id: Number(row.id), name: row.name }));
}

/** `parentId=root` lists the top folders; numbers the children of those folders. */
function parentFilter(values: string[]) {
  if (!values.length) return undefined;
  if (values.length === 1 && values[0] === 'root') return isNull(documentFolders.parentId);
  if (!values.every((value) => /^\d{1,10}$/.test(value))) throw fieldError(['parentId'], MESSAGES.choice);
  return inArray(documentFolders.parentId, values.map(Number));
}

export const folderService: ResourceService<FolderRow> = resourceService(
  documentFolderResource,
  documentFolders,
  {
    filters: { parentId: parentFilter },
    hooks: {
      async beforeCreate({ tx }, values) {
        if (values.parentId != null) await assertFolder(tx, values.parentId, 'parentId');
        return values;
      },
      async beforeUpdate({ tx }, values, existing) {
        const { parentId } = values;
        if (parentId == null || parentId === existing.parentId) return values;
        await assertFolder(tx, parentId, 'parentId');
        // Moving a folder under itself or one of its subfolders would cut the branch off the tree.
        if ((await folderPath(tx, parentId)).some((step) => step.id === existing.id)) {
          throw fieldError(['parentId'], DOCUMENT_MESSAGES.folderCycle);
        }
        return values;
      },
      async beforeDelete({ tx }, row) {
        const [sub] = await tx
          .select({ n: count() })
          .from(documentFolders)
          .where(eq(documentFolders.parentId, row.id));
        const [docs] = await tx.select({ n: count() }).from(documents).where(eq(documents.folderId, row.id));
        if (sub!.n > 0 || docs!.n > 0) throw conflict(DOCUMENT_MESSAGES.folderInUse);
      },
    },
  },
);

/** Full text over names and texts; the words of `query` all found, in any form (stemmed). */
function fullTextFilter(values: string[]) {
  const text = values.join(' ').trim();
  if (!text) return undefined;
  return sql`${documents.searchVector} @@ websearch_to_tsquery('russian'::regconfig, ${text})`;
}

const documentFileOf = (id: number) =>
  and(eq(files.ownerType, DOCUMENT_FILE_OWNER), eq(files.ownerId, id), eq(files.temporary, false));

export const documentService: ResourceService<DocumentRow> = resourceService(documentResource, documents, {
  // The files attached with a write (files are platform/files').
  virtual: ['fileIds'],
  filters: { query: fullTextFilter },
  hooks: {
    async beforeCreate({ tx }, values) {
      await assertFolder(tx, values.folderId, 'folderId');
      return { ...values, text: sanitizeRichText(values.text ?? '') };
    },
    guardUpdate(_ctx, existing) {
      if (existing.processed) throw conflict(DOCUMENT_MESSAGES.processed);
    },
    async beforeUpdate({ tx }, values, existing) {
      if (values.folderId !== undefined && values.folderId !== existing.folderId) {
        await assertFolder(tx, values.folderId, 'folderId');
      }
      return typeof values.text === 'string' ? { ...values, text: sanitizeRichText(values.text) } : values;
    },
    async afterWrite({ tx, auth }, { action, after, input }) {
      const ids = input.fileIds;
      if (after && ids?.length && (action === 'create' || action === 'update')) {
        await attachFiles(tx, auth, ids, { type: DOCUMENT_FILE_OWNER, id: after.id }, ['fileIds']);
      }
    },
    async beforeDelete({ tx }, row) {
      if (row.processed) throw conflict(DOCUMENT_MESSAGES.processed);
      const [attached] = await tx.select({ n: count() }).from(files).where(documentFileOf(row.id));
      if (attached!.n > 0) throw conflict(DOCUMENT_MESSAGES.documentWithFiles);
    },
  },
});

/** A document's files, newest first (the first is its current file). */
export async function documentFiles(tx: Tx, id: number): Promise<DocumentFile[]> {
  const rows = await tx
    .select()
    .from(files)
    .where(documentFileOf(id))
    .orderBy(desc(files.createdAt), desc(files.id));
  return rows.map((row) => {
    const { id: fileId, description, size, createdAt, downloadLink } = fileMetadata(row);
    return { id: fileId, description, size, createdAt, downloadLink };
  });
}

/**
 * Spec §3 "recent document", §9: the documents most recently given a file (then the most recently
 * changed), each with its current file; one attached within the last five days is fresh.
 */
export async function recentDocuments(tx: Tx, auth: AuthContext, now: Date): Promise<RecentDocument[]> {
  if (!canReadDocuments(auth)) return [];
  const rows = await rowsOf<{
    id: number;
    name: string;
    folder_id: number;
    folder_name: string;
    file_id: number | null;
    file_description: string | null;
    file_size: number | null;
    file_created_at: string | Date | null;
  }>(
    tx,
    sql`
    SELECT d.id, d.name, d.folder_id, f.name AS folder_name,
      cur.id AS file_id, cur.description AS file_description, cur.size AS file_size, cur.created_at AS file_created_at
    FROM ${documents} d
    JOIN ${documentFolders} f ON f.id = d.folder_id
    LEFT JOIN LATERAL (
      SELECT id, description, size, created_at FROM ${files}
      WHERE owner_type = ${DOCUMENT_FILE_OWNER} AND owner_id = d.id AND temporary = false
      ORDER BY created_at DESC, id DESC LIMIT 1
    ) cur ON true
    ORDER BY coalesce(cur.created_at, d.updated_at) DESC, d.id DESC
    LIMIT ${RECENT_DOCUMENTS_LIMIT}`,
  );
  return rows.map((row) => {
    const createdAt = row.file_created_at === null ? null : new Date(row.file_created_at).toISOString();
    return {
      id: Number(row.id),
      name: row.name,
      folderId: Number(row.folder_id),
      folderName: row.folder_name,
      currentFile:
        row.file_id === null || createdAt === null
          ? null
          : {
              id: Number(row.file_id),
              description: row.file_description ?? '',
              size: Number(row.file_size),
              createdAt,
              downloadLink: `/api/file-management/files/${row.file_id}/download`,
            },
      fresh: createdAt !== null && isFreshDocumentFile(createdAt, now),
    };
  });
}
