import {
  dataSchema,
  idParamSchema,
  MESSAGES,
  type PccStage,
  pccBillResource,
  pccOrderResource,
  pccRequestAnswerSchema,
  pccRequestResource,
  pccStageSchema,
} from '@tms/domain';
import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../../db/connection';
import { requestDb } from '../../../platform/auth/cabinet-wall';
import { fieldError, HttpError } from '../../../platform/errors';
import { files } from '../../../platform/files/tables';
import type { App } from '../../../platform/http/types';
import {
  defineUseCase,
  type ResourceContext,
  registerResourceRoutes,
  requestContext,
  resourceService,
  type WriteEvent,
} from '../../../platform/resources';
import { asBuffer } from '../../../platform/workers/tasks';
import { printableBillDocument, printableBills } from '../../finance';
import { jobOrders, orders, stages } from '../../operations';
import { countries } from '../../reference-data';
import { clientRequestHooks, customerRequests } from '../../requests';
import { cabinetActorOf, cabinetFileDoor, cabinetMoneyDocumentService, logCabinetEvent } from '../doors';

/**
 * The counterparty predicate of each client-cabinet view: the one place that says which rows are the
 * client's. The kernel applies it to every list, count, search, export, id and write of the view. Kept in
 * one object so the isolation suite can break one on purpose and see itself turn red.
 */
export const PCC_PREDICATES = {
  request: (counterpartyId: number): SQL => eq(customerRequests.clientId, counterpartyId),
  order: (counterpartyId: number): SQL => eq(orders.clientId, counterpartyId),
  bill: (counterpartyId: number): SQL =>
    and(eq(printableBills.counterpartyId, counterpartyId), eq(printableBills.finalized, true))!,
};

/** Requests and quotes are for the cabinet's requests role; bills for its finance role. */
const REQUESTS: readonly string[] = ['CABINET_REQUESTS'];
const FINANCE: readonly string[] = ['CABINET_FINANCE'];

/** The client's requests: he reads his own and creates new ones, the back office's rules deciding the rest. */
export const pccRequestService = resourceService(pccRequestResource, customerRequests, {
  cabinet: {
    kind: 'client',
    only: true,
    counterparty: (id) => PCC_PREDICATES.request(id),
    actions: ['read', 'create'],
    roles: { read: REQUESTS, create: REQUESTS },
  },
  hooks: {
    ...clientRequestHooks,
    // A request made in the cabinet: the analytics count it, and the orders made of it (its share).
    async afterWrite(ctx: ResourceContext, event: WriteEvent<{ id: number }>) {
      if (event.action !== 'create' || !event.after) return;
      await logCabinetEvent(ctx.tx, cabinetActorOf(ctx.auth), 'requestCreated', ctx.clock?.() ?? new Date(), {
        type: 'request',
        id: event.after.id,
      });
    },
  } as never,
});

/** The client's orders, read only. */
export const pccOrderService = resourceService(pccOrderResource, orders, {
  cabinet: { kind: 'client', only: true, counterparty: (id) => PCC_PREDICATES.order(id) },
});

/** The client's finalized bill documents, read only; the currency's code beside the amount. */
export const pccBillService = cabinetMoneyDocumentService(pccBillResource, printableBills, {
  kind: 'client',
  counterparty: (id) => PCC_PREDICATES.bill(id),
  roles: { read: FINANCE },
});

/**
 * The stages of an order the client is shown, under their PCC names: the order's own and its jobs', those
 * marked visible in the cabinet, in their order.
 */
export async function pccStagesOf(tx: Tx, orderId: number): Promise<PccStage[]> {
  const jobIds = tx.select({ id: jobOrders.jobId }).from(jobOrders).where(eq(jobOrders.orderId, orderId));
  const rows = await tx
    .select({
      id: stages.id,
      name: stages.pccName,
      expectedDate: stages.expectedDate,
      actualDate: stages.actualDate,
      closed: stages.closed,
    })
    .from(stages)
    .where(
      and(
        eq(stages.pccVisible, true),
        or(
          and(eq(stages.operationType, 'order'), eq(stages.operationId, orderId)),
          and(eq(stages.operationType, 'job'), inArray(stages.operationId, jobIds)),
        ),
      ),
    )
    .orderBy(
      sql`coalesce(${stages.actualDate}, ${stages.expectedDate}) ASC NULLS LAST`,
      asc(stages.sortOrder),
      asc(stages.id),
    );
  return rows;
}

/** The documents of an order the client may download: the order's files, kept (not a pending upload). */
function orderFiles(orderId: number) {
  return and(eq(files.ownerType, 'order'), eq(files.ownerId, orderId), eq(files.temporary, false));
}

/**
 * The client answers the forwarder's question: a request waiting for information (NEED_MORE_INFO) moves
 * to INFO_PROVIDED, the answer kept in its history (the back office's request page shows it), as the
 * transitions of docs/requests.md allow.
 */
export const answerPccRequest = defineUseCase({
  name: 'cabinets.answer-request',
  roles: [],
  cabinet: 'client',
  input: pccRequestAnswerSchema.extend({ id: z.number().int().positive() }),
  output: pccRequestResource.entity,
  async run(ctx, input) {
    if (ctx.auth.kind !== 'cabinet' || !ctx.auth.roles.has('CABINET_REQUESTS')) {
      throw new HttpError(403, 'Access Denied.');
    }
    const before = await pccRequestService.find(ctx, input.id, { access: 'write', lock: true });
    if (before.status !== 'NEED_MORE_INFO') throw fieldError(['status'], MESSAGES.choice);
    const after = await pccRequestService.write(
      ctx,
      before,
      {
        status: 'INFO_PROVIDED',
        statusReason: null,
        previousStatus: before.status,
        statusChangedAt: new Date(),
      },
      { action: 'status', version: input.version, changes: { answer: { old: null, new: input.answer } } },
    );
    return (await pccRequestService.toEntity(after, ctx)) as never;
  },
});

/** `/api/pcc/...`: the client cabinet's requests, orders (stages, documents) and bills. */
export async function pccRoutes(app: App): Promise<void> {
  const tags = ['pcc'];
  registerResourceRoutes(app, pccRequestService);
  registerResourceRoutes(app, pccOrderService);
  registerResourceRoutes(app, pccBillService);

  app.post(
    '/pcc/requests/:id/answer',
    {
      config: { cabinet: 'client', cabinetRoles: REQUESTS },
      schema: {
        tags,
        summary: "Answer the forwarder's question on a request waiting for information",
        params: idParamSchema,
        body: pccRequestAnswerSchema,
        response: { 200: dataSchema(pccRequestResource.entity) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const body = request.body as z.infer<typeof pccRequestAnswerSchema>;
      const data = await requestDb(request).transaction((tx) =>
        answerPccRequest.run(requestContext(request, tx), { ...body, id }),
      );
      return { data };
    },
  );

  app.get(
    '/pcc/countries',
    {
      config: { cabinet: 'client' },
      schema: {
        tags,
        summary: "The countries a request's route points may name",
        response: {
          200: dataSchema(z.array(z.object({ id: z.number().int(), name: z.string(), nameEn: z.string() }))),
        },
      },
    },
    async (request) => ({
      data: await requestDb(request)
        .select({ id: countries.id, name: countries.name, nameEn: countries.nameEn })
        .from(countries)
        .where(eq(countries.enabled, true))
        .orderBy(asc(countries.name)),
    }),
  );

  app.get(
    '/pcc/bills/:id/pdf',
    {
      config: { cabinet: 'client', cabinetRoles: FINANCE },
      schema: {
        tags,
        summary: "The bill as a PDF, in its template's language",
        params: idParamSchema,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: number };
      const ctx = requestContext(request);
      const row = await pccBillService.find(ctx, id);
      const { document, language } = await printableBillDocument(ctx.tx, row);
      const pdf = asBuffer(
        await app.registries.workers.run('finance.printable-bill-pdf', { document, language }),
      );
      await logCabinetEvent(ctx.tx, cabinetActorOf(ctx.auth, request.ip), 'download', app.clock(), {
        type: 'printable_bill',
        id: row.id,
      });
      return reply
        .header('content-type', 'application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="bill-${row.number.replace(/[^0-9A-Za-z_-]/g, '_')}.pdf"`,
        )
        .send(pdf);
    },
  );

  app.get(
    '/pcc/orders/:id/stages',
    {
      config: { cabinet: 'client' },
      schema: {
        tags,
        summary: 'The stages of an order the client is shown, under their PCC names',
        params: idParamSchema,
        response: { 200: dataSchema(z.array(pccStageSchema)) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const ctx = requestContext(request);
      const order = await pccOrderService.find(ctx, id);
      // The order's tracking opened: the PCC order screen asks for its stages.
      await logCabinetEvent(ctx.tx, cabinetActorOf(ctx.auth, request.ip), 'trackingView', app.clock(), {
        type: 'order',
        id: order.id,
      });
      return { data: await pccStagesOf(ctx.tx, order.id) };
    },
  );

  cabinetFileDoor(app, {
    path: '/pcc/orders',
    config: { cabinet: 'client' },
    tags,
    summaries: { list: "The order's documents", one: "One of the order's documents, its content" },
    owner: (ctx, id) => pccOrderService.find(ctx, id),
    shown: orderFiles,
    downloaded: (ctx, request, row) =>
      logCabinetEvent(ctx.tx, cabinetActorOf(ctx.auth, request.ip), 'download', app.clock(), {
        type: 'file',
        id: row.id,
      }),
  });
}
