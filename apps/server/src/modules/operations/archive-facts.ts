import {
  APPLICATION_FILE_TAG,
  type ArchiveBlocker,
  type ArchiveFacts,
  archiveBlockers,
  type CustomFieldDefinition,
} from '@tms/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import { files, fileTags, fileTagTypes } from '../../platform/files/tables';
import type { CallContext } from '../../platform/resources';
import { counterparties } from '../counterparties';
import { customFieldsForScope } from '../custom-fields';
import { getOptions } from '../options';
import type { OperationKind, OperationRow } from './operation';
import type { JobRow, OrderRow } from './orders';
import { stageRulesOf, stagesOf, today } from './stages';
import { jobs, orders } from './tables';

/** The custom field definitions of an operation's group (none without a group). */
export async function definitionsOf(tx: Tx, groupId: number | null): Promise<CustomFieldDefinition[]> {
  return groupId === null ? [] : customFieldsForScope(tx, { kind: 'operation-group', groupId });
}

/**
 * Whether a module's records hold cargo of one of these orders in a warehouse (the warehouse module: places
 * received and not released), beside the order's own flag that WAREHOUSE_IN and WAREHOUSE_OUT stages set.
 */
export type OrderInWarehouseSource = (tx: Tx, orderIds: readonly number[]) => Promise<boolean>;

declare module '../../platform/modules' {
  interface ModuleContributions {
    /** Whether the module holds cargo of these orders in a warehouse: the archiver waits (spec §4). */
    orderInWarehouse: OrderInWarehouseSource;
  }
}

/** Whether any module holds cargo of these orders in a warehouse. */
async function heldInWarehouse({ tx, registries }: CallContext, orderIds: readonly number[]) {
  if (!orderIds.length) return false;
  for (const source of registries.contributions('orderInWarehouse').values()) {
    if (await source(tx, orderIds)) return true;
  }
  return false;
}

/** Everything spec §4's conditions look at, for one order or job. */
export async function archiveFactsOf(
  ctx: CallContext,
  kind: OperationKind,
  row: OperationRow,
  options: { today: string; archiveAfterDays: number },
): Promise<ArchiveFacts> {
  const { tx } = ctx;
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
      inWarehouse: Boolean(inWarehouse) || (await heldInWarehouse(ctx, job.orderIds)),
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
    inWarehouse: order.inWarehouse || (await heldInWarehouse(ctx, [order.id])),
    applicationRequired: client?.applicationRequired ?? false,
    applicationLoaded: Boolean(application),
    jobsNotArchived: pending?.count ?? 0,
  };
}

/** Why the archiver leaves this operation out, today. */
export async function archiveBlockersOf(
  ctx: CallContext,
  kind: OperationKind,
  row: OperationRow,
): Promise<ArchiveBlocker[]> {
  const { archiveAfterDays } = await getOptions(ctx.tx);
  const facts = await archiveFactsOf(ctx, kind, row, { today: today(), archiveAfterDays });
  return archiveBlockers(facts, stageRulesOf(ctx.registries));
}
