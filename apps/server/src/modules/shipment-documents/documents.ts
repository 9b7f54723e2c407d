import type { ShipmentDocument, ShipmentDocumentKind } from '@tms/domain';
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import type { Principal } from '../../platform/auth/context';
import { notFound } from '../../platform/errors';
import { fileMetadata } from '../../platform/files/service';
import { files } from '../../platform/files/tables';
import { users } from '../../platform/identity/tables';
import type { ResourceContext } from '../../platform/resources';
import { legalEntities } from '../company';
import { counterparties } from '../counterparties';
import { bills } from '../finance';
import { jobService, jobs, orderService } from '../operations';
import { shipmentDocuments } from './tables';

export type ShipmentDocumentRow = typeof shipmentDocuments.$inferSelect;
export type ShipmentContext = ResourceContext & { auth: Principal };

/**
 * A shipment document as the user may see it: only when they may read its job or order (`write`: change
 * it, as they may change the job or order), 404 otherwise; `lock` takes the row for the transaction.
 */
export async function shipmentDocumentOf(
  ctx: ShipmentContext,
  id: number,
  access: 'read' | 'write',
  kinds?: readonly ShipmentDocumentKind[],
  lock = false,
): Promise<ShipmentDocumentRow> {
  const query = ctx.tx.select().from(shipmentDocuments).where(eq(shipmentDocuments.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row || (kinds && !kinds.includes(row.kind))) throw notFound();
  const service = row.operationType === 'job' ? jobService : orderService;
  await service.find(ctx, row.operationId, { access });
  return row;
}

const link = (row: typeof files.$inferSelect | undefined) =>
  row ? { id: row.id, description: row.description, downloadLink: fileMetadata(row).downloadLink } : null;

/** Rows as the API answers them. */
export async function toShipmentDocuments(
  tx: Tx,
  rows: readonly ShipmentDocumentRow[],
): Promise<ShipmentDocument[]> {
  if (!rows.length) return [];
  const fileIds = rows
    .flatMap((row) => [row.fileId, row.pdfFileId, row.signedFileId])
    .filter((id) => id !== null);
  const fileRows = fileIds.length ? await tx.select().from(files).where(inArray(files.id, fileIds)) : [];
  const fileById = new Map(fileRows.map((row) => [row.id, row]));
  const entityRows = await tx
    .select({ id: legalEntities.id, name: legalEntities.shortName })
    .from(legalEntities)
    .where(inArray(legalEntities.id, [...new Set(rows.map((row) => row.legalEntityId))]));
  const entityName = new Map(entityRows.map((row) => [row.id, row.name]));
  const userIds = [...new Set(rows.map((row) => row.createdById).filter((id) => id !== null))];
  const userRows = userIds.length
    ? await tx.select({ id: users.id, name: users.contactName }).from(users).where(inArray(users.id, userIds))
    : [];
  const userName = new Map(userRows.map((row) => [row.id, row.name]));
  const emails = await contractorEmails(tx, rows);
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  return rows.map((row) => ({
    id: row.id,
    version: row.version,
    kind: row.kind,
    operationType: row.operationType,
    operationId: row.operationId,
    legalEntityId: row.legalEntityId,
    legalEntityName: entityName.get(row.legalEntityId) ?? '',
    templateId: row.templateId,
    templateName: row.templateName,
    details: row.details,
    file: link(fileById.get(row.fileId ?? 0)),
    pdf: link(fileById.get(row.pdfFileId ?? 0)),
    emptyTags: row.emptyTags,
    sentTo: row.sentTo,
    sendRequestedAt: iso(row.sendRequestedAt),
    sentAt: iso(row.sentAt),
    acceptedAt: iso(row.acceptedAt),
    signedFile: link(fileById.get(row.signedFileId ?? 0)),
    signedAt: iso(row.signedAt),
    contractorEmail: emails.get(row.id) ?? null,
    createdAt: row.createdAt.toISOString(),
    createdByName: row.createdById === null ? null : (userName.get(row.createdById) ?? null),
  }));
}

/** The contractor's address of each transport order (its job's contractor), to offer when sending. */
async function contractorEmails(tx: Tx, rows: readonly ShipmentDocumentRow[]): Promise<Map<number, string>> {
  const orders = rows.filter((row) => row.kind === 'transport-order');
  if (!orders.length) return new Map();
  const found = await tx
    .select({ jobId: jobs.id, email: counterparties.email })
    .from(jobs)
    .innerJoin(counterparties, eq(counterparties.id, jobs.contractorId))
    .where(
      inArray(
        jobs.id,
        orders.map((row) => row.operationId),
      ),
    );
  const byJob = new Map(found.map((row) => [row.jobId, row.email]));
  const answer = new Map<number, string>();
  for (const row of orders) {
    const email = byJob.get(row.operationId);
    if (email) answer.set(row.id, email);
  }
  return answer;
}

/** The shipment documents of a job or order the user reads, newest first. */
export async function shipmentDocumentsOf(
  ctx: ShipmentContext,
  operationType: 'order' | 'job',
  operationId: number,
): Promise<ShipmentDocument[]> {
  const service = operationType === 'job' ? jobService : orderService;
  await service.find(ctx, operationId, { access: 'read' });
  const rows = await ctx.tx
    .select()
    .from(shipmentDocuments)
    .where(
      and(eq(shipmentDocuments.operationType, operationType), eq(shipmentDocuments.operationId, operationId)),
    )
    .orderBy(desc(shipmentDocuments.id));
  return toShipmentDocuments(ctx.tx, rows);
}

/**
 * The transport orders of a job mailed to its contractor, newest first, for his portal (which checked the
 * job is his).
 */
export async function sentTransportOrdersOf(tx: Tx, jobId: number): Promise<ShipmentDocument[]> {
  const rows = await tx
    .select()
    .from(shipmentDocuments)
    .where(
      and(
        eq(shipmentDocuments.kind, 'transport-order'),
        eq(shipmentDocuments.operationType, 'job'),
        eq(shipmentDocuments.operationId, jobId),
        isNotNull(shipmentDocuments.sentAt),
      ),
    )
    .orderBy(desc(shipmentDocuments.id));
  return toShipmentDocuments(tx, rows);
}

/**
 * The legal entity a receipt or application of the order is issued by when none is chosen: that of the
 * order's first income bill (none without one).
 */
export async function issuingEntityOf(tx: Tx, orderId: number): Promise<number | null> {
  const [income] = await tx
    .select({ legalEntityId: bills.legalEntityId })
    .from(bills)
    .where(and(sql`${bills.orderIds} @> ARRAY[${orderId}]::integer[]`, eq(bills.direction, 'INCOME')))
    .orderBy(asc(bills.id))
    .limit(1);
  return income?.legalEntityId ?? null;
}
