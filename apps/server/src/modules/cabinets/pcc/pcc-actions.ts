import {
  dataSchema,
  ERROR_MESSAGES,
  idParamSchema,
  ordersFromRequestAllowed,
  type PccQuote,
  pccLegalEntitySchema,
  pccQuoteSchema,
  pccReconciliationQuerySchema,
  queryInteger,
  quoteAcceptSchema,
  type RoutePoint,
  routeEndPoints,
} from '@tms/domain';
import { and, asc, count, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requestDb } from '../../../platform/auth/cabinet-wall';
import { fieldError } from '../../../platform/errors';
import { logFiles, recordFiles } from '../../../platform/files/record-files';
import { MAX_UPLOAD_BYTES } from '../../../platform/files/routes';
import { FILE_MESSAGES, storeUpload } from '../../../platform/files/service';
import { files } from '../../../platform/files/tables';
import type { App } from '../../../platform/http/types';
import { asSystem, requestContext } from '../../../platform/resources';
import { XLSX_MIME } from '../../../platform/resources/workbook';
import { asBuffer } from '../../../platform/workers/tasks';
import { legalEntities } from '../../company';
import { printableBills } from '../../finance';
import { reconciliationStatement } from '../../reports';
import { acceptQuote, customerRequests, requestQuotes } from '../../requests';
import { fileSignedApplication } from '../../shipment-documents';
import { cabinetActorOf, logCabinetEvent } from '../doors';
import { PCC_PREDICATES, pccOrderService } from './pcc';

const tags = ['pcc'];
const REQUESTS: readonly string[] = ['CABINET_REQUESTS'];
const FINANCE: readonly string[] = ['CABINET_FINANCE'];
const pageQuery = z.object({
  page: queryInteger(1, 10_000).default(1),
  itemsPerPage: queryInteger(1, 100).default(20),
});

const cabinetOf = (request: FastifyRequest) => request.cabinet!;

/**
 * The client cabinet's doings beyond reading (docs/cabinets.md): his quotes and their acceptance, a
 * document or signed application uploaded to his order, his акт сверки (his bell: `notification-routes.ts`).
 */
export async function pccActionRoutes(app: App): Promise<void> {
  app.get(
    '/pcc/quotes',
    {
      config: { cabinet: 'client', cabinetRoles: REQUESTS },
      schema: {
        tags,
        summary: 'The quotes sent for his requests, the latest first',
        querystring: pageQuery,
        response: {
          200: dataSchema(z.object({ collection: z.array(pccQuoteSchema), total: z.number().int() })),
        },
      },
    },
    async (request) => {
      const { page, itemsPerPage } = request.query as z.infer<typeof pageQuery>;
      const where = and(
        PCC_PREDICATES.request(cabinetOf(request).counterpartyId),
        isNotNull(requestQuotes.sentAt),
      );
      const [rows, [total]] = await Promise.all([
        requestDb(request)
          .select({ quote: requestQuotes, request: customerRequests })
          .from(requestQuotes)
          .innerJoin(customerRequests, eq(customerRequests.id, requestQuotes.requestId))
          .where(where)
          .orderBy(desc(requestQuotes.sentAt), desc(requestQuotes.id))
          .limit(itemsPerPage)
          .offset((page - 1) * itemsPerPage),
        requestDb(request)
          .select({ n: count() })
          .from(requestQuotes)
          .innerJoin(customerRequests, eq(customerRequests.id, requestQuotes.requestId))
          .where(where),
      ]);
      const collection = rows.map(
        ({ quote, request: r }): PccQuote => ({
          requestId: r.id,
          requestNumber: r.number,
          route: routeEndPoints(r.route as RoutePoint[]),
          cargoDescription: r.cargoDescription,
          rates: quote.rates,
          comment: quote.comment,
          sentAt: quote.sentAt!.toISOString(),
          version: quote.version,
          acceptedAt: quote.acceptedAt?.toISOString() ?? null,
          acceptedRate: quote.acceptedRate ?? null,
          acceptable: !quote.acceptedAt && ordersFromRequestAllowed(r.status),
        }),
      );
      return { data: { collection, total: total?.n ?? 0 } };
    },
  );

  app.post(
    '/pcc/requests/:id/quote/accept',
    {
      config: { cabinet: 'client', cabinetRoles: REQUESTS },
      schema: {
        tags,
        summary: 'Accept the quote sent for the request, in one of its currencies',
        params: idParamSchema,
        body: quoteAcceptSchema,
        response: { 200: dataSchema(z.object({ requestId: z.number().int() })) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const body = request.body as z.infer<typeof quoteAcceptSchema>;
      const data = await requestDb(request).transaction(async (tx) => {
        const ctx = requestContext(request, tx);
        const accepted = await acceptQuote.run(ctx, { ...body, requestId: id });
        await logCabinetEvent(tx, cabinetActorOf(ctx.auth, request.ip), 'booking', app.clock(), {
          type: 'request',
          id,
        });
        return accepted;
      });
      return { data };
    },
  );

  const uploadQuery = z.object({ kind: z.enum(['application', 'other']).default('other') });
  app.post(
    '/pcc/orders/:id/files',
    {
      config: {
        cabinet: 'client',
        uploadLimit: { bytes: MAX_UPLOAD_BYTES, message: ERROR_MESSAGES.tooLarge },
      },
      schema: {
        tags,
        summary:
          'Upload a document to his order (multipart field "file"); kind=application files it as the signed application',
        params: idParamSchema,
        querystring: uploadQuery,
        consumes: ['multipart/form-data'],
        response: { 201: dataSchema(z.object({ id: z.number().int(), name: z.string() })) },
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: number };
      const { kind } = request.query as z.infer<typeof uploadQuery>;
      const data = await requestDb(request).transaction(async (tx) => {
        const ctx = requestContext(request, tx);
        // The order first: a foreign one is a 404 before anything of the upload is stored.
        const order = await pccOrderService.find(ctx, id);
        const upload = request.isMultipart() ? await request.file() : undefined;
        if (!upload) throw fieldError(['file'], FILE_MESSAGES.noFileSelected);
        const before = await recordFiles(tx, 'order', order.id);
        const row = await storeUpload(tx, app.fileStorage, upload, null);
        await tx
          .update(files)
          .set({ temporary: false, ownerType: 'order', ownerId: order.id })
          .where(eq(files.id, row.id));
        if (kind === 'application') await fileSignedApplication(tx, order.id, row.id, app.clock());
        await logFiles(
          tx,
          { entityType: 'order' },
          order.id,
          ctx.auth,
          before,
          await recordFiles(tx, 'order', order.id),
        );
        return { id: row.id, name: row.description };
      });
      return reply.code(201).send({ data });
    },
  );

  app.get(
    '/pcc/legal-entities',
    {
      config: { cabinet: 'client', cabinetRoles: FINANCE },
      schema: {
        tags,
        summary: 'Our legal entities that issued him bills, for his акт сверки',
        response: { 200: dataSchema(z.array(pccLegalEntitySchema)) },
      },
    },
    async (request) => {
      const issuing = requestDb(request)
        .selectDistinct({ id: printableBills.legalEntityId })
        .from(printableBills)
        .where(PCC_PREDICATES.bill(cabinetOf(request).counterpartyId));
      return {
        data: await requestDb(request)
          .select({ id: legalEntities.id, name: legalEntities.name })
          .from(legalEntities)
          .where(inArray(legalEntities.id, issuing))
          .orderBy(asc(legalEntities.name)),
      };
    },
  );

  app.get(
    '/pcc/reconciliation',
    {
      config: { cabinet: 'client', cabinetRoles: FINANCE },
      schema: {
        tags,
        summary: 'His акт сверки (reconciliation statement) for a period as a PDF or XLSX_MIME',
        querystring: pccReconciliationQuerySchema,
        produces: ['application/pdf', XLSX_MIME],
      },
    },
    async (request, reply) => {
      const query = request.query as z.infer<typeof pccReconciliationQuerySchema>;
      // The statement is his counterparty's, whatever the address asks; the report runs as the system
      // for it (a client holds no staff report role), with the report's own period rules.
      const ctx = asSystem(requestContext(request), 'cabinet');
      const printed = await reconciliationStatement(
        ctx,
        {
          counterpartyId: cabinetOf(request).counterpartyId,
          from: query.from,
          to: query.to,
          legalEntityId: query.legalEntityId,
        },
        query.lang,
        query.format,
      );
      return reply
        .header('content-type', query.format === 'pdf' ? 'application/pdf' : XLSX_MIME)
        .header(
          'content-disposition',
          `attachment; filename="reconciliation-${query.from}-${query.to}.${query.format}"`,
        )
        .send(asBuffer(printed));
    },
  );
}
