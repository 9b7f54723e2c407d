import {
  cargoIssues,
  completeCargo,
  INITIAL_CUSTOMS_STATUS,
  OPERATION_MESSAGES as M,
  MESSAGES,
  CUSTOMER_REQUEST_MESSAGES as R,
  requestEditLock,
  requestResource,
  routeFacts,
  routeIssues,
} from '@tms/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { actingUserId, isStaff, type Principal } from '../../platform/auth/context';
import { ErrorCollector, fieldError } from '../../platform/errors';
import type { OwnerAccess } from '../../platform/files/service';
import {
  afterUpdate,
  asSystem,
  type CreateInput,
  type ResourceContext,
  type ResourceService,
  resourceService,
  type Updated,
  type WriteValues,
} from '../../platform/resources';
import { assignByRules } from '../assignment';
import { assertCanTakeNewWork, counterparties } from '../counterparties';
import { validateCustomFieldValues } from '../custom-fields';
import { checkCargoRoles, routeColumns, services } from '../operations';
import { withRequestNotifications } from './notifications';
import { requestScope } from './scope';
import { customerRequests } from './tables';

export type RequestRow = typeof customerRequests.$inferSelect;

/** `files.owner_type` of a request's files. */
export const REQUEST_FILE_OWNER = 'request';
type RequestInput = CreateInput<typeof requestResource>;

/** "changes locked by request status" (400 at the root). */
export function assertRequestEditable(row: Pick<RequestRow, 'status'>): void {
  const lock = requestEditLock(row.status);
  if (lock) throw fieldError([], lock);
}

/**
 * The office of a new request: the one sent (null too: no office), else its creator's, so the office's
 * forwarders see the request and hear of it (docs/requests.md).
 */
export function officeOfNewRequest(auth: Principal, sent: number | null | undefined): number | null {
  if (sent !== undefined) return sent;
  return isStaff(auth) ? auth.serviceOfficeId : null;
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
 * "must be the manager of the client": a seller sells to the clients they manage. A client nobody manages
 * yet is open to any seller (the first request often comes before the client is assigned).
 */
async function checkSeller(ctx: ResourceContext, clientId: number, sellerId: number): Promise<void> {
  const [client] = await ctx.tx
    .select({ managed: sql<boolean>`cardinality(${counterparties.managerIds}) > 0` })
    .from(counterparties)
    .where(eq(counterparties.id, clientId))
    .limit(1);
  if (!client?.managed) return;
  const [manager] = await ctx.tx
    .select({ id: counterparties.id })
    .from(counterparties)
    .where(
      and(
        eq(counterparties.id, clientId),
        sql`${counterparties.managerIds} @> ARRAY[${sellerId}]::integer[]`,
      ),
    )
    .limit(1);
  if (!manager) throw fieldError(['sellerId'], R.notClientManager);
}

/**
 * The rules of a request as it will be stored (`record`; `values`: the members sent, `existing`: the row an
 * update changes): the route (a dispatch and a delivery point), the cargo, the services wanted and the
 * client. Answers the computed columns; every refusal at once.
 */
async function prepareRequest(
  ctx: ResourceContext,
  record: RequestInput | Updated<RequestRow, Partial<RequestInput>>,
  values: Partial<RequestInput>,
  existing: RequestRow | null,
) {
  const out: WriteValues<RequestRow, RequestInput> = {};
  const errors = new ErrorCollector();
  if (values.route !== undefined || !existing) {
    const points = values.route ?? [];
    for (const issue of routeIssues(points, { requireDispatchAndDelivery: true })) {
      errors.add(['route', ...issue.path], issue.message);
    }
    // A request keeps no countries of its route.
    const { dispatchCountryId: _dispatch, deliveryCountryId: _delivery, ...columns } = routeColumns(points);
    Object.assign(out, columns);
  }
  if (values.cargo !== undefined || !existing) {
    const cargo = completeCargo({ ...existing?.cargo, ...values.cargo });
    for (const issue of cargoIssues(cargo)) errors.add(['cargo', ...issue.path], issue.message);
    out.cargo = cargo;
    out.cargoDescription = cargo.description;
  }
  const serviceIds = values.serviceIds ?? [];
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
  const clientChanged = !existing || (values.clientId !== undefined && values.clientId !== existing.clientId);
  if (clientChanged) {
    out.clientName = await errors.collect(() => checkClient(ctx, record.clientId));
  }
  const { clientId, sellerId } = record;
  // Checked when the seller or the client changes; a refused client is not asked about its managers.
  const clientKnown = clientChanged ? out.clientName !== undefined : true;
  if (sellerId && clientKnown && (clientChanged || sellerId !== existing?.sellerId)) {
    await errors.collect(() => checkSeller(ctx, clientId, sellerId));
  }
  if (values.customFields !== undefined || !existing) {
    out.customFields = await errors.collect(() =>
      validateCustomFieldValues(ctx.tx, { kind: 'customer-request' }, values.customFields ?? {}, {
        existing: existing?.customFields ?? null,
      }),
    );
  }
  const customs = existing ? existing.customs : Boolean(values.customs);
  if (existing && values.customs !== undefined && values.customs !== existing.customs) {
    errors.add(['customs'], R.customsFixed);
  }
  if (!customs) {
    for (const field of ['declarantId', 'customsSpecialistId'] as const) {
      if (values[field] != null) errors.add([field], MESSAGES.invalid);
    }
  }
  errors.throwIfAny();
  return out;
}

/**
 * The people a new request sent without them gets from the auto-assignment rules (docs/assignment.md): its
 * forwarder from the forwarders' rules and, a customs request, its customs specialist from the customs
 * rules; each with the rule kept on the request (and so in its creation's change-log entry).
 */
async function assignedPeople(
  ctx: ResourceContext,
  values: RequestInput & { serviceOfficeId: number | null },
) {
  const facts = {
    clientId: values.clientId,
    serviceOfficeId: values.serviceOfficeId,
    ...routeFacts(values.route ?? []),
    transportTypes: values.transportTypes,
  };
  const out: WriteValues<RequestRow, RequestInput> = {};
  if (!values.forwarderId) {
    const forwarder = await assignByRules(ctx, 'forwarder', facts);
    if (forwarder) {
      out.forwarderId = forwarder.userId;
      out.assignmentRuleId = forwarder.ruleId;
      out.assignmentRuleName = forwarder.ruleName;
    }
  }
  if (values.customs && !values.customsSpecialistId) {
    const specialist = await assignByRules(ctx, 'customs', facts);
    if (specialist) {
      out.customsSpecialistId = specialist.userId;
      out.customsAssignmentRuleId = specialist.ruleId;
      out.customsAssignmentRuleName = specialist.ruleName;
    }
  }
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
        const computed = await prepareRequest(ctx, values, values, null);
        const serviceOfficeId = officeOfNewRequest(ctx.auth, values.serviceOfficeId);
        return {
          ...values,
          ...computed,
          ...(await assignedPeople(ctx, { ...values, serviceOfficeId })),
          serviceOfficeId,
          customsStatus: values.customs ? INITIAL_CUSTOMS_STATUS : null,
          createdById: actingUserId(ctx.auth),
        };
      },
      guardUpdate: (_ctx, existing) => assertRequestEditable(existing),
      async beforeUpdate(ctx, values, existing) {
        checkCargoRoles(ctx.auth, values, existing);
        const record = afterUpdate(values, existing);
        return { ...values, ...(await prepareRequest(ctx, record, values, existing)) };
      },
    }),
  },
);

/** Whoever may read the request may read its files: the module's `fileOwners`. */
export const REQUEST_FILE_OWNERS: Readonly<Record<string, OwnerAccess>> = {
  [REQUEST_FILE_OWNER]: (auth, ownerId, tx) =>
    requestService.reaches(tx, ownerId, requestScope(auth, 'read', false)),
};

/**
 * The rules of a request a client's cabinet creates (the cabinets' `/pcc/requests` view of this table):
 * the back office's own (route, cargo, the client's checks, auto-assignment) for the cabinet's own
 * counterparty, run as the system (a cabinet holds no staff role, and the client sets nothing of the back
 * office's), and the notifications the forwarders get of any new request.
 */
export const clientRequestHooks = {
  async beforeCreate(ctx: ResourceContext, values: Partial<RequestInput>) {
    if (ctx.auth.kind !== 'cabinet') throw new Error('A client request is created by a cabinet');
    const input = { ...values, clientId: ctx.auth.counterpartyId } as RequestInput;
    return requestService.options.hooks!.beforeCreate!(asSystem(ctx, 'cabinetRequest'), input);
  },
  onChange: requestService.options.hooks!.onChange!,
};
