import {
  cabinetCounterpartySchema,
  counterpartyApiKeySchema,
  counterpartyCreditSchema,
  counterpartyMergePreviewQuerySchema,
  counterpartyMergePreviewSchema,
  counterpartyMergeSchema,
  counterpartyResource,
  counterpartySchema,
  counterpartySimilarMatchSchema,
  counterpartySimilarQuerySchema,
  dataSchema,
  idParamSchema,
  listResultSchema,
  COUNTERPARTY_MESSAGES as M,
} from '@tms/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/connection';
import { apiKeyHash, newApiKey } from '../../platform/auth/api-key';
import type { AuthContext } from '../../platform/auth/context';
import { recordChange } from '../../platform/changelog/service';
import { fieldError, notFound } from '../../platform/errors';
import type { App } from '../../platform/http/types';
import { type ListQuery, registerResourceRoutes, requestContext } from '../../platform/resources';
import { creditOf } from './credit';
import { registerCounterpartyDictionaries } from './dictionaries';
import { mergePreview, mergeSurvivors } from './merge';
import { counterpartyScope } from './scope';
import { type CounterpartyRow, counterpartyEntity, counterpartyService } from './service';
import { similarCounterparties } from './similar';
import { registerCounterpartyParts } from './subresources';
import { counterparties } from './tables';
import { mergeCounterpartiesUseCase } from './use-cases/merge';

const tags = ['counterparty'];
const readRoles = [...counterpartyResource.roles.view, ...counterpartyResource.roles.edit];

/**
 * Sets (a new key) or clears the cabinet's key of a counterparty the user may change; the change log
 * shows that it changed, never the key. Clearing a key that does not exist changes nothing.
 */
async function setApiKey(
  tx: Tx,
  auth: AuthContext,
  id: number,
  apiKey: string | null,
): Promise<CounterpartyRow> {
  const [row] = await tx
    .select()
    .from(counterparties)
    .where(and(eq(counterparties.id, id), counterpartyScope(auth, 'write', false)))
    .for('update')
    .limit(1);
  if (!row) throw notFound();
  if (row.mergedIntoId !== null) throw fieldError([], M.alreadyMerged);
  if (apiKey === null && row.apiKeyHash === null) return row;
  const createdAt = apiKey ? new Date() : null;
  const [after] = await tx
    .update(counterparties)
    .set({
      apiKeyHash: apiKey ? apiKeyHash(apiKey) : null,
      apiKeyCreatedAt: createdAt,
      version: sql`${counterparties.version} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(counterparties.id, id))
    .returning();
  await recordChange(tx, {
    entityType: counterpartyResource.name,
    entityId: id,
    action: 'update',
    auth,
    changes: {
      apiKey: { old: row.apiKeyHash ? '***' : null, new: apiKey ? '***' : null },
      apiKeyCreatedAt: {
        old: row.apiKeyCreatedAt?.toISOString() ?? null,
        new: createdAt?.toISOString() ?? null,
      },
    },
  });
  return after!;
}

/**
 * Counterparties (spec §3, §6 "Clients and contractors"): the resource with its parts, similar search,
 * credit, merge, the cabinets' API keys and the cabinet's own card.
 */
export default async function counterpartiesModule(app: App): Promise<void> {
  const db = () => app.database.db;

  registerCounterpartyDictionaries(app);
  registerResourceRoutes(app, counterpartyService);
  registerCounterpartyParts(app);

  app.get(
    '/counterparties/similar',
    {
      config: { roles: ['ROLE_COUNTERPARTY_SIMILAR_SEARCH'] },
      schema: {
        tags,
        summary: 'Possible duplicates by name, INN, email or phone',
        querystring: counterpartySimilarQuerySchema,
        response: { 200: dataSchema(listResultSchema(counterpartySimilarMatchSchema)) },
      },
    },
    async (request) => {
      const query = request.query as z.infer<typeof counterpartySimilarQuerySchema>;
      const collection = await similarCounterparties(
        db(),
        query,
        counterpartyScope(request.auth!, 'read', false),
      );
      return { data: { collection, total: collection.length } };
    },
  );

  app.get(
    '/counterparties/:id/credit',
    {
      config: { roles: readRoles },
      schema: {
        tags,
        summary: 'Credit limit, exposure and what is available',
        params: idParamSchema,
        response: { 200: dataSchema(counterpartyCreditSchema) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      return { data: await creditOf(requestContext(request), id, counterpartyScope(request.auth!, 'read')) };
    },
  );

  app.get(
    '/counterparties/:id/merge',
    {
      config: { roles: ['ROLE_COUNTERPARTY_MERGE'] },
      schema: {
        tags,
        summary: 'Preview of merging this counterparty into a survivor',
        params: idParamSchema,
        querystring: counterpartyMergePreviewQuerySchema,
        response: { 200: dataSchema(counterpartyMergePreviewSchema) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const { survivorId } = request.query as { survivorId: number };
      return { data: await mergePreview(requestContext(request), id, survivorId) };
    },
  );

  app.get(
    '/counterparties/:id/merge/survivors',
    {
      config: { roles: ['ROLE_COUNTERPARTY_MERGE'] },
      schema: {
        tags,
        summary: 'The counterparties this one may be merged into (live, changeable, never itself)',
        params: idParamSchema,
        querystring: counterpartyService.schemas.listQuery,
        response: { 200: dataSchema(listResultSchema(counterpartyService.schemas.entity)) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const query = request.query as ListQuery;
      return { data: await mergeSurvivors(requestContext(request), id, query) };
    },
  );

  app.post(
    '/counterparties/:id/merge',
    {
      config: { roles: ['ROLE_COUNTERPARTY_MERGE'] },
      schema: {
        tags,
        summary: 'Merge this counterparty into a survivor',
        params: idParamSchema,
        body: counterpartyMergeSchema,
        response: { 200: dataSchema(counterpartySchema) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const body = request.body as z.infer<typeof counterpartyMergeSchema>;
      const input = { id, ...body };
      const survivor = await db().transaction((tx) =>
        mergeCounterpartiesUseCase.run(requestContext(request, tx), input),
      );
      return { data: survivor };
    },
  );

  app.post(
    '/counterparties/:id/api-key',
    {
      config: { roles: ['ROLE_COUNTERPARTY_API_KEYS'] },
      schema: {
        tags,
        summary: "A new key for the counterparty's cabinet, shown this once",
        params: idParamSchema,
        response: { 200: dataSchema(counterpartyApiKeySchema) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const apiKey = `tmsc_${newApiKey()}`;
      await db().transaction((tx) => setApiKey(tx, request.auth!, id, apiKey));
      return { data: { apiKey } };
    },
  );

  app.delete(
    '/counterparties/:id/api-key',
    {
      config: { roles: ['ROLE_COUNTERPARTY_API_KEYS'] },
      schema: {
        tags,
        summary: "Revoke the cabinet's key",
        params: idParamSchema,
        response: { 200: dataSchema(counterpartySchema) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const entity = await db().transaction(async (tx) =>
        counterpartyEntity(await setApiKey(tx, request.auth!, id, null), requestContext(request, tx)),
      );
      return { data: entity };
    },
  );

  app.get(
    '/cabinet/counterparty',
    {
      config: { cabinet: true },
      schema: {
        tags: ['cabinet'],
        summary: "The calling cabinet's own counterparty (X-Api-Key)",
        response: { 200: dataSchema(cabinetCounterpartySchema) },
      },
    },
    async (request) => {
      const [row] = await db()
        .select()
        .from(counterparties)
        .where(eq(counterparties.id, request.cabinet!.counterpartyId))
        .limit(1);
      if (!row) throw notFound();
      // The schema keeps only the card's members: nothing internal leaves.
      return { data: cabinetCounterpartySchema.parse(row) };
    },
  );
}
