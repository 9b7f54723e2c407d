import {
  dataSchema,
  idParamSchema,
  listResultSchema,
  type OperationFile,
  type OperationFilesAttach,
  type OperationFileUpdate,
  operationFileSchema,
  operationFilesAttachSchema,
  operationFileUpdateSchema,
  type Role,
  recordIdSchema,
} from '@tms/domain';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Tx } from '../../db/connection';
import type { Principal } from '../auth/context';
import { recordChange } from '../changelog/service';
import { ErrorCollector, notFound } from '../errors';
import type { App } from '../http/types';
import { contacts, users } from '../identity/tables';
import { attachFiles, FILE_MESSAGES, fileMetadata } from './service';
import { files } from './tables';
import { checkTagTypes, setFileTags, tagsOfFiles } from './tags';

/**
 * The files block of a record (orders, jobs, customer requests; spec §3 "File"): the user's temporary
 * uploads attached with file tags, renamed, retagged and removed, at `{path}` and `{path}/{fileId}`.
 * Adding files does not touch the record's version (no optimistic lock) but is written to its change log.
 * The owning module says who reads the record and who may change its files now.
 */
export interface RecordFiles {
  /** The route, with `:id` for the record: `/tms/orders/:id/files`. */
  path: string;
  /** `files.owner_type` of the record's files (its `fileOwners` entry). */
  ownerType: string;
  /** The change log's entity type (the descriptor's name) and the OpenAPI tag. */
  entityType: string;
  readRoles: readonly Role[];
  editRoles: readonly Role[];
  /** 404 unless the user may read the record. */
  read(request: FastifyRequest, tx: Tx, id: number): Promise<void>;
  /** Locks the record; refuses (403 outside the edit scope, 400 with a lock message) unless its files may change. */
  change(request: FastifyRequest, tx: Tx, id: number): Promise<void>;
}

const fileOf = (ownerType: string, ownerId: number) =>
  and(eq(files.ownerType, ownerType), eq(files.ownerId, ownerId), eq(files.temporary, false));

/** The record's files (all, or `ids`), newest first, with their tags and uploader. */
export async function recordFiles(
  tx: Tx,
  ownerType: string,
  ownerId: number,
  ids?: readonly number[],
): Promise<OperationFile[]> {
  const rows = await tx
    .select({ file: files, uploadedByName: contacts.name })
    .from(files)
    .leftJoin(users, eq(users.id, files.uploadedBy))
    .leftJoin(contacts, eq(contacts.id, users.contactId))
    .where(and(fileOf(ownerType, ownerId), ids ? inArray(files.id, [...ids]) : undefined))
    .orderBy(desc(files.createdAt), desc(files.id));
  const tags = await tagsOfFiles(
    tx,
    rows.map((r) => r.file.id),
  );
  return rows.map(({ file, uploadedByName }) => ({
    ...fileMetadata(file),
    tags: tags.get(file.id) ?? [],
    uploadedById: file.uploadedBy,
    uploadedByName,
  }));
}

/** How a file reads in the change log: its name and tag codes. */
const logged = (file: OperationFile) =>
  file.tags.length ? `${file.description} (${file.tags.map((t) => t.code).join(', ')})` : file.description;

/** Writes a change of a record's files to its change log (and so its domain event), as the files block does. */
export async function logFiles(
  tx: Tx,
  spec: Pick<RecordFiles, 'entityType'>,
  ownerId: number,
  auth: Principal,
  before: readonly OperationFile[],
  after: readonly OperationFile[],
): Promise<void> {
  await recordChange(tx, {
    entityType: spec.entityType,
    entityId: ownerId,
    action: 'update',
    auth,
    changes: { files: { old: before.map(logged), new: after.map(logged) } },
  });
}

/**
 * Refuses uploads that repeat a file of the record, or each other, by name and content: a user who picks
 * the same document again has almost always done it by mistake (a second drop, a retry), and two identical
 * copies under one record only leave the next reader wondering which is the right one. The same content
 * under another name (a scan filed as CMR and as invoice) or a new content under the same name (a corrected
 * version) is a different file and is attached. Errors land under `fileIds` as `attachFiles`'.
 */
async function refuseRepeatedFiles(
  tx: Tx,
  ownerType: string,
  ownerId: number,
  ids: readonly number[],
): Promise<void> {
  if (ids.length === 0) return;
  const keyOf = (file: { sha256: string; description: string }) => `${file.sha256}/${file.description}`;
  const attached = await tx
    .select({ sha256: files.sha256, description: files.description })
    .from(files)
    .where(fileOf(ownerType, ownerId));
  const seen = new Set(attached.map(keyOf));
  const uploads = await tx
    .select({ id: files.id, sha256: files.sha256, description: files.description })
    .from(files)
    .where(and(inArray(files.id, [...ids]), eq(files.temporary, true)));
  const byId = new Map(uploads.map((row) => [row.id, row]));
  const errors = new ErrorCollector();
  ids.forEach((id, index) => {
    const upload = byId.get(id);
    if (!upload) return; // not a temporary upload: attachFiles says what is wrong with it
    const key = keyOf(upload);
    if (seen.has(key))
      errors.add(ids.length > 1 ? ['fileIds', index] : ['fileIds'], FILE_MESSAGES.alreadyAttached);
    seen.add(key);
  });
  errors.throwIfAny();
}

const fileParams = idParamSchema.extend({ fileId: recordIdSchema });

/** Serves the files block of one kind of record (`RecordFiles`). */
export function registerRecordFileRoutes(app: App, spec: RecordFiles): void {
  const db = () => app.database.db;
  const tags = [spec.entityType];
  const { path, ownerType } = spec;
  const listResponse = dataSchema(listResultSchema(operationFileSchema));

  app.get(
    path,
    {
      config: { roles: spec.readRoles },
      schema: {
        tags,
        summary: 'Its files with their tags',
        params: idParamSchema,
        response: { 200: listResponse },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const tx = db();
      await spec.read(request, tx, id);
      const collection = await recordFiles(tx, ownerType, id);
      return { data: { collection, total: collection.length } };
    },
  );

  app.post(
    path,
    {
      config: { roles: spec.editRoles },
      schema: {
        tags,
        summary: "Attach the user's temporary uploads with tags; answers all its files",
        params: idParamSchema,
        body: operationFilesAttachSchema,
        response: { 201: listResponse },
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: number };
      const body = request.body as OperationFilesAttach;
      const auth = request.auth!;
      const collection = await db().transaction(async (tx) => {
        await spec.change(request, tx, id);
        await checkTagTypes(tx, body.tagTypeIds, ['tagTypeIds']);
        const before = await recordFiles(tx, ownerType, id);
        await refuseRepeatedFiles(tx, ownerType, id, body.fileIds);
        await attachFiles(tx, auth, body.fileIds, { type: ownerType, id }, ['fileIds']);
        await setFileTags(tx, body.fileIds, body.tagTypeIds);
        const after = await recordFiles(tx, ownerType, id);
        await logFiles(tx, spec, id, auth, before, after);
        return after;
      });
      return reply.code(201).send({ data: { collection, total: collection.length } });
    },
  );

  app.put(
    `${path}/:fileId`,
    {
      config: { roles: spec.editRoles },
      schema: {
        tags,
        summary: 'Rename a file and set its tags',
        params: fileParams,
        body: operationFileUpdateSchema,
        response: { 200: dataSchema(operationFileSchema) },
      },
    },
    async (request) => {
      const { id, fileId } = request.params as z.infer<typeof fileParams>;
      const body = request.body as OperationFileUpdate;
      const auth = request.auth!;
      const file = await db().transaction(async (tx) => {
        await spec.change(request, tx, id);
        const [before] = await recordFiles(tx, ownerType, id, [fileId]);
        if (!before) throw notFound(FILE_MESSAGES.notFound);
        await checkTagTypes(tx, body.tagTypeIds, ['tagTypeIds'], new Set(before.tags.map((t) => t.id)));
        if (body.description !== undefined && body.description !== before.description) {
          await tx.update(files).set({ description: body.description }).where(eq(files.id, fileId));
        }
        await setFileTags(tx, [fileId], body.tagTypeIds);
        const [after] = await recordFiles(tx, ownerType, id, [fileId]);
        if (logged(before) !== logged(after!)) await logFiles(tx, spec, id, auth, [before], [after!]);
        return after!;
      });
      return { data: file };
    },
  );

  app.delete(
    `${path}/:fileId`,
    {
      config: { roles: spec.editRoles },
      schema: {
        tags,
        summary: 'Remove a file',
        params: fileParams,
        response: { 200: dataSchema(operationFileSchema) },
      },
    },
    async (request) => {
      const { id, fileId } = request.params as z.infer<typeof fileParams>;
      const auth = request.auth!;
      const { file, storageKey } = await db().transaction(async (tx) => {
        await spec.change(request, tx, id);
        const [before] = await recordFiles(tx, ownerType, id, [fileId]);
        if (!before) throw notFound(FILE_MESSAGES.notFound);
        const [removed] = await tx
          .delete(files)
          .where(eq(files.id, fileId))
          .returning({ storageKey: files.storageKey });
        await logFiles(tx, spec, id, auth, [before], []);
        return { file: before, storageKey: removed!.storageKey };
      });
      // The content goes once the row is gone for good.
      await app.fileStorage.remove(storageKey);
      return { data: file };
    },
  );
}
