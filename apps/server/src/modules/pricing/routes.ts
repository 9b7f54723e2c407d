import {
  type ComputedOffer,
  computedOfferSchema,
  computedPriceSchema,
  dataSchema,
  decimalNormalize,
  idParamSchema,
  PRICING_ROLES,
  priceCollectionResource,
  priceRowSchema,
  rateImportColumnsSchema,
  rateImportFileSchema,
  rateImportPreviewSchema,
  rateImportSchema,
  requestOfferSchema,
} from '@tms/domain';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { App } from '../../platform/http/types';
import { registerResourceRoutes, requestContext } from '../../platform/resources';
import { currencies } from '../reference-data';
import { collectionService } from './collections';
import { regionService } from './regions';
import { priceCollectionRows, pricingRegions } from './tables';
import { computeRequestPriceUseCase } from './use-cases/compute-price';
import { offerFromComputedPrice } from './use-cases/computed-offer';
import { importRateTable, rateImportColumns, rateImportPreview } from './use-cases/import-rate-table';

const tags = [priceCollectionResource.name];
const readRoles = [...new Set([...PRICING_ROLES.view, ...PRICING_ROLES.edit])];

/** A collection's rows in the sheet's order, with the destination's name and the currency's code. */
function registerRowsRoute(app: App): void {
  app.get(
    `${priceCollectionResource.path}/:id/rows`,
    {
      config: { roles: readRoles },
      schema: {
        tags,
        summary: "The collection's rows in the order of its sheet",
        params: idParamSchema,
        response: { 200: dataSchema(z.array(priceRowSchema)) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const tx = app.database.db;
      await collectionService.find(requestContext(request, tx), id, { access: 'read' });
      const rows = await tx
        .select({
          id: priceCollectionRows.id,
          sourceRow: priceCollectionRows.sourceRow,
          toRegionId: priceCollectionRows.toRegionId,
          toRegionName: pricingRegions.name,
          weightBreak: priceCollectionRows.weightBreak,
          volumeBreak: priceCollectionRows.volumeBreak,
          price: priceCollectionRows.price,
          currency: currencies.code,
        })
        .from(priceCollectionRows)
        .innerJoin(pricingRegions, eq(pricingRegions.id, priceCollectionRows.toRegionId))
        .innerJoin(currencies, eq(currencies.id, priceCollectionRows.currencyId))
        .where(eq(priceCollectionRows.collectionId, id))
        .orderBy(asc(priceCollectionRows.sourceRow));
      const normal = (value: string | null) => (value === null ? null : decimalNormalize(value));
      return {
        data: rows.map((row) => ({
          ...row,
          weightBreak: normal(row.weightBreak),
          volumeBreak: normal(row.volumeBreak),
        })),
      };
    },
  );
}

/** The XLSX import's three calls: the file's columns, the preview of a mapping, the import itself. */
function registerImportRoutes(app: App): void {
  const base = `${priceCollectionResource.path}/import`;
  const config = { roles: [...PRICING_ROLES.edit] };
  const context = (request: Parameters<typeof requestContext>[0], tx = app.database.db) => ({
    ...requestContext(request, tx),
    storage: app.fileStorage,
  });
  app.post(
    `${base}/columns`,
    {
      config,
      schema: {
        tags,
        summary: 'The columns and row count of an uploaded XLSX, with the mapping its header suggests',
        body: rateImportFileSchema,
        response: { 200: dataSchema(rateImportColumnsSchema) },
      },
    },
    async (request) => ({
      data: await rateImportColumns.run(
        context(request),
        request.body as z.infer<typeof rateImportFileSchema>,
      ),
    }),
  );
  app.post(
    `${base}/preview`,
    {
      config,
      schema: {
        tags,
        summary: 'The rows a mapped XLSX would store and every error by row number; nothing is written',
        body: rateImportSchema,
        response: { 200: dataSchema(rateImportPreviewSchema) },
      },
    },
    async (request) => ({
      data: await rateImportPreview.run(context(request), request.body as z.infer<typeof rateImportSchema>),
    }),
  );
  app.post(
    base,
    {
      config,
      schema: {
        tags,
        summary: 'Import a mapped XLSX as a new collection: all its rows, or nothing when any row is wrong',
        body: rateImportSchema,
        response: { 201: dataSchema(priceCollectionResource.entity) },
      },
    },
    async (request, reply) => {
      const data = await app.database.db.transaction((tx) =>
        importRateTable.run(context(request, tx), request.body as z.infer<typeof rateImportSchema>),
      );
      return reply.code(201).send({ data });
    },
  );
}

/** The computed price of a customer request (docs/pricing.md "Computing a price") and an offer made from it. */
function registerComputedPriceRoute(app: App): void {
  app.get(
    '/requests/:id/computed-price',
    {
      config: { roles: ['ROLE_REQUEST_COMPUTED_OFFERS'] },
      schema: {
        tags: ['request'],
        summary: "The request's price from the active rate table of its region",
        params: idParamSchema,
        response: { 200: dataSchema(computedPriceSchema) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const ctx = { ...requestContext(request), clock: app.clock };
      return { data: await computeRequestPriceUseCase.run(ctx, { requestId: id }) };
    },
  );
  app.post(
    '/requests/:id/computed-price/offer',
    {
      config: { roles: ['ROLE_REQUEST_COMPUTED_OFFERS'] },
      schema: {
        tags: ['request'],
        summary: 'A new offer on the request whose amount is its computed price',
        params: idParamSchema,
        body: computedOfferSchema.strict(),
        response: { 201: dataSchema(requestOfferSchema) },
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: number };
      const body = request.body as ComputedOffer;
      const data = await app.database.db.transaction((tx) =>
        offerFromComputedPrice.run(
          { ...requestContext(request, tx), clock: app.clock },
          { ...body, requestId: id },
        ),
      );
      return reply.code(201).send({ data });
    },
  );
}

/** Rate tables (computed regions, price collections and their import) and the computed price of a request. */
export default async function pricingModule(app: App): Promise<void> {
  registerImportRoutes(app);
  registerRowsRoute(app);
  registerResourceRoutes(app, regionService);
  registerResourceRoutes(app, collectionService);
  registerComputedPriceRoute(app);
}
