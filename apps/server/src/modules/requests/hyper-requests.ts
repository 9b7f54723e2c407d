import {
  ERROR_MESSAGES,
  HYPER_REQUEST_MESSAGES as H,
  type HyperLot,
  type HyperLotInput,
  type HyperRequest,
  hyperRequestResource,
  lotRemovable,
  lotStatusCounts,
  MESSAGES,
  OPERATION_MESSAGES,
  REQUEST_STATUSES,
  type RequestStatus,
  type RoutePoint,
  requestResource,
  routeEndsText,
  type StoredHyperLot,
  type ValidationTree,
} from '@tms/domain';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import { actingUserId, isStaff, type Principal } from '../../platform/auth/context';
import { systemClock } from '../../platform/clock';
import { ErrorCollector, fieldError, forbidden, ValidationError } from '../../platform/errors';
import type { App } from '../../platform/http/types';
import { hasAnyRole } from '../../platform/permissions/check';
import { resolveScope, type ScopeAccess } from '../../platform/permissions/scope';
import {
  afterUpdate,
  type ResourceContext,
  type ResourceService,
  registerResourceRoutes,
  resourceService,
} from '../../platform/resources';
import { type CounterpartyMergeHook, type CounterpartyRenameHook, counterparties } from '../counterparties';
import { officeOfNewRequest, requestService } from './requests';
import { customerRequests, hyperCustomerRequests } from './tables';
import { changeRequestStatus } from './use-cases/change-status';

export type HyperRequestRow = typeof hyperCustomerRequests.$inferSelect;
type Path = readonly (string | number)[];

const hyperRoles = hyperRequestResource.roles;

const own = (userId: number) =>
  sql`(${hyperCustomerRequests.sellerId} = ${userId} OR ${hyperCustomerRequests.forwarderId} = ${userId} OR ${hyperCustomerRequests.createdById} = ${userId})`;

/**
 * docs/requests.md "Hyper requests": a hyper request is reached as a request is, by the requests' view
 * scope (own / office / all) on its own seller, forwarder, author and office; a holder of the hyper roles
 * always reaches their own. Reads need a hyper role, writes the edit role.
 */
export function hyperRequestScope(auth: Principal, access: 'read' | 'write'): SQL | undefined {
  const roles = access === 'read' ? [...hyperRoles.view, ...hyperRoles.edit] : hyperRoles.edit;
  if (!hasAnyRole(auth, roles)) throw forbidden();
  const viewed: ScopeAccess = resolveScope(auth, 'ROLE_REQUEST_VIEW', {
    own,
    office: (officeId) => sql`${hyperCustomerRequests.serviceOfficeId} = ${officeId}`,
  });
  if (viewed.access === 'all') return undefined;
  const mine = isStaff(auth) ? own(auth.userId) : sql`false`;
  return viewed.access === 'none' ? mine : sql`(${viewed.where} OR ${mine})`;
}

/** The members of a hyper request its lots' requests are created with, under the same names. */
const SHARED_FIELDS = ['clientId', 'sellerId', 'forwarderId', 'serviceOfficeId'] as const;
type Shared = { [K in (typeof SHARED_FIELDS)[number]]?: number | null };

/**
 * Collects refusals once each (every new lot refuses a black-listed client alike), a lot's own under
 * `lots.<index>`, those of the members its request shares with the hyper request under that member.
 */
class LotErrors extends ErrorCollector {
  private readonly seen = new Set<string>();
  once(path: Path, message: string): void {
    const key = `${path.join('.')}\n${message}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.add(path, message);
  }
  /** Every message of `tree` under `path` (a refusal of a lot no longer in the body). */
  flat(path: Path, tree: ValidationTree): void {
    for (const message of tree.errors) this.once(path, message);
    for (const child of Object.values(tree.children)) this.flat(path, child);
  }
  lotTree(index: number, tree: ValidationTree, path: Path = []): void {
    const shared = path.length > 0 && (SHARED_FIELDS as readonly unknown[]).includes(path[0]);
    for (const message of tree.errors) this.once(shared ? path : ['lots', index, ...path], message);
    for (const [key, child] of Object.entries(tree.children)) this.lotTree(index, child, [...path, key]);
  }
}

interface LotRequest {
  id: number;
  number: number;
  status: string;
  version: number;
  route: RoutePoint[];
  transportTypes: string[];
  cargoDescription: string | null;
}

const lotRequestColumns = {
  id: customerRequests.id,
  number: customerRequests.number,
  status: customerRequests.status,
  version: customerRequests.version,
  route: customerRequests.route,
  transportTypes: customerRequests.transportTypes,
  cargoDescription: customerRequests.cargoDescription,
};

/**
 * The lots of a hyper request as the form sends them, made so: a lot kept keeps its request (its name may
 * change), a new lot's request is created through the requests' service (their validation, scope and
 * change log), a lot taken out whose request has not moved on has that request refused (NO_SERVICE with
 * the reason given) through the requests' status use case; a lot whose request has moved on stays.
 * Every refusal at once; answers the lots to store.
 */
async function applyLots(
  ctx: ResourceContext,
  lots: readonly HyperLotInput[],
  shared: Shared,
  existing: readonly StoredHyperLot[],
  withdrawalReason: string | null,
): Promise<StoredHyperLot[]> {
  const errors = new LotErrors();
  const current = new Set(existing.map((lot) => lot.requestId));
  const kept = new Set<number>();
  lots.forEach((lot, index) => {
    if (lot.requestId === undefined) return;
    if (!current.has(lot.requestId)) errors.once(['lots', index, 'requestId'], ERROR_MESSAGES.notFound);
    else if (kept.has(lot.requestId)) errors.once(['lots', index, 'requestId'], H.duplicateLot);
    kept.add(lot.requestId);
  });
  const removed = existing.filter((lot) => !kept.has(lot.requestId)).map((lot) => lot.requestId);
  if (removed.length) {
    const requests = await ctx.tx
      .select(lotRequestColumns)
      .from(customerRequests)
      .where(inArray(customerRequests.id, removed))
      .for('update');
    if (requests.some((request) => !lotRemovable(request.status))) {
      errors.once(['lots'], H.lotInProgress);
    } else if (!withdrawalReason) {
      errors.once(['withdrawalReason'], OPERATION_MESSAGES.reasonRequired);
    } else {
      for (const request of requests) {
        try {
          await changeRequestStatus.execute(ctx, {
            id: request.id,
            status: 'NO_SERVICE',
            reason: withdrawalReason,
            version: request.version,
            // The restore window of a withdrawn lot counts from the edit, by the app's clock.
            at: (ctx.clock ?? systemClock)(),
          });
        } catch (error) {
          if (!(error instanceof ValidationError) || !error.tree) throw error;
          errors.flat(['lots'], error.tree);
        }
      }
    }
  }
  const added = lots.some((lot) => lot.requestId === undefined);
  if (added && !hasAnyRole(ctx.auth, requestResource.roles.create ?? requestResource.roles.edit)) {
    throw forbidden(H.lotsNeedRequestCreate);
  }
  const stored: StoredHyperLot[] = [];
  for (const [index, lot] of lots.entries()) {
    if (lot.requestId !== undefined) {
      stored.push({ name: lot.name, requestId: lot.requestId });
      continue;
    }
    const body = {
      ...Object.fromEntries(SHARED_FIELDS.map((name) => [name, shared[name] ?? null])),
      transportTypes: lot.transportTypes ?? [],
      route: lot.route ?? [],
      cargo: lot.cargo ?? {},
    };
    try {
      const request = await requestService.create(ctx, body);
      stored.push({ name: lot.name, requestId: request.id as number });
    } catch (error) {
      if (!(error instanceof ValidationError) || !error.tree) throw error;
      errors.lotTree(index, error.tree);
    }
  }
  errors.throwIfAny();
  return stored;
}

/** The requests of the lots of every hyper request a page (or one read) shows, in one query. */
async function lotRequests(tx: Tx, ids: readonly number[]): Promise<Map<number, LotRequest>> {
  if (!ids.length) return new Map();
  const rows = (await tx
    .select(lotRequestColumns)
    .from(customerRequests)
    .where(inArray(customerRequests.id, [...new Set(ids)]))) as LotRequest[];
  return new Map(rows.map((row) => [row.id, row]));
}

function hyperEntity(row: HyperRequestRow, found: Map<number, LotRequest>): HyperRequest {
  const lots: HyperLot[] = row.lots.map(({ name, requestId }) => {
    const request = found.get(requestId)!;
    return {
      requestId,
      name,
      number: request.number,
      status: request.status as RequestStatus,
      route: routeEndsText(request.route),
      transportTypes: request.transportTypes,
      cargoDescription: request.cargoDescription,
    };
  });
  return {
    id: row.id,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    number: row.number,
    name: row.name,
    tenderNumber: row.tenderNumber,
    clientId: row.clientId,
    clientName: row.clientName,
    sellerId: row.sellerId,
    forwarderId: row.forwarderId,
    serviceOfficeId: row.serviceOfficeId,
    deadline: row.deadline,
    comment: row.comment,
    lots,
    lotStatusCounts: lotStatusCounts(lots),
    createdById: row.createdById,
  };
}

/** Hyper requests with a lot whose request is in one of the statuses asked. */
function lotStatusFilter(values: string[]): SQL | undefined {
  if (!values.length) return undefined;
  const statuses = values.filter((v): v is RequestStatus =>
    (REQUEST_STATUSES as readonly string[]).includes(v),
  );
  if (statuses.length !== values.length) throw fieldError(['lotStatus'], MESSAGES.choice);
  return sql`EXISTS (SELECT 1 FROM jsonb_array_elements(${hyperCustomerRequests.lots}) AS lot JOIN ${customerRequests} ON ${customerRequests.id} = (lot->>'requestId')::int WHERE ${inArray(customerRequests.status, statuses)})`;
}

async function clientNameOf(tx: Tx, clientId: number): Promise<string> {
  const [client] = await tx
    .select({ name: counterparties.name })
    .from(counterparties)
    .where(eq(counterparties.id, clientId));
  return client!.name;
}

const reasonOf = (values: { withdrawalReason?: string | null }) => values.withdrawalReason?.trim() || null;

/** Hyper requests as a resource service; their lots' requests go through `requestService`. */
export const hyperRequestService: ResourceService<HyperRequestRow> = resourceService(
  hyperRequestResource,
  hyperCustomerRequests,
  {
    scopeField: 'serviceOfficeId',
    // Kept with the withdrawn lots, not on the hyper request.
    virtual: ['withdrawalReason'],
    filters: { lotStatus: lotStatusFilter },
    hooks: {
      scope: hyperRequestScope,
      async beforeCreate(ctx, create) {
        // The tender's office, and so its lots', is its creator's unless the body names one.
        const values = { ...create, serviceOfficeId: officeOfNewRequest(ctx.auth, create.serviceOfficeId) };
        const lots = await applyLots(ctx, values.lots, values, [], null);
        // The lots' requests were created for this client, so it exists and is a client.
        const clientName = await clientNameOf(ctx.tx, values.clientId);
        return { ...values, lots, clientName, createdById: actingUserId(ctx.auth) };
      },
      async beforeUpdate(ctx, values, existing) {
        if (values.clientId !== undefined && values.clientId !== existing.clientId) {
          throw fieldError(['clientId'], H.clientFixed);
        }
        if (values.lots === undefined) return values;
        const shared = afterUpdate(values, existing);
        const lots = await applyLots(ctx, values.lots, shared, existing.lots, reasonOf(values));
        return { ...values, lots };
      },
      async toEntities(rows, ctx) {
        const found = await lotRequests(
          ctx.tx,
          rows.flatMap((row) => row.lots.map((lot) => lot.requestId)),
        );
        return rows.map((row) => hyperEntity(row, found));
      },
    },
  },
);

/** A merge moves the merged client's hyper requests to the survivor (as their lots' requests move). */
export const hyperRequestsMergeHook: CounterpartyMergeHook = async (tx, fromId, toId) => {
  await tx
    .update(hyperCustomerRequests)
    .set({ clientId: toId, clientName: await clientNameOf(tx, toId) })
    .where(eq(hyperCustomerRequests.clientId, fromId));
};

/** A renamed client's new name on its hyper requests, for the list and the search. */
export const hyperRequestsRenameHook: CounterpartyRenameHook = async (tx, id, name) => {
  await tx
    .update(hyperCustomerRequests)
    .set({ clientName: name })
    .where(eq(hyperCustomerRequests.clientId, id));
};

/** The hyper requests' routes: the engine's list, export, read, history, create and update. */
export function registerHyperRequestRoutes(app: App): void {
  registerResourceRoutes(app, hyperRequestService);
}
