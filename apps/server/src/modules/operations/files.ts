import {
  dataSchema,
  fileUploadLock,
  idParamSchema,
  listResultSchema,
  type OperationFile,
  type OperationFilesAttach,
  type OperationFileUpdate,
  operationFileSchema,
  operationFilesAttachSchema,
  operationFileUpdateSchema,
  recordIdSchema,
} from '@tms/domain';
import { and, asc, desc, eq, inArray, lt } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/connection';
import type { AuthContext } from '../../platform/auth/context';
import { recordChange } from '../../platform/changelog/service';
import { ErrorCollector, fieldError, forbidden, notFound } from '../../platform/errors';
import { attachFiles, FILE_MESSAGES, fileMetadata, type OwnerAccess } from '../../platform/files/service';
import { files } from '../../platform/files/tables';
import { checkTagTypes, setFileTags, tagsOfFiles } from '../../platform/files/tags';
import type { App } from '../../platform/http/types';
import { contacts, users } from '../../platform/identity/tables';
import type { ScheduledJob } from '../../platform/jobs/scheduler';
import { type ResourceContext, requestContext } from '../../platform/resources';
import { getOptions } from '../options';
import { OPERATION_KINDS, type OperationKind, type OperationRow } from './operation';
import { actorOf } from './orders';
import type { orders } from './tables';

/**
 * Files of orders and jobs (spec §3 "File", docs/operations.md "Files"): the user's temporary uploads
 * attached with file tags, renamed, retagged and removed. Adding files does not touch the operation's
 * version (no optimistic lock) but is written to its change log.
 */

const fileOf = (kind: OperationKind, operationId: number) =>
  and(eq(files.ownerType, kind.type), eq(files.ownerId, operationId), eq(files.temporary, false));

/** The operation's files (all, or `ids`), newest first, with their tags and uploader. */
async function operationFiles(
  tx: Tx,
  kind: OperationKind,
  operationId: number,
  ids?: readonly number[],
): Promise<OperationFile[]> {
  const rows = await tx
    .select({ file: files, uploadedByName: contacts.name })
    .from(files)
    .leftJoin(users, eq(users.id, files.uploadedBy))
    .leftJoin(contacts, eq(contacts.id, users.contactId))
    .where(and(fileOf(kind, operationId), ids ? inArray(files.id, [...ids]) : undefined))
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

async function logFiles(
  tx: Tx,
  kind: OperationKind,
  operationId: number,
  auth: AuthContext,
  before: readonly OperationFile[],
  after: readonly OperationFile[],
): Promise<void> {
  await recordChange(tx, {
    entityType: kind.descriptor.name,
    entityId: operationId,
    action: 'update',
    auth,
    changes: { files: { old: before.map(logged), new: after.map(logged) } },
  });
}

/**
 * The operation for a change of its files, row-locked: 404 outside the read scope, 403 outside the edit
 * scope, 400 with the lock message when archived or finance-locked unless the user may still upload.
 */
async function changeableOperation(
  ctx: ResourceContext,
  kind: OperationKind,
  id: number,
): Promise<OperationRow> {
  const { tx, auth } = ctx;
  const row = await kind.service.find(ctx, id, { access: 'read', lock: true });
  if (!(await kind.service.reaches(tx, id, kind.scope(auth, 'write', false)))) throw forbidden();
  const lock = fileUploadLock(
    {
      archived: row.archived,
      financeControlStatus: row.financeControlStatus as Parameters<
        typeof fileUploadLock
      >[0]['financeControlStatus'],
    },
    actorOf(auth),
  );
  if (lock) throw fieldError([], lock);
  return row;
}

/**
 * Refuses uploads that repeat a file of the operation, or each other, by name and content: a forwarder
 * who picks the same document again has almost always done it by mistake (a second drop, a retry), and two
 * identical copies under one order only leave the next reader wondering which is the right one. The same
 * content under another name (a scan filed as CMR and as invoice) or a new content under the same name (a
 * corrected version) is a different file and is attached. Errors land under `fileIds` as `attachFiles`'.
 */
async function refuseRepeatedFiles(
  tx: Tx,
  kind: OperationKind,
  operationId: number,
  ids: readonly number[],
): Promise<void> {
  if (ids.length === 0) return;
  const keyOf = (file: { sha256: string; description: string }) => `${file.sha256}/${file.description}`;
  const attached = await tx
    .select({ sha256: files.sha256, description: files.description })
    .from(files)
    .where(fileOf(kind, operationId));
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

function registerKind(app: App, kind: OperationKind): void {
  const db = () => app.database.db;
  const tags = [kind.descriptor.name];
  const path = `/tms/${kind.segment}/:id/files`;
  const readRoles = [...kind.descriptor.roles.view, ...kind.descriptor.roles.edit];
  const editRoles = kind.descriptor.roles.edit;
  const listResponse = dataSchema(listResultSchema(operationFileSchema));

  app.get(
    path,
    {
      config: { roles: readRoles },
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
      await kind.service.find(requestContext(request, tx), id, { access: 'read' });
      const collection = await operationFiles(tx, kind, id);
      return { data: { collection, total: collection.length } };
    },
  );

  app.post(
    path,
    {
      config: { roles: editRoles },
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
        await changeableOperation(requestContext(request, tx), kind, id);
        await checkTagTypes(tx, body.tagTypeIds, ['tagTypeIds']);
        const before = await operationFiles(tx, kind, id);
        await refuseRepeatedFiles(tx, kind, id, body.fileIds);
        await attachFiles(tx, auth, body.fileIds, { type: kind.type, id }, ['fileIds']);
        await setFileTags(tx, body.fileIds, body.tagTypeIds);
        const after = await operationFiles(tx, kind, id);
        await logFiles(tx, kind, id, auth, before, after);
        return after;
      });
      return reply.code(201).send({ data: { collection, total: collection.length } });
    },
  );

  app.put(
    `${path}/:fileId`,
    {
      config: { roles: editRoles },
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
        await changeableOperation(requestContext(request, tx), kind, id);
        const [before] = await operationFiles(tx, kind, id, [fileId]);
        if (!before) throw notFound(FILE_MESSAGES.notFound);
        await checkTagTypes(tx, body.tagTypeIds, ['tagTypeIds'], new Set(before.tags.map((t) => t.id)));
        if (body.description !== undefined && body.description !== before.description) {
          await tx.update(files).set({ description: body.description }).where(eq(files.id, fileId));
        }
        await setFileTags(tx, [fileId], body.tagTypeIds);
        const [after] = await operationFiles(tx, kind, id, [fileId]);
        if (logged(before) !== logged(after!)) await logFiles(tx, kind, id, auth, [before], [after!]);
        return after!;
      });
      return { data: file };
    },
  );

  app.delete(
    `${path}/:fileId`,
    {
      config: { roles: editRoles },
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
        await changeableOperation(requestContext(request, tx), kind, id);
        const [before] = await operationFiles(tx, kind, id, [fileId]);
        if (!before) throw notFound(FILE_MESSAGES.notFound);
        const [removed] = await tx
          .delete(files)
          .where(eq(files.id, fileId))
          .returning({ storageKey: files.storageKey });
        await logFiles(tx, kind, id, auth, [before], []);
        return { file: before, storageKey: removed!.storageKey };
      });
      // The content goes once the row is gone for good.
      await app.fileStorage.remove(storageKey);
      return { data: file };
    },
  );
}

/** Files routes of orders and jobs; downloads of their files for whoever may read the operation. */
export function registerOperationFileRoutes(app: App): void {
  for (const kind of Object.values(OPERATION_KINDS)) {
    registerKind(app, kind);
  }
}

/** Whoever may read the operation may read its files: the module's `fileOwners`. */
export const OPERATION_FILE_OWNERS: Readonly<Record<string, OwnerAccess>> = Object.fromEntries(
  Object.values(OPERATION_KINDS).map((kind): [string, OwnerAccess] => [
    kind.type,
    (auth, ownerId, tx) => kind.service.reaches(tx, ownerId, kind.scope(auth, 'read', false)),
  ]),
);

/** Files flagged per statement; the job walks them in batches until none is left. */
const COLD_BATCH = 500;

/**
 * Flags the files of operations archived more than `afterDays` days before `now` as being in cold
 * storage (their content stays in the file storage; downloads are refused with the cold-storage message).
 * Idempotent: flagged files are not looked at again. Answers how many were flagged.
 */
export async function moveToColdStorage(db: Db, afterDays: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - afterDays * 24 * 60 * 60 * 1000);
  let moved = 0;
  for (const kind of Object.values(OPERATION_KINDS)) {
    const table = kind.table as typeof orders;
    for (;;) {
      const batch = db
        .select({ id: files.id })
        .from(files)
        .innerJoin(table, eq(table.id, files.ownerId))
        .where(
          and(
            eq(files.ownerType, kind.type),
            eq(files.temporary, false),
            eq(files.coldStorage, false),
            eq(table.archived, true),
            lt(table.archivedAt, cutoff),
          ),
        )
        .orderBy(asc(files.id))
        .limit(COLD_BATCH);
      const flagged = await db
        .update(files)
        .set({ coldStorage: true })
        .where(inArray(files.id, batch))
        .returning({ id: files.id });
      moved += flagged.length;
      if (flagged.length < COLD_BATCH) break;
    }
  }
  return moved;
}

/** Cold storage of archived operations' files (option `coldStorageAfterDays`), every hour. */
export const operationFilesColdStorageJob: ScheduledJob = {
  name: 'operation-files-cold-storage',
  intervalMs: 60 * 60 * 1000,
  async run({ database }) {
    const { coldStorageAfterDays } = await getOptions(database.db);
    await moveToColdStorage(database.db, coldStorageAfterDays);
  },
};
