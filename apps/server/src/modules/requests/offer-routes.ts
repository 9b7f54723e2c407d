import {
  dataSchema,
  idParamSchema,
  type ListQuery,
  listQuerySchema,
  OFFER_ROLES,
  offerDisableSchema,
  offerWriteSchema,
  quoteSchema,
  quoteWriteSchema,
  recordIdSchema,
  requestOfferResource,
  requestOfferTemplateResource,
  requestResource,
  SEND_TO_CONTRACTOR_ROLE,
  sendToContractorsSchema,
} from '@tms/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../platform/errors';
import type { App } from '../../platform/http/types';
import { registerResource, registerResourceRoutes, requestContext } from '../../platform/resources';
import { contractorChoice, contractorChoices } from '../counterparties';
import { type OfferContext, offerService, todayOf } from './offers';
import { quoteOf } from './quotes';
import { requestService } from './requests';
import { requestOfferTemplates } from './tables';
import { disableOffer } from './use-cases/offer-disable';
import { sendToContractors } from './use-cases/offer-send';
import { writeOffer } from './use-cases/offer-write';
import { completeQuote, saveQuote, sendQuote } from './use-cases/quote';

const readRoles = [...OFFER_ROLES.view, ...OFFER_ROLES.edit];
const offerParams = z.object({ id: recordIdSchema, offerId: recordIdSchema });
const offerBody = offerWriteSchema.omit({ id: true, requestId: true }).strict();

/**
 * The offers and the quote of requests (docs/request-offers.md): `/request-offers` (list, export, get in
 * the requests' scope), offer templates, the offers written on a request, sent to contractors, disabled,
 * and the request's quote with its completion and its document.
 */
export function registerOfferRoutes(app: App): void {
  registerResourceRoutes(app, offerService);
  registerResource(app, requestOfferTemplateResource, requestOfferTemplates);
  const tags = [requestOfferResource.name];
  const offerResponse = { 200: dataSchema(requestOfferResource.entity) };
  /** A use case's context for a request: the user, the transaction and the app's clock. */
  const contextOf = (request: FastifyRequest, tx: OfferContext['tx']): OfferContext => ({
    ...requestContext(request, tx),
    clock: app.clock,
  });
  const inTransaction = <T>(request: FastifyRequest, run: (ctx: OfferContext) => Promise<T>) =>
    app.database.db.transaction((tx) => run(contextOf(request, tx)));

  const choiceSchema = z.object({ id: z.number().int(), name: z.string() });
  const choosers = [...OFFER_ROLES.edit, SEND_TO_CONTRACTOR_ROLE];
  app.get(
    '/request-offers/contractors',
    {
      config: { roles: choosers },
      schema: {
        tags,
        summary: 'The contractors one may ask for offers (names only), whoever manages them',
        querystring: listQuerySchema.pick({ page: true, itemsPerPage: true, search: true }),
        response: {
          200: dataSchema(z.object({ collection: z.array(choiceSchema), total: z.number().int() })),
        },
      },
    },
    async (request) => {
      const query = request.query as Pick<ListQuery, 'page' | 'itemsPerPage' | 'search'>;
      return { data: await contractorChoices(app.database.db, query) };
    },
  );
  app.get(
    '/request-offers/contractors/:id',
    {
      config: { roles: choosers },
      schema: {
        tags,
        summary: 'One contractor one may ask for offers',
        params: idParamSchema,
        response: { 200: dataSchema(choiceSchema) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const choice = await contractorChoice(app.database.db, id);
      if (!choice) throw notFound();
      return { data: choice };
    },
  );

  app.post(
    '/requests/:id/offers',
    {
      config: { roles: OFFER_ROLES.edit },
      schema: {
        tags,
        summary: 'A new offer on the request',
        params: idParamSchema,
        body: offerBody,
        response: { 201: dataSchema(requestOfferResource.entity) },
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: number };
      const body = request.body as z.infer<typeof offerBody>;
      const data = await inTransaction(request, (ctx) => writeOffer.run(ctx, { ...body, requestId: id }));
      return reply.code(201).send({ data });
    },
  );

  app.put(
    '/requests/:id/offers/:offerId',
    {
      config: { roles: OFFER_ROLES.edit },
      schema: {
        tags,
        summary: 'Change an offer of the request',
        params: offerParams,
        body: offerBody,
        response: offerResponse,
      },
    },
    async (request) => {
      const { id, offerId } = request.params as z.infer<typeof offerParams>;
      const body = request.body as z.infer<typeof offerBody>;
      const data = await inTransaction(request, (ctx) =>
        writeOffer.run(ctx, { ...body, id: offerId, requestId: id }),
      );
      return { data };
    },
  );

  const sendBody = sendToContractorsSchema.strict();
  app.post(
    '/requests/:id/offers/send',
    {
      config: { roles: ['ROLE_REQUEST_SEND_TO_CONTRACTOR'] },
      schema: {
        tags,
        summary: 'Send the request to contractors: one requested offer each',
        params: idParamSchema,
        body: sendBody,
        response: { 201: dataSchema(z.array(requestOfferResource.entity)) },
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: number };
      const body = request.body as z.infer<typeof sendBody>;
      const data = await inTransaction(request, (ctx) =>
        sendToContractors.run(ctx, { ...body, requestId: id }),
      );
      return reply.code(201).send({ data });
    },
  );

  const disableBody = offerDisableSchema.strict();
  app.put(
    '/requests/:id/offers/:offerId/disabled',
    {
      config: { roles: ['ROLE_REQUEST_OFFERS_DISABLE'] },
      schema: {
        tags,
        summary: 'Disable an offer, or enable it again',
        params: offerParams,
        body: disableBody,
        response: offerResponse,
      },
    },
    async (request) => {
      const { id, offerId } = request.params as z.infer<typeof offerParams>;
      const body = request.body as z.infer<typeof disableBody>;
      const data = await inTransaction(request, (ctx) =>
        disableOffer.run(ctx, { ...body, id: offerId, requestId: id }),
      );
      return { data };
    },
  );

  const quoteTags = [requestResource.name];
  const quoteResponse = { 200: dataSchema(quoteSchema) };
  app.get(
    '/requests/:id/quote',
    {
      config: { roles: readRoles },
      schema: {
        tags: quoteTags,
        summary: "The request's quote and its margin",
        params: idParamSchema,
        response: quoteResponse,
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const ctx = contextOf(request, app.database.db);
      await requestService.find(ctx, id, { access: 'read' });
      return { data: await quoteOf(ctx.tx, id, todayOf(ctx)) };
    },
  );

  const quoteBody = quoteWriteSchema.strict();
  app.put(
    '/requests/:id/quote',
    {
      config: { roles: OFFER_ROLES.edit },
      schema: {
        tags: quoteTags,
        summary: "Save the request's quote (selected rates)",
        params: idParamSchema,
        body: quoteBody,
        response: quoteResponse,
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const body = request.body as z.infer<typeof quoteBody>;
      return { data: await inTransaction(request, (ctx) => saveQuote.run(ctx, { ...body, requestId: id })) };
    },
  );

  const completeBody = z.object({ version: z.number().int().positive() }).strict();
  app.post(
    '/requests/:id/quote/complete',
    {
      config: { roles: ['ROLE_REQUEST_MARK_QUOTE_COMPLETE'] },
      schema: {
        tags: quoteTags,
        summary: 'Mark the quote complete: the request moves to QUOTE_COMPLETED',
        params: idParamSchema,
        body: completeBody,
        response: { 200: dataSchema(requestResource.entity) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const { version } = request.body as z.infer<typeof completeBody>;
      return {
        data: await inTransaction(request, (ctx) =>
          completeQuote.run(ctx, { requestId: id, version, at: app.clock() }),
        ),
      };
    },
  );

  app.post(
    '/requests/:id/quote/send',
    {
      config: { roles: ['ROLE_REQUEST_SEND_QUOTE'] },
      schema: {
        tags: quoteTags,
        summary: "Send the quote: its document is attached to the request's files",
        params: idParamSchema,
        body: completeBody,
        response: quoteResponse,
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const { version } = request.body as z.infer<typeof completeBody>;
      const data = await inTransaction(request, (ctx) =>
        sendQuote.run({ ...ctx, storage: app.fileStorage }, { requestId: id, version }),
      );
      return { data };
    },
  );
}
