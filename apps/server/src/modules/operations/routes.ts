import {
  ARCHIVE_BLOCKERS,
  allowedStatusTargets,
  copyOrder,
  dataSchema,
  idParamSchema,
  type Job,
  jobDefaultsFromOrder,
  jobResource,
  jobSchema,
  listResultSchema,
  OPERATION_STATUSES,
  type OperationStatusKind,
  type Order,
  operationsDashboardSchema,
  orderCreateSchema,
  orderResource,
  PROPERTY_VIEW_TYPES,
  propertyViewsSchema,
  propertyViewUpdateSchemas,
  readPropertyViews,
  recordIdSchema,
  type StatusTarget,
  statusChangeSchemaOf,
  statusKindsOf,
} from '@tms/domain';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/connection';
import type { App } from '../../platform/http/types';
import { readerOf } from '../../platform/read-routing';
import { type ResourceContext, registerResourceRoutes, requestContext } from '../../platform/resources';
import { archiveBlockersOf, definitionsOf } from './archive-facts';
import { cargoInsuranceOwnedBy } from './cargo-insurance-status';
import { operationsDashboard } from './dashboard';
import { registerOperationDictionaries } from './dictionaries';
import { registerOperationFileRoutes } from './files';
import { jobsOfOrder } from './jobs';
import { jobService, OPERATION_KINDS, type OperationKind, orderService } from './operation';
import { actorOf } from './orders';
import { registerReadyOrders } from './ready-orders';
import { orderScope } from './scope';
import { registerStageRoutes } from './stage-routes';
import { operationPropertyViews } from './tables';
import { setArchived } from './use-cases/archive';
import { changeStatus, transitionFacts } from './use-cases/change-status';

const versionBody = z.object({ version: z.number().int().positive() }).strict();

/** An order the user may see; 404 otherwise (also for routes guarded by job roles alone). */
async function readOrder(ctx: ResourceContext, id: number): Promise<Order> {
  const row = await orderService.find(ctx, id, { where: orderScope(ctx.auth, 'read', false) });
  return (await orderService.toEntity(row, ctx)) as Order;
}

/** Statuses (with the transitions of docs/operations.md) and the archive, for orders and jobs. */
function registerStatusRoutes(app: App, kind: OperationKind): void {
  const db = () => app.database.db;
  const tags = [kind.descriptor.name];
  const readRoles = [...kind.descriptor.roles.view, ...kind.descriptor.roles.edit];
  const kinds = statusKindsOf(kind.type) as [OperationStatusKind, ...OperationStatusKind[]];
  const entityResponse = { 200: dataSchema(kind.descriptor.entity) };

  app.get(
    `/tms/${kind.segment}/:id/statuses`,
    {
      config: { roles: readRoles },
      schema: {
        tags,
        summary: 'The statuses the user may move to, per kind',
        params: idParamSchema,
        response: {
          200: dataSchema(
            z.record(z.string(), z.array(z.object({ status: z.string(), needsReason: z.boolean() }))),
          ),
        },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const auth = request.auth!;
      const tx = db();
      const row = await kind.service.find(requestContext(request, tx), id, { access: 'read' });
      const actor = actorOf(auth, await kind.service.reaches(tx, id, kind.scope(auth, 'write', false)));
      const facts = await transitionFacts(tx, kind, row);
      const data: Record<string, StatusTarget[]> = {};
      for (const status of kinds) {
        const from = (row as Record<string, unknown>)[OPERATION_STATUSES[status].field] as string;
        data[status] = allowedStatusTargets(status, from, actor, facts);
      }
      // A certificate moves the order's cargo insurance by its own actions: the generic change offers none.
      if (
        data.cargoInsurance?.length &&
        (await cargoInsuranceOwnedBy({ tx, registries: app.registries }, id))
      )
        data.cargoInsurance = [];
      return { data };
    },
  );

  for (const status of kinds) {
    const bodySchema = statusChangeSchemaOf(status).strict();
    app.put(
      `/tms/${kind.segment}/:id/statuses/${status}`,
      {
        config: { roles: readRoles },
        schema: {
          tags,
          summary: `Change the ${status} status by the allowed transitions`,
          params: idParamSchema,
          body: bodySchema,
          response: entityResponse,
        },
      },
      async (request) => {
        const { id } = request.params as { id: number };
        const body = request.body as z.infer<typeof bodySchema>;
        const input = { operation: kind.type, id, kind: status, ...body };
        const data = await db().transaction((tx) => changeStatus.run(requestContext(request, tx), input));
        return { data };
      },
    );
  }

  for (const action of ['archive', 'unarchive'] as const) {
    app.post(
      `/tms/${kind.segment}/:id/${action}`,
      {
        config: { roles: ['ROLE_ORDER_ARCHIVE'] },
        schema: {
          tags,
          summary: action === 'archive' ? 'Archive by hand' : 'Take out of the archive',
          params: idParamSchema,
          body: versionBody,
          response: entityResponse,
        },
      },
      async (request) => {
        const { id } = request.params as { id: number };
        const { version } = request.body as { version: number };
        const input = { operation: kind.type, id, archived: action === 'archive', version };
        const { entity } = await db().transaction((tx) =>
          setArchived.run(requestContext(request, tx), input),
        );
        return { data: entity };
      },
    );
  }

  app.get(
    `/tms/${kind.segment}/:id/archive-blockers`,
    {
      config: { roles: readRoles },
      schema: {
        tags,
        summary: 'Why the archiver leaves it out (empty: it will be archived)',
        params: idParamSchema,
        response: { 200: dataSchema(z.array(z.enum(ARCHIVE_BLOCKERS))) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const tx = db();
      const ctx = requestContext(request, tx);
      const row = await kind.service.find(ctx, id, { access: 'read' });
      return { data: await archiveBlockersOf(ctx, kind, row) };
    },
  );
}

/**
 * Operations (spec §3 "Order and job", §4, §6): orders and jobs with their statuses, archive, stages,
 * copies, the property view preferences and the operational dashboard.
 */
export default async function operationsModule(app: App): Promise<void> {
  const db = () => app.database.db;

  registerOperationDictionaries(app);
  registerResourceRoutes(app, orderService);
  registerResourceRoutes(app, jobService);
  for (const kind of Object.values(OPERATION_KINDS)) registerStatusRoutes(app, kind);
  registerStageRoutes(app);
  registerOperationFileRoutes(app);
  registerReadyOrders(app);

  const orderRead = [...orderResource.roles.view, ...orderResource.roles.edit];

  app.get(
    '/tms/orders/copy/:sourceId',
    {
      config: { roles: orderResource.roles.edit },
      schema: {
        tags: ['order'],
        summary: 'The body of a copy of the order (custom fields only where "inherit on copy")',
        params: z.object({ sourceId: recordIdSchema }),
        response: { 200: dataSchema(orderCreateSchema) },
      },
    },
    async (request) => {
      const { sourceId } = request.params as { sourceId: number };
      const tx = db();
      const source = await readOrder(requestContext(request, tx), sourceId);
      return { data: copyOrder(source, await definitionsOf(tx, source.customFieldGroupId)) };
    },
  );

  app.get(
    '/tms/orders/:id/job-defaults',
    {
      config: { roles: jobResource.roles.edit },
      schema: {
        tags: ['job'],
        summary: 'What a new job of the order starts with',
        params: idParamSchema,
        response: { 200: dataSchema(jobResource.create.partial()) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const tx = db();
      const order = await readOrder(requestContext(request, tx), id);
      return { data: jobDefaultsFromOrder(order, await definitionsOf(tx, order.customFieldGroupId)) };
    },
  );

  app.get(
    '/tms/orders/:id/jobs',
    {
      config: { roles: orderRead },
      schema: {
        tags: ['order'],
        summary: "The order's jobs the user may see",
        params: idParamSchema,
        response: { 200: dataSchema(listResultSchema(jobSchema)) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const ctx = requestContext(request);
      await readOrder(ctx, id);
      const rows = await jobsOfOrder(ctx.tx, ctx.auth, id);
      const collection = (await jobService.toEntities(rows, ctx)) as Job[];
      return { data: { collection, total: collection.length } };
    },
  );

  const viewRoles = [...orderRead, ...jobResource.roles.view, ...jobResource.roles.edit];

  async function storedViews(tx: Tx, userId: number) {
    const [row] = await tx
      .select()
      .from(operationPropertyViews)
      .where(eq(operationPropertyViews.userId, userId))
      .limit(1);
    return readPropertyViews(row?.preferences);
  }

  app.get(
    '/tms/property-views',
    {
      config: { roles: viewRoles },
      schema: {
        tags: ['property-views'],
        summary: "The user's property view preferences",
        response: { 200: dataSchema(propertyViewsSchema) },
      },
    },
    async (request) => ({ data: await storedViews(db(), request.auth!.userId) }),
  );

  for (const type of PROPERTY_VIEW_TYPES) {
    const bodySchema = propertyViewUpdateSchemas[type];
    app.put(
      `/tms/property-views/${type}`,
      {
        config: { roles: viewRoles },
        schema: {
          tags: ['property-views'],
          summary: `Save the ${type} property view preferences`,
          body: bodySchema,
          response: { 200: dataSchema(propertyViewsSchema) },
        },
      },
      async (request) => {
        const changes = request.body as z.infer<typeof bodySchema>;
        const userId = request.auth!.userId;
        // One statement merges the changes into what is stored, so two saves at once (two tabs, two
        // settings changed quickly) both keep their part; what is stored is read through readPropertyViews.
        const stored = operationPropertyViews.preferences;
        const [row] = await db()
          .insert(operationPropertyViews)
          .values({ userId, preferences: { [type]: changes } })
          .onConflictDoUpdate({
            target: operationPropertyViews.userId,
            set: {
              preferences: sql`case when jsonb_typeof(${stored}) = 'object' then ${stored} else '{}'::jsonb end
                || jsonb_build_object(${type}::text,
                  case when jsonb_typeof(${stored} -> ${type}::text) = 'object'
                    then ${stored} -> ${type}::text else '{}'::jsonb end || ${JSON.stringify(changes)}::jsonb)`,
              updatedAt: new Date(),
            },
          })
          .returning({ preferences: operationPropertyViews.preferences });
        return { data: readPropertyViews(row?.preferences) };
      },
    );
  }

  app.get(
    '/tms/dashboard',
    {
      config: { roles: orderRead },
      schema: {
        tags: ['dashboard'],
        summary: 'The operational dashboard of the user',
        response: { 200: dataSchema(operationsDashboardSchema) },
      },
    },
    async (request) => ({ data: await operationsDashboard(readerOf(request), request.auth!) }),
  );
}
