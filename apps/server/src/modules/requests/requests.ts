import {
  type CargoInput,
  cargoIssues,
  completeCargo,
  OPERATION_MESSAGES as M,
  MESSAGES,
  type RequestStatus,
  type RoutePointInput,
  requestEditLock,
  requestResource,
  routeIssues,
} from '@tms/domain';
import { eq, inArray } from 'drizzle-orm';
import { ErrorCollector, fieldError } from '../../platform/errors';
import { type ResourceContext, type ResourceService, resourceService } from '../../platform/resources';
import { assertCanTakeNewWork, counterparties } from '../counterparties';
import { checkCargoRoles, routeColumns, services } from '../operations';
import { withRequestNotifications } from './notifications';
import { requestScope } from './scope';
import { customerRequests } from './tables';

export type RequestRow = typeof customerRequests.$inferSelect;
type Values = Record<string, unknown>;

/** "changes locked by request status" (400 at the root). */
export function assertRequestEditable(row: Pick<RequestRow, 'status'>): void {
  const lock = requestEditLock(row.status as RequestStatus);
  if (lock) throw fieldError([], lock);
}

/** The client of a new request, or a changed client: exists, a client, not black-listed or merged. */
async function checkClient(ctx: ResourceContext, clientId: number): Promise<string> {
  await assertCanTakeNewWork(ctx.tx, clientId, ['clientId']);
  const [client] = await ctx.tx
    .select({ name: counterparties.name, client: counterparties.client })
    .from(counterparties)
    .where(eq(counterparties.id, clientId))
    .limit(1);
  if (!client!.client) throw fieldError(['clientId'], M.notClient);
  return client!.name;
}

/**
 * The rules of a request as it will be stored (`existing` laid under the members sent): the route (a
 * dispatch and a delivery point), the cargo, the services wanted and the client. Answers the computed
 * columns; every refusal at once.
 */
async function prepareRequest(ctx: ResourceContext, values: Values, existing: RequestRow | null) {
  const out: Values = {};
  const errors = new ErrorCollector();
  if (values.route !== undefined || !existing) {
    const points = (values.route ?? []) as RoutePointInput[];
    for (const issue of routeIssues(points, { requireDispatchAndDelivery: true })) {
      errors.add(['route', ...issue.path], issue.message);
    }
    Object.assign(out, routeColumns(points));
    delete out.dispatchCountryId;
    delete out.deliveryCountryId;
  }
  if (values.cargo !== undefined || !existing) {
    const cargo = completeCargo({
      ...(existing?.cargo ?? {}),
      ...((values.cargo ?? {}) as CargoInput),
    } as CargoInput);
    for (const issue of cargoIssues(cargo)) errors.add(['cargo', ...issue.path], issue.message);
    out.cargo = cargo;
    out.cargoDescription = cargo.description;
  }
  const serviceIds = (values.serviceIds ?? []) as number[];
  if (serviceIds.length) {
    const found = await ctx.tx
      .select({ id: services.id })
      .from(services)
      .where(inArray(services.id, serviceIds));
    const known = new Set(found.map((s) => s.id));
    serviceIds.forEach((id, index) => {
      if (!known.has(id)) errors.add(['serviceIds', index], MESSAGES.invalid);
    });
  }
  if (!existing || (values.clientId !== undefined && values.clientId !== existing.clientId)) {
    out.clientName = await errors.collect(() => checkClient(ctx, values.clientId as number));
  }
  errors.throwIfAny();
  return out;
}

/** Customer requests as a resource service: every read and write of one goes through it. */
export const requestService: ResourceService<RequestRow> = resourceService(
  requestResource,
  customerRequests,
  {
    scopeField: 'serviceOfficeId',
    hooks: withRequestNotifications({
      scope: (auth, access) => requestScope(auth, access),
      async beforeCreate(ctx, values) {
        checkCargoRoles(ctx.auth, values, null);
        const computed = await prepareRequest(ctx, values, null);
        return { ...values, ...computed, createdById: ctx.auth.userId };
      },
      guardUpdate: (_ctx, existing) => assertRequestEditable(existing),
      async beforeUpdate(ctx, values, existing) {
        checkCargoRoles(ctx.auth, values, existing as Values);
        return { ...values, ...(await prepareRequest(ctx, values, existing)) };
      },
    }),
  },
);
