import {
  DOCUMENT_MESSAGES,
  type Document,
  type DocumentFolder,
  dataSchema,
  documentDetailsSchema,
  documentFileSchema,
  documentFolderResource,
  documentResource,
  folderContentsSchema,
  idParamSchema,
  recordIdSchema,
} from '@tms/domain';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { conflict, notFound } from '../../platform/errors';
import { FILE_MESSAGES } from '../../platform/files/service';
import { files } from '../../platform/files/tables';
import type { App } from '../../platform/http/types';
import {
  type ResourceContext,
  readRolesOf,
  registerResourceRoutes,
  requestContext,
} from '../../platform/resources';
import { DOCUMENT_FILE_OWNER, documentFiles, documentService, folderPath, folderService } from './documents';
import { notifyDocumentProcessed } from './notifications';
import { documentFolders, documents } from './tables';

const readRoles = readRolesOf(documentResource);
const editRoles = documentResource.roles.edit;

/** A folder's page (the top level without `id`): the path to it, its subfolders and its documents. */
async function folderContents(ctx: ResourceContext, id: number | null) {
  const { tx } = ctx;
  const folder = id === null ? null : await folderService.find(ctx, id, { access: 'read' });
  const subfolders = await tx
    .select()
    .from(documentFolders)
    .where(id === null ? isNull(documentFolders.parentId) : eq(documentFolders.parentId, id))
    .orderBy(asc(documentFolders.name), asc(documentFolders.id));
  const docs =
    id === null
      ? []
      : await tx
          .select()
          .from(documents)
          .where(eq(documents.folderId, id))
          .orderBy(asc(documents.name), asc(documents.id));
  return {
    folder: folder ? ((await folderService.toEntity(folder, ctx)) as DocumentFolder) : null,
    path: id === null ? [] : await folderPath(tx, id),
    folders: (await folderService.toEntities(subfolders, ctx)) as DocumentFolder[],
    documents: (await documentService.toEntities(docs, ctx)) as Document[],
  };
}

export default async function documentsRoutes(app: App): Promise<void> {
  const tags = [documentFolderResource.name];
  const db = () => app.database.db;

  app.get(
    '/document-folders/contents',
    {
      config: { roles: readRoles },
      schema: { tags, summary: 'The top folders', response: { 200: dataSchema(folderContentsSchema) } },
    },
    async (request) => ({ data: await folderContents(requestContext(request, db()), null) }),
  );
  app.get(
    '/document-folders/:id/contents',
    {
      config: { roles: readRoles },
      schema: {
        tags,
        summary: 'A folder with the path to it, its subfolders and its documents',
        params: idParamSchema,
        response: { 200: dataSchema(folderContentsSchema) },
      },
    },
    async (request) => {
      const { id } = request.params;
      return { data: await folderContents(requestContext(request, db()), id) };
    },
  );
  // The kernel's routes after the fixed paths above, which the router prefers to `/:id` anyway.
  registerResourceRoutes(app, folderService);
  registerResourceRoutes(app, documentService);

  const documentTags = [documentResource.name];
  app.get(
    '/document-folders/text-documents/:id/details',
    {
      config: { roles: readRoles },
      schema: {
        tags: documentTags,
        summary: 'A document with its files (newest first) and the path to its folder',
        params: idParamSchema,
        response: { 200: dataSchema(documentDetailsSchema) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const ctx = requestContext(request, db());
      const row = await documentService.find(ctx, id, { access: 'read' });
      return {
        data: {
          document: (await documentService.toEntity(row, ctx)) as Document,
          files: await documentFiles(ctx.tx, id),
          path: await folderPath(ctx.tx, row.folderId),
        },
      };
    },
  );

  const processedBody = z.object({ processed: z.boolean(), version: z.number().int() }).strict();
  app.put(
    '/document-folders/text-documents/:id/processed',
    {
      config: { roles: editRoles },
      schema: {
        tags: documentTags,
        summary: 'Mark the document processed (locked against changes and deletion) or not',
        params: idParamSchema,
        body: processedBody,
        response: { 200: dataSchema(documentResource.entity) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { processed, version } = request.body;
      const data = await db().transaction(async (tx) => {
        const ctx = requestContext(request, tx);
        const row = await documentService.find(ctx, id, { access: 'write', lock: true });
        if (row.processed === processed) return (await documentService.toEntity(row, ctx)) as Document;
        const after = await documentService.write(
          ctx,
          row,
          { processed, processedAt: processed ? app.clock() : null },
          { action: processed ? 'process' : 'unprocess', version },
        );
        if (processed) await notifyDocumentProcessed(ctx, after);
        return (await documentService.toEntity(after, ctx)) as Document;
      });
      return { data };
    },
  );

  app.delete(
    '/document-folders/text-documents/:id/files/:fileId',
    {
      config: { roles: editRoles },
      schema: {
        tags: documentTags,
        summary: "Remove a file of a document that is not processed; answers the document's files",
        params: idParamSchema.extend({ fileId: recordIdSchema }),
        response: { 200: dataSchema(z.array(documentFileSchema)) },
      },
    },
    async (request) => {
      const { id, fileId } = request.params;
      const { data, storageKey } = await db().transaction(async (tx) => {
        const ctx = requestContext(request, tx);
        const row = await documentService.find(ctx, id, { access: 'write', lock: true });
        if (row.processed) throw conflict(DOCUMENT_MESSAGES.processed);
        const [removed] = await tx
          .delete(files)
          .where(
            and(
              eq(files.id, fileId),
              eq(files.ownerType, DOCUMENT_FILE_OWNER),
              eq(files.ownerId, id),
              eq(files.temporary, false),
            ),
          )
          .returning();
        if (!removed) throw notFound(FILE_MESSAGES.notFound);
        await documentService.write(
          ctx,
          row,
          {},
          {
            action: 'update',
            changes: { files: { old: removed.description, new: null } },
          },
        );
        return { data: await documentFiles(tx, id), storageKey: removed.storageKey };
      });
      await app.fileStorage.remove(storageKey);
      return { data };
    },
  );
}
