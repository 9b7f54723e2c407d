import {
  dataSchema,
  idParamSchema,
  type OpsOffer,
  opsBillResource,
  opsJobResource,
  opsOfferAnswerSchema,
  opsOfferResource,
  opsPaymentResource,
  type RoutePoint,
} from '@tms/domain';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { requestDb } from '../../../platform/auth/cabinet-wall';
import type { App } from '../../../platform/http/types';
import {
  type ResourceContext,
  registerResourceRoutes,
  requestContext,
  resourceService,
} from '../../../platform/resources';
import { bills, payments } from '../../finance';
import { jobs, orders } from '../../operations';
import { customerRequests, requestOffers, requestOfferTypes, writeOffer } from '../../requests';
import { cabinetJobStageRoutes, cabinetMoneyDocumentService } from '../doors';

/**
 * The counterparty predicate of each contractor-portal view: the one place that says which rows are the
 * contractor's. The kernel applies it to every list, count, search, export and id of the view. Kept in
 * one object so the isolation suite can break one on purpose and see itself turn red.
 */
export const OPS_PREDICATES = {
  /** The offers asked of him, not taken out of the quote. */
  offer: (counterpartyId: number): SQL =>
    and(eq(requestOffers.contractorId, counterpartyId), eq(requestOffers.disabled, false))!,
  job: (counterpartyId: number): SQL => eq(jobs.contractorId, counterpartyId),
  /** His bills to us: our expense bills with his counterparty. */
  bill: (counterpartyId: number): SQL =>
    and(eq(bills.counterpartyId, counterpartyId), eq(bills.direction, 'EXPENSE'))!,
  /** Our payments to him: outgoing payments to his counterparty. */
  payment: (counterpartyId: number): SQL =>
    and(eq(payments.counterpartyId, counterpartyId), eq(payments.direction, 'OUTGOING'))!,
};

/** Offers are for the portal's offers role, jobs for its jobs role, bills and payments for finance. */
const OFFERS: readonly string[] = ['CABINET_OFFERS'];
const JOBS: readonly string[] = ['CABINET_JOBS'];
const FINANCE: readonly string[] = ['CABINET_FINANCE'];

/** The offers asked of the contractor, with what he prices: the request's number, route and cargo. */
export const opsOfferService = resourceService(opsOfferResource, requestOffers, {
  cabinet: {
    kind: 'contractor',
    only: true,
    counterparty: (id) => OPS_PREDICATES.offer(id),
    roles: { read: OFFERS },
  },
  virtual: ['requestNumber', 'route', 'cargoDescription', 'offerTypeName'] as never,
  hooks: {
    async toEntities(rows, ctx) {
      const requestIds = [...new Set(rows.map((row) => row.requestId))];
      const requests = requestIds.length
        ? await ctx.tx
            .select({
              id: customerRequests.id,
              number: customerRequests.number,
              route: customerRequests.route,
              cargoDescription: customerRequests.cargoDescription,
            })
            .from(customerRequests)
            .where(inArray(customerRequests.id, requestIds))
        : [];
      const requestOf = new Map(requests.map((r) => [r.id, r]));
      const typeIds = [...new Set(rows.map((row) => row.offerTypeId))];
      const types = typeIds.length
        ? await ctx.tx
            .select({ id: requestOfferTypes.id, name: requestOfferTypes.name })
            .from(requestOfferTypes)
            .where(inArray(requestOfferTypes.id, typeIds))
        : [];
      const typeOf = new Map(types.map((t) => [t.id, t.name]));
      return rows.map((row) => {
        const request = requestOf.get(row.requestId);
        return {
          id: row.id,
          version: row.version,
          requestNumber: request?.number ?? 0,
          route: (request?.route ?? []) as RoutePoint[],
          cargoDescription: request?.cargoDescription ?? null,
          offerTypeName: typeOf.get(row.offerTypeId) ?? '',
          amounts: row.amounts,
          validUntil: row.validUntil,
          status: row.status,
          selected: row.selected,
          comment: row.comment,
          createdAt: row.createdAt.toISOString(),
          updatedAt: row.updatedAt.toISOString(),
        };
      }) as never;
    },
  },
});

/** The jobs given to the contractor, read only, with the cargo of their orders. */
export const opsJobService = resourceService(opsJobResource, jobs, {
  cabinet: {
    kind: 'contractor',
    only: true,
    counterparty: (id) => OPS_PREDICATES.job(id),
    roles: { read: JOBS },
  },
  virtual: ['cargoDescription' as never],
  hooks: {
    async toEntities(rows, ctx) {
      const orderIds = [...new Set(rows.flatMap((row) => row.orderIds))];
      // Under the wall the orders read are those his jobs carry (the orders' contractor read policy).
      const cargo = orderIds.length
        ? await ctx.tx
            .select({ id: orders.id, description: orders.cargoDescription })
            .from(orders)
            .where(inArray(orders.id, orderIds))
        : [];
      const cargoOf = new Map(cargo.map((o) => [o.id, o.description]));
      return rows.map((row) => ({
        id: row.id,
        version: row.version,
        number: row.number,
        route: row.route,
        cargoDescription:
          row.orderIds
            .map((id) => cargoOf.get(id))
            .filter((text) => text)
            .join('\n') || null,
        dispatchDate: row.dispatchDate,
        deliveryDate: row.deliveryDate,
        completionDate: row.completionDate,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      }));
    },
  },
});

/** His bills to us, read only, with what he still has to be paid and when he was. */
export const opsBillService = cabinetMoneyDocumentService(
  opsBillResource,
  bills,
  { kind: 'contractor', counterparty: (id) => OPS_PREDICATES.bill(id), roles: { read: FINANCE } },
  (row) => ({ balance: row.balance, paymentDate: row.paymentDate }),
);

/** Our payments to him, read only, with their purpose. */
export const opsPaymentService = cabinetMoneyDocumentService(
  opsPaymentResource,
  payments,
  { kind: 'contractor', counterparty: (id) => OPS_PREDICATES.payment(id), roles: { read: FINANCE } },
  (row) => ({ purpose: row.purpose }),
);

/** `/api/ops/...`: the contractor's requests for offers, jobs (stages), bills and payments. */
export async function opsRoutes(app: App): Promise<void> {
  const tags = ['ops'];
  const useCaseContext = (ctx: ResourceContext) => ({ ...ctx, clock: app.clock });
  registerResourceRoutes(app, opsOfferService);
  registerResourceRoutes(app, opsJobService);
  registerResourceRoutes(app, opsBillService);
  registerResourceRoutes(app, opsPaymentService);

  app.post(
    '/ops/offers/:id/answer',
    {
      config: { cabinet: 'contractor', cabinetRoles: OFFERS },
      schema: {
        tags,
        summary: 'Answer a request for an offer with a price, its validity and a comment',
        params: idParamSchema,
        body: opsOfferAnswerSchema,
        response: { 200: dataSchema(opsOfferResource.entity) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const body = request.body as z.infer<typeof opsOfferAnswerSchema>;
      const data = await requestDb(request).transaction(async (tx) => {
        const ctx = requestContext(request, tx);
        const offer = await opsOfferService.find(ctx, id, { lock: true });
        // The back office's one write of an offer, as the contractor: what was asked stays as it is.
        await writeOffer.run(useCaseContext(ctx), {
          id: offer.id,
          version: body.version,
          requestId: offer.requestId,
          offerTypeId: offer.offerTypeId,
          contractorId: offer.contractorId,
          amounts: body.amounts,
          validUntil: body.validUntil,
          comment: body.comment,
        });
        return (await opsOfferService.toEntity(await opsOfferService.find(ctx, id), ctx)) as OpsOffer;
      });
      return { data };
    },
  );

  cabinetJobStageRoutes(app, {
    kind: 'contractor',
    path: '/ops/jobs',
    noun: 'job',
    tags,
    roles: JOBS,
    jobs: opsJobService,
  });
}
