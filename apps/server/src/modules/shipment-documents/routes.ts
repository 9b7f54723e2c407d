import {
  dataSchema,
  listResultSchema,
  OPERATION_ROLES,
  orderDocumentCreateSchema,
  orderDocumentDefaultsSchema,
  recordIdSchema,
  SHIPMENT_DOCUMENT_KINDS,
  SHIPMENT_TEMPLATE_ROLES,
  shipmentDocumentSchema,
  signedApplicationSchema,
  templateCheckResultSchema,
  transportOrderCreateSchema,
  transportOrderSendSchema,
  versionSchema,
} from '@tms/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App } from '../../platform/http/types';
import { registerResourceRoutes, requestContext } from '../../platform/resources';
import { templateWarnings } from '../documents';
import { orderService } from '../operations';
import {
  issuingEntityOf,
  type ShipmentContext,
  shipmentDocumentOf,
  shipmentDocumentsOf,
  toShipmentDocuments,
} from './documents';
import { initiatorTypeOf, SHIPMENT_TEMPLATE_FILE_OWNER, shipmentTemplateService } from './templates';
import { acceptTransportOrder } from './use-cases/accept-transport-order';
import { makeOrderDocument } from './use-cases/make-order-document';
import { makeTransportOrder } from './use-cases/make-transport-order';
import { sendTransportOrder } from './use-cases/send-transport-order';
import { signApplication } from './use-cases/sign-application';

const idParams = z.object({ id: recordIdSchema });
const documentAnswer = { 200: dataSchema(shipmentDocumentSchema) };
const created = { 201: dataSchema(shipmentDocumentSchema) };
const listAnswer = { 200: dataSchema(listResultSchema(shipmentDocumentSchema)) };

/**
 * The templates of each kind of shipment document (the resource engine's routes), their check before saving,
 * the transport orders of a job and the receipts and applications of an order.
 */
export default async function shipmentDocumentRoutes(app: App): Promise<void> {
  for (const kind of SHIPMENT_DOCUMENT_KINDS) {
    registerResourceRoutes(
      app,
      shipmentTemplateService(kind, () => app.fileStorage),
    );
  }
  const tags = ['shipment-documents'];
  const inTransaction = <T>(request: FastifyRequest, run: (ctx: ShipmentContext) => Promise<T>) =>
    app.database.db.transaction((tx) => run({ ...requestContext(request, tx), clock: app.clock }));
  const templateRoles = [...new Set(Object.values(SHIPMENT_TEMPLATE_ROLES).flat())];

  app.post(
    '/shipment-templates/check',
    {
      config: { roles: templateRoles },
      schema: {
        tags,
        summary:
          "A Word file checked as a template of a kind of shipment document before it is saved: the tags none of the document's fields prints, with where they are",
        body: z.strictObject({
          kind: z.enum(SHIPMENT_DOCUMENT_KINDS),
          fileId: z.number().int().positive(),
          templateId: z.number().int().positive().optional(),
        }),
        response: { 200: dataSchema(templateCheckResultSchema) },
      },
    },
    async (request) => {
      const { kind, fileId, templateId } = request.body;
      const ctx = requestContext(request, app.database.db);
      const warnings = await templateWarnings(ctx, app.fileStorage, {
        fileId,
        templateId,
        initiatorType: initiatorTypeOf(kind),
        ownerType: SHIPMENT_TEMPLATE_FILE_OWNER,
      });
      return { data: { warnings } };
    },
  );

  app.get(
    '/tms/jobs/:id/transport-orders',
    {
      config: { roles: OPERATION_ROLES.job.view },
      schema: {
        tags,
        summary: 'The transport orders of a job, newest first',
        params: idParams,
        response: listAnswer,
      },
    },
    async (request) => {
      const collection = await shipmentDocumentsOf(
        { ...requestContext(request, app.database.db), clock: app.clock },
        'job',
        request.params.id,
      );
      return { data: { collection, total: collection.length } };
    },
  );

  app.post(
    '/tms/jobs/:id/transport-orders',
    {
      config: { roles: OPERATION_ROLES.job.edit },
      schema: {
        tags,
        summary:
          "Make the job's transport order from its legal entity's template (spec §5: needs a contractor, expense bills and stages); the .docx and PDF go to the job's files",
        params: idParams,
        body: transportOrderCreateSchema,
        response: created,
      },
    },
    async (request, reply) => {
      const data = await inTransaction(request, (ctx) =>
        makeTransportOrder.run(
          { ...ctx, storage: app.fileStorage, log: request.log },
          { ...request.body, jobId: request.params.id },
        ),
      );
      return reply.code(201).send({ data });
    },
  );

  app.get(
    '/transport-orders/:id',
    {
      config: { roles: OPERATION_ROLES.job.view },
      schema: { tags, summary: 'A transport order', params: idParams, response: documentAnswer },
    },
    async (request) => {
      const ctx = { ...requestContext(request, app.database.db), clock: app.clock };
      const row = await shipmentDocumentOf(ctx, request.params.id, 'read', ['transport-order']);
      return { data: (await toShipmentDocuments(ctx.tx, [row]))[0]! };
    },
  );

  app.post(
    '/transport-orders/:id/send',
    {
      config: { roles: OPERATION_ROLES.job.edit },
      schema: {
        tags,
        summary:
          'Mail the transport order to the contractor (by the job queue); the send time is recorded when the mail server takes it',
        params: idParams,
        body: transportOrderSendSchema,
        response: documentAnswer,
      },
    },
    async (request) => ({
      data: await inTransaction(request, (ctx) =>
        sendTransportOrder.run({ ...ctx, config: app.appConfig }, { ...request.body, id: request.params.id }),
      ),
    }),
  );

  app.post(
    '/transport-orders/:id/accept',
    {
      config: { roles: OPERATION_ROLES.job.edit },
      schema: {
        tags,
        summary: 'Record that the contractor accepted the transport order',
        params: idParams,
        body: versionSchema,
        response: documentAnswer,
      },
    },
    async (request) => ({
      data: await inTransaction(request, (ctx) =>
        acceptTransportOrder.run(ctx, { ...request.body, id: request.params.id }),
      ),
    }),
  );

  app.get(
    '/tms/orders/:id/shipment-documents',
    {
      config: { roles: OPERATION_ROLES.order.view },
      schema: {
        tags,
        summary: 'The forwarding receipts and customer applications of an order, newest first',
        params: idParams,
        response: listAnswer,
      },
    },
    async (request) => {
      const collection = await shipmentDocumentsOf(
        { ...requestContext(request, app.database.db), clock: app.clock },
        'order',
        request.params.id,
      );
      return { data: { collection, total: collection.length } };
    },
  );

  app.get(
    '/tms/orders/:id/shipment-documents/defaults',
    {
      config: { roles: OPERATION_ROLES.order.view },
      schema: {
        tags,
        summary:
          "What a new receipt or application of the order starts from: the legal entity of the order's first income bill, which issues it unless another is chosen",
        params: idParams,
        response: { 200: dataSchema(orderDocumentDefaultsSchema) },
      },
    },
    async (request) => {
      const ctx = requestContext(request, app.database.db);
      const order = await orderService.find(ctx, request.params.id, { access: 'read' });
      return { data: { legalEntityId: await issuingEntityOf(ctx.tx, order.id) } };
    },
  );

  app.post(
    '/tms/orders/:id/shipment-documents',
    {
      config: { roles: OPERATION_ROLES.order.edit },
      schema: {
        tags,
        summary:
          "Make a forwarding receipt or customer application of the order from its legal entity's template; the .docx and PDF go to the order's files",
        params: idParams,
        body: orderDocumentCreateSchema,
        response: created,
      },
    },
    async (request, reply) => {
      const data = await inTransaction(request, (ctx) =>
        makeOrderDocument.run(
          { ...ctx, storage: app.fileStorage, log: request.log },
          { ...request.body, orderId: request.params.id },
        ),
      );
      return reply.code(201).send({ data });
    },
  );

  app.post(
    '/customer-applications/:id/signed',
    {
      config: { roles: OPERATION_ROLES.order.edit },
      schema: {
        tags,
        summary:
          "The signed customer application (an uploaded file) attached to the order's files with the APPLICATION tag: the archive condition 'application loaded'",
        params: idParams,
        body: signedApplicationSchema,
        response: documentAnswer,
      },
    },
    async (request) => ({
      data: await inTransaction(request, (ctx) =>
        signApplication.run(ctx, { ...request.body, id: request.params.id }),
      ),
    }),
  );
}
