import {
  ARCHIVE_BLOCKERS,
  allowedStatusTargets,
  cargoDescribed,
  copyOrder,
  dataSchema,
  idParamSchema,
  type Job,
  jobDefaultsFromOrder,
  jobResource,
  jobSchema,
  listResultSchema,
  MESSAGES,
  markingStageClosed,
  OPERATION_STATUSES,
  type OperationStatusKind,
  type Order,
  operationsDashboardSchema,
  orderCreateSchema,
  orderResource,
  PROPERTY_VIEW_TYPES,
  propertyViewsSchema,
  propertyViewUpdateSchemas,
  ROLE_ORDER_ARCHIVE,
  readPropertyViews,
  type StatusTarget,
  statusChangeSchemaOf,
  statusKindsOf,
  statusTransition,
  type TransitionFacts,
} from '@tms/domain';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/connection';
import type { AuthContext } from '../../platform/auth/context';
import { fieldError } from '../../platform/errors';
import type { App } from '../../platform/http/types';
import { registerResource } from '../../platform/resources';
import { financeControlStatusReasons } from '../settings';
import { archiveBlockersOf, definitionsOf } from './archiver';
import { operationsDashboard, stageDueFilter } from './dashboard';
import { registerOperationFileRoutes } from './files';
import { jobHooks, jobsOfOrder } from './jobs';
import {
  OPERATION_KINDS,
  type OperationKind,
  type OperationRow,
  operationEntity,
  operationRow,
  reaches,
  writeOperation,
} from './operation';
import { actorOf, type OrderRow, orderHooks } from './orders';
import { withChangeMessages } from './realtime';
import { orderScope } from './scope';
import { orderAndJobStages, registerStageRoutes } from './stages';
import { jobs, operationPropertyViews, orders } from './tables';

const versionBody = z.object({ version: z.number().int().positive() }).strict();

/** Facts the status transitions look at, from the stored operation. */
async function transitionFacts(tx: Tx, kind: OperationKind, row: OperationRow): Promise<TransitionFacts> {
  const facts: TransitionFacts = { operation: kind.type, archived: row.archived };
  if (kind.type !== 'order') return facts;
  const order = row as OrderRow;
  return {
    ...facts,
    // The order keeps no separate insurance form: the declared value is the insured amount, the route's
    // dates the period.
    insuranceDetailsComplete: Boolean(
      order.cargo.declaredValue && order.dispatchDate && order.deliveryDate && order.cargo.description,
    ),
    cargoDescribed: cargoDescribed(order.cargo),
    markingStageClosed: markingStageClosed(await orderAndJobStages(tx, order.id)),
  };
}

/** An order the user may see; 404 otherwise (also for routes guarded by job roles alone). */
async function readOrder(tx: Tx, auth: AuthContext, id: number): Promise<Order> {
  const row = await operationRow(tx, OPERATION_KINDS.order, id, orderScope(auth, 'read', false), false);
  return operationEntity(OPERATION_KINDS.order, row) as Order;
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
      const row = await operationRow(tx, kind, id, kind.scope(auth, 'read'), false);
      const actor = actorOf(auth, await reaches(tx, kind, id, kind.scope(auth, 'write', false)));
      const facts = await transitionFacts(tx, kind, row);
      const data: Record<string, StatusTarget[]> = {};
      for (const status of kinds) {
        const from = (row as Record<string, unknown>)[OPERATION_STATUSES[status].field] as string;
        data[status] = allowedStatusTargets(status, from, actor, facts);
      }
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
        const auth = request.auth!;
        const row = await db().transaction(async (tx) => {
          const before = await operationRow(tx, kind, id, kind.scope(auth, 'read'));
          if (body.reasonId) {
            const [reason] = await tx
              .select({ id: financeControlStatusReasons.id })
              .from(financeControlStatusReasons)
              .where(eq(financeControlStatusReasons.id, body.reasonId))
              .limit(1);
            if (!reason) throw fieldError(['reasonId'], MESSAGES.invalid);
          }
          const canEdit = await reaches(tx, kind, id, kind.scope(auth, 'write', false));
          const field = OPERATION_STATUSES[status].field;
          const from = (before as Record<string, unknown>)[field] as string;
          const result = statusTransition(status, from, body.status, actorOf(auth, canEdit), {
            ...(await transitionFacts(tx, kind, before)),
            reasonId: body.reasonId ?? null,
          });
          if (!result.ok) throw fieldError(result.path, result.error);
          if (from === body.status) return before;
          const set: Record<string, unknown> = { [field]: body.status };
          if (status === 'financeControl') {
            set.financeControlReasonId = body.reasonId ?? null;
            set.financeControlChangedAt = new Date();
          }
          const comment: Record<string, { old: unknown; new: unknown }> = body.comment
            ? { comment: { old: null, new: body.comment } }
            : {};
          return writeOperation(tx, kind, before, set, 'status', auth, body.version, comment);
        });
        return { data: operationEntity(kind, row) };
      },
    );
  }

  for (const action of ['archive', 'unarchive'] as const) {
    app.post(
      `/tms/${kind.segment}/:id/${action}`,
      {
        config: { roles: [ROLE_ORDER_ARCHIVE] },
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
        const auth = request.auth!;
        const archived = action === 'archive';
        const row = await db().transaction(async (tx) => {
          // Guarded by the archive role alone: a record out of the view scope is simply not found.
          const before = await operationRow(tx, kind, id, kind.scope(auth, 'read', false));
          if (before.archived === archived) return before;
          const set = { archived, archivedAt: archived ? new Date() : null };
          return writeOperation(tx, kind, before, set, action, auth, version);
        });
        return { data: operationEntity(kind, row) };
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
      const row = await operationRow(tx, kind, id, kind.scope(request.auth!, 'read'), false);
      return { data: await archiveBlockersOf(tx, kind, row) };
    },
  );
}

/**
 * Operations (spec §3 "Order and job", §4, §6): orders and jobs with their statuses, archive, stages,
 * copies, the property view preferences and the operational dashboard.
 */
export default async function operationsModule(app: App): Promise<void> {
  const db = () => app.database.db;

  registerResource(app, orderResource, orders, {
    hooks: withChangeMessages('order', orderHooks()),
    filters: { stageDue: stageDueFilter },
  });
  registerResource(app, jobResource, jobs, { hooks: withChangeMessages('job', jobHooks()) });
  for (const kind of Object.values(OPERATION_KINDS)) registerStatusRoutes(app, kind);
  registerStageRoutes(app);
  registerOperationFileRoutes(app);

  const orderRead = [...orderResource.roles.view, ...orderResource.roles.edit];

  app.get(
    '/tms/orders/copy/:sourceId',
    {
      config: { roles: orderResource.roles.edit },
      schema: {
        tags: ['order'],
        summary: 'The body of a copy of the order (custom fields only where "inherit on copy")',
        params: z.object({ sourceId: z.coerce.number().int().positive() }),
        response: { 200: dataSchema(orderCreateSchema) },
      },
    },
    async (request) => {
      const { sourceId } = request.params as { sourceId: number };
      const tx = db();
      const source = await readOrder(tx, request.auth!, sourceId);
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
      const order = await readOrder(tx, request.auth!, id);
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
      const auth = request.auth!;
      const tx = db();
      await readOrder(tx, auth, id);
      const collection = (await jobsOfOrder(tx, auth, id)).map(
        (row) => operationEntity(OPERATION_KINDS.job, row) as Job,
      );
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
        const data = await db().transaction(async (tx) => {
          const current = await storedViews(tx, userId);
          const next = { ...current, [type]: { ...current[type], ...changes } };
          await tx
            .insert(operationPropertyViews)
            .values({ userId, preferences: next })
            .onConflictDoUpdate({
              target: operationPropertyViews.userId,
              set: { preferences: next, updatedAt: new Date() },
            });
          return next;
        });
        return { data };
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
    async (request) => ({ data: await operationsDashboard(db(), request.auth!) }),
  );
}
