import {
  SHIPMENT_DOCUMENT_MESSAGES as M,
  OPERATION_ROLES,
  type ShipmentDocument,
  shipmentDocumentSchema,
  transportOrderCreateSchema,
} from '@tms/domain';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { actingUserId } from '../../../platform/auth/context';
import { fieldError } from '../../../platform/errors';
import type { FileStorage } from '../../../platform/files/storage';
import { defineUseCase } from '../../../platform/resources';
import { generateDocument } from '../../documents';
import { bills } from '../../finance';
import { jobService, orders, stagesOf } from '../../operations';
import { currencies } from '../../reference-data';
import { type ShipmentContext, toShipmentDocuments } from '../documents';
import { shipmentDocuments, shipmentTemplates } from '../tables';

/** A shipment document's making: where its files are stored, where a PDF converter's fallback is logged. */
export type MakeContext = ShipmentContext & { storage: FileStorage; log: Pick<FastifyBaseLogger, 'warn'> };

/**
 * "Transport order" of a job (spec §5: it needs a contractor, expense bills and stages): the template of the
 * legal entity of the job's expense bills (or the one chosen) for the job's product (a template for any
 * product otherwise) is filled with the job, its orders' cargo and the details for the carrier; the .docx
 * and its PDF go to the job's files. Whoever may change the job makes it.
 */
export const makeTransportOrder = defineUseCase({
  name: 'shipment-documents.make-transport-order',
  roles: OPERATION_ROLES.job.edit,
  input: transportOrderCreateSchema.extend({ jobId: z.number().int().positive() }),
  output: shipmentDocumentSchema,
  async run(ctx: MakeContext, input): Promise<ShipmentDocument> {
    const job = await jobService.find(ctx, input.jobId, { access: 'write', lock: true });
    if (job.tracking) throw fieldError([], M.trackingJob);
    const expense = await ctx.tx
      .select({ legalEntityId: bills.legalEntityId, amount: bills.amount, currencyId: bills.currencyId })
      .from(bills)
      .where(and(sql`${bills.jobIds} @> ARRAY[${job.id}]::integer[]`, eq(bills.direction, 'EXPENSE')))
      .orderBy(asc(bills.id));
    const stages = await stagesOf(ctx.tx, 'job', job.id);
    if (job.contractorId === null || !expense.length || !stages.length)
      throw fieldError([], M.transportOrderNeeds);
    const legalEntityId = input.legalEntityId ?? expense[0]!.legalEntityId;
    const template = await templateFor(ctx, legalEntityId, job.orderIds[0], input.templateId);
    // The rate is the job's cost unless the forwarder gives another; its currency follows.
    const currencyId = job.costCurrencyId ?? expense[0]!.currencyId;
    const [currency] = await ctx.tx
      .select({ code: currencies.code })
      .from(currencies)
      .where(eq(currencies.id, currencyId));
    const details = {
      ...input.details,
      rate: input.details.rate ?? job.costAmount ?? expense[0]!.amount,
      currencyCode: input.details.currencyCode ?? currency?.code,
    };
    const [row] = await ctx.tx
      .insert(shipmentDocuments)
      .values({
        kind: 'transport-order',
        operationType: 'job',
        operationId: job.id,
        legalEntityId,
        templateId: template.id,
        templateName: template.name,
        details,
        createdById: actingUserId(ctx.auth),
      })
      .returning();
    const generation = { ...ctx, actingUserId: actingUserId(ctx.auth) };
    const source = { name: template.name, fileId: template.fileId, initiatorType: 'transportOrder' };
    const owner = { type: 'job', id: job.id };
    const docx = await generateDocument(generation, 'transportOrder', row!.id, source, 'docx', owner);
    const pdf = await generateDocument(generation, 'transportOrder', row!.id, source, 'pdf', owner);
    const [saved] = await ctx.tx
      .update(shipmentDocuments)
      .set({ fileId: docx.file.id, pdfFileId: pdf.file.id, emptyTags: docx.report.emptyTags })
      .where(eq(shipmentDocuments.id, row!.id))
      .returning();
    return (await toShipmentDocuments(ctx.tx, [saved!]))[0]!;
  },
});

/**
 * The transport order template of the legal entity for the order's product, else its template for any
 * product; a named template must be an enabled transport order template of that legal entity.
 */
async function templateFor(
  ctx: ShipmentContext,
  legalEntityId: number,
  orderId: number | undefined,
  templateId: number | undefined,
) {
  const [order] =
    orderId === undefined
      ? []
      : await ctx.tx.select({ productId: orders.productId }).from(orders).where(eq(orders.id, orderId));
  const productId = order?.productId ?? null;
  const candidates = await ctx.tx
    .select()
    .from(shipmentTemplates)
    .where(
      and(
        eq(shipmentTemplates.kind, 'transport-order'),
        eq(shipmentTemplates.legalEntityId, legalEntityId),
        eq(shipmentTemplates.enabled, true),
        templateId === undefined ? undefined : eq(shipmentTemplates.id, templateId),
        productId === null
          ? isNull(shipmentTemplates.productId)
          : or(isNull(shipmentTemplates.productId), eq(shipmentTemplates.productId, productId)),
      ),
    )
    // A product's own template before the one for every product.
    .orderBy(
      sql`${shipmentTemplates.productId} IS NULL`,
      asc(shipmentTemplates.name),
      asc(shipmentTemplates.id),
    );
  const template = candidates[0];
  if (!template) {
    throw fieldError(
      templateId === undefined ? ['legalEntityId'] : ['templateId'],
      M.noTransportOrderTemplate,
    );
  }
  return template;
}
