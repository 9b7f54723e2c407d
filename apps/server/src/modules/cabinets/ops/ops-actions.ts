import {
  dataSchema,
  ERROR_MESSAGES,
  idParamSchema,
  type OpsTransportOrder,
  opsTransportOrderAcceptSchema,
  opsTransportOrderSchema,
  type ShipmentDocument,
} from '@tms/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { requestDb } from '../../../platform/auth/cabinet-wall';
import { fieldError, notFound } from '../../../platform/errors';
import { logFiles, recordFiles } from '../../../platform/files/record-files';
import { MAX_UPLOAD_BYTES } from '../../../platform/files/routes';
import { FILE_MESSAGES, storeUpload } from '../../../platform/files/service';
import { files } from '../../../platform/files/tables';
import type { App } from '../../../platform/http/types';
import { requestContext } from '../../../platform/resources';
import { acceptTransportOrder, sentTransportOrdersOf } from '../../shipment-documents';
import { cabinetFileDoor, sendCabinetFile } from '../doors';
import { opsJobService } from './ops';

const tags = ['ops'];
const JOBS: readonly string[] = ['CABINET_JOBS'];

/**
 * The documents of a job the contractor sees: those uploaded from his portal (a cabinet's upload has no
 * staff uploader), not the back office's own files of the job.
 */
function portalFiles(jobId: number) {
  return and(
    eq(files.ownerType, 'job'),
    eq(files.ownerId, jobId),
    eq(files.temporary, false),
    isNull(files.uploadedBy),
  );
}

/** A transport order as his portal shows it. */
function opsTransportOrder(document: ShipmentDocument): OpsTransportOrder {
  const file = document.pdf ?? document.file;
  return {
    id: document.id,
    version: document.version,
    legalEntityName: document.legalEntityName,
    details: document.details,
    sentAt: document.sentAt!,
    acceptedAt: document.acceptedAt,
    file: file && { id: file.id, name: file.description },
  };
}

const _jobDocumentParams = z.object({ id: idParamSchema.shape.id, fileId: idParamSchema.shape.id });
const transportOrderParams = z.object({ id: idParamSchema.shape.id, orderId: idParamSchema.shape.id });

/**
 * `/api/ops/jobs/{id}/...`: the documents the contractor gives for his job (CMR, photos, acts), and the
 * transport orders mailed to him for it, which he accepts.
 */
export async function opsActionRoutes(app: App): Promise<void> {
  cabinetFileDoor(app, {
    path: '/ops/jobs',
    config: { cabinet: 'contractor', cabinetRoles: JOBS },
    tags,
    summaries: {
      list: 'The documents uploaded for the job from the portal',
      one: 'One of the documents uploaded for the job from the portal, its content',
    },
    owner: (ctx, id) => opsJobService.find(ctx, id),
    shown: portalFiles,
  });

  app.post(
    '/ops/jobs/:id/files',
    {
      config: {
        cabinet: 'contractor',
        cabinetRoles: JOBS,
        uploadLimit: { bytes: MAX_UPLOAD_BYTES, message: ERROR_MESSAGES.tooLarge },
      },
      schema: {
        tags,
        summary: 'Upload a document of the job (multipart field "file"): it joins the job\'s files at once',
        params: idParamSchema,
        consumes: ['multipart/form-data'],
        response: { 201: dataSchema(z.object({ id: z.number().int(), name: z.string() })) },
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: number };
      const data = await requestDb(request).transaction(async (tx) => {
        const ctx = requestContext(request, tx);
        // The job first: a foreign one is a 404 before anything of the upload is stored.
        const job = await opsJobService.find(ctx, id);
        const upload = request.isMultipart() ? await request.file() : undefined;
        if (!upload) throw fieldError(['file'], FILE_MESSAGES.noFileSelected);
        const before = await recordFiles(tx, 'job', job.id);
        const row = await storeUpload(tx, app.fileStorage, upload, null);
        await tx
          .update(files)
          .set({ temporary: false, ownerType: 'job', ownerId: job.id })
          .where(eq(files.id, row.id));
        await logFiles(
          tx,
          { entityType: 'job' },
          job.id,
          ctx.auth,
          before,
          await recordFiles(tx, 'job', job.id),
        );
        return { id: row.id, name: row.description };
      });
      return reply.code(201).send({ data });
    },
  );

  app.get(
    '/ops/jobs/:id/transport-orders',
    {
      config: { cabinet: 'contractor', cabinetRoles: JOBS },
      schema: {
        tags,
        summary: 'The transport orders of the job mailed to the contractor, newest first',
        params: idParamSchema,
        response: { 200: dataSchema(z.array(opsTransportOrderSchema)) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const ctx = requestContext(request);
      const job = await opsJobService.find(ctx, id);
      return { data: (await sentTransportOrdersOf(ctx.tx, job.id)).map(opsTransportOrder) };
    },
  );

  app.get(
    '/ops/jobs/:id/transport-orders/:orderId/file',
    {
      config: { cabinet: 'contractor', cabinetRoles: JOBS },
      schema: {
        tags,
        summary: "The transport order's document (its PDF, or its Word file)",
        params: transportOrderParams,
      },
    },
    async (request, reply) => {
      const { id, orderId } = request.params as { id: number; orderId: number };
      const ctx = requestContext(request);
      const job = await opsJobService.find(ctx, id);
      const document = (await sentTransportOrdersOf(ctx.tx, job.id)).find((d) => d.id === orderId);
      const fileId = opsTransportOrder(document ?? ({} as ShipmentDocument)).file?.id;
      if (!document || !fileId) throw notFound();
      const [row] = await ctx.tx.select().from(files).where(eq(files.id, fileId));
      return sendCabinetFile(app.fileStorage, reply, row);
    },
  );

  app.post(
    '/ops/jobs/:id/transport-orders/:orderId/accept',
    {
      config: { cabinet: 'contractor', cabinetRoles: JOBS },
      schema: {
        tags,
        summary: 'Accept the transport order of the job',
        params: transportOrderParams,
        body: opsTransportOrderAcceptSchema,
        response: { 200: dataSchema(opsTransportOrderSchema) },
      },
    },
    async (request) => {
      const { id, orderId } = request.params as { id: number; orderId: number };
      const { version } = request.body as { version: number };
      const data = await requestDb(request).transaction(async (tx) => {
        const ctx = requestContext(request, tx);
        const job = await opsJobService.find(ctx, id, { lock: true });
        if (!(await sentTransportOrdersOf(tx, job.id)).some((d) => d.id === orderId)) throw notFound();
        return opsTransportOrder(
          await acceptTransportOrder.run({ ...ctx, clock: app.clock }, { id: orderId, version }),
        );
      });
      return { data };
    },
  );
}
