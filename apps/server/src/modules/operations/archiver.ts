import {
  APPLICATION_FILE_TAG,
  type ArchiveBlocker,
  type ArchiveFacts,
  archiveBlockers,
  type CustomFieldDefinition,
} from '@tms/domain';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connection';
import { files, fileTags, fileTagTypes } from '../../platform/files/tables';
import type { ScheduledJob } from '../../platform/jobs/scheduler';
import { counterparties } from '../counterparties';
import { customFieldsForScope } from '../custom-fields';
import { getOptions } from '../options';
import {
  OPERATION_KINDS,
  type OperationKind,
  type OperationRow,
  operationRow,
  writeOperation,
} from './operation';
import type { JobRow, OrderRow } from './orders';
import { stagesOf, today } from './stages';
import { jobs, orders, stages } from './tables';

/** Operations looked at per query; the archiver walks the candidates in id order. */
const BATCH = 500;

/** The custom field definitions of an operation's group (none without a group). */
export async function definitionsOf(tx: Tx, groupId: number | null): Promise<CustomFieldDefinition[]> {
  return groupId === null ? [] : customFieldsForScope(tx, { kind: 'operation-group', groupId });
}

/** Everything spec §4's conditions look at, for one order or job. */
export async function archiveFactsOf(
  tx: Tx,
  kind: OperationKind,
  row: OperationRow,
  options: { today: string; archiveAfterDays: number },
): Promise<ArchiveFacts> {
  const base = {
    operation: kind.type,
    archived: row.archived,
    stages: await stagesOf(tx, kind.type, row.id),
    today: options.today,
    archiveAfterDays: options.archiveAfterDays,
    customFieldDefinitions: await definitionsOf(tx, row.customFieldGroupId),
    customFields: row.customFields,
  };
  if (kind.type === 'job') {
    const job = row as JobRow;
    // A job waits while the cargo of one of its orders is in a warehouse.
    const [inWarehouse] = job.orderIds.length
      ? await tx
          .select({ id: orders.id })
          .from(orders)
          .where(and(inArray(orders.id, job.orderIds), eq(orders.inWarehouse, true)))
          .limit(1)
      : [];
    return {
      ...base,
      inWarehouse: Boolean(inWarehouse),
      applicationRequired: false,
      applicationLoaded: false,
      jobsNotArchived: 0,
    };
  }
  const order = row as OrderRow;
  const [client] = await tx
    .select({ applicationRequired: counterparties.applicationRequired })
    .from(counterparties)
    .where(eq(counterparties.id, order.clientId));
  // The application is an attached file of the order tagged APPLICATION.
  const [application] = await tx
    .select({ id: files.id })
    .from(files)
    .innerJoin(fileTags, eq(fileTags.fileId, files.id))
    .innerJoin(fileTagTypes, eq(fileTagTypes.id, fileTags.tagTypeId))
    .where(
      and(
        eq(files.ownerType, 'order'),
        eq(files.ownerId, order.id),
        eq(files.temporary, false),
        eq(fileTagTypes.code, APPLICATION_FILE_TAG),
      ),
    )
    .limit(1);
  const [pending] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(jobs)
    .where(and(sql`${jobs.orderIds} @> ARRAY[${order.id}]::integer[]`, eq(jobs.archived, false)));
  return {
    ...base,
    inWarehouse: order.inWarehouse,
    applicationRequired: client?.applicationRequired ?? false,
    applicationLoaded: Boolean(application),
    jobsNotArchived: pending?.count ?? 0,
  };
}

/** Why the archiver leaves this operation out, today. */
export async function archiveBlockersOf(
  tx: Tx,
  kind: OperationKind,
  row: OperationRow,
): Promise<ArchiveBlocker[]> {
  const { archiveAfterDays } = await getOptions(tx);
  return archiveBlockers(await archiveFactsOf(tx, kind, row, { today: today(), archiveAfterDays }));
}

/**
 * Archives every order and job meeting every condition of spec §4 (`archiveBlockers` empty); jobs first,
 * so an order whose last jobs go to the archive follows in the same run. Only operations not archived,
 * with stages and none of them open (IGNORE_ARCHIVER ones aside) are looked at; each is re-checked
 * under its row lock, so runs are idempotent and safe beside users' edits.
 */
export async function runArchiver(
  db: Db,
  on: string = today(),
): Promise<{ orders: number[]; jobs: number[] }> {
  const { archiveAfterDays } = await getOptions(db);
  const archived = { orders: [] as number[], jobs: [] as number[] };
  for (const kind of [OPERATION_KINDS.job, OPERATION_KINDS.order]) {
    const table = kind.table as typeof orders;
    let after = 0;
    for (;;) {
      const candidates = await db
        .select({ id: table.id })
        .from(table)
        .where(
          and(
            eq(table.archived, false),
            gt(table.id, after),
            sql`EXISTS (SELECT 1 FROM ${stages} s WHERE s.operation_type = ${kind.type} AND s.operation_id = ${table.id})`,
            sql`NOT EXISTS (SELECT 1 FROM ${stages} s WHERE s.operation_type = ${kind.type} AND s.operation_id = ${table.id}
              AND NOT s.closed AND NOT ('IGNORE_ARCHIVER' = ANY(s.behaviours)))`,
          ),
        )
        .orderBy(asc(table.id))
        .limit(BATCH);
      if (!candidates.length) break;
      after = candidates.at(-1)!.id;
      for (const { id } of candidates) {
        const done = await db.transaction(async (tx) => {
          const row = await operationRow(tx, kind, id, undefined);
          const blockers = archiveBlockers(
            await archiveFactsOf(tx, kind, row, { today: on, archiveAfterDays }),
          );
          if (blockers.length) return false;
          await writeOperation(tx, kind, row, { archived: true, archivedAt: new Date() }, 'archive', null);
          return true;
        });
        if (done) (kind.type === 'order' ? archived.orders : archived.jobs).push(id);
      }
    }
  }
  return archived;
}

/** The archiver (spec §4): every quarter of an hour, in one instance. */
export const operationsArchiverJob: ScheduledJob = {
  name: 'operations-archiver',
  intervalMs: 15 * 60 * 1000,
  async run({ database }) {
    await runArchiver(database.db);
  },
};
