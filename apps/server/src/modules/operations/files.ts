import { fileUploadLock } from '@tms/domain';
import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { fieldError, forbidden } from '../../platform/errors';
import { registerRecordFileRoutes } from '../../platform/files/record-files';
import type { OwnerAccess } from '../../platform/files/service';
import { files } from '../../platform/files/tables';
import type { App } from '../../platform/http/types';
import type { ScheduledJob } from '../../platform/jobs/scheduler';
import { type ResourceContext, requestContext } from '../../platform/resources';
import { getOptions } from '../options';
import { OPERATION_KINDS, type OperationKind, type OperationRow } from './operation';
import { actorOf } from './orders';
import type { orders } from './tables';

/**
 * Files of orders and jobs (spec §3 "File", docs/operations.md "Files"): the platform's record files
 * (`registerRecordFileRoutes`) with the operations' locks, and their cold storage.
 */

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

function registerKind(app: App, kind: OperationKind): void {
  registerRecordFileRoutes(app, {
    path: `/tms/${kind.segment}/:id/files`,
    ownerType: kind.type,
    entityType: kind.descriptor.name,
    readRoles: [...kind.descriptor.roles.view, ...kind.descriptor.roles.edit],
    editRoles: kind.descriptor.roles.edit,
    read: async (request, tx, id) => {
      await kind.service.find(requestContext(request, tx), id, { access: 'read' });
    },
    change: async (request, tx, id) => {
      await changeableOperation(requestContext(request, tx), kind, id);
    },
  });
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
