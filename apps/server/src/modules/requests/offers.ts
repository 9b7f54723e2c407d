import {
  CUSTOMER_REQUEST_MESSAGES,
  OPERATION_MESSAGES as M,
  type Money,
  type OfferStatus,
  offerStatusOf,
  requestEditLock,
  requestOfferResource,
} from '@tms/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/connection';
import type { AuthContext, Principal } from '../../platform/auth/context';
import { calendarDay } from '../../platform/calendar';
import type { Clock } from '../../platform/clock';
import { fieldError } from '../../platform/errors';
import { type ResourceService, resourceService, type UseCaseContext } from '../../platform/resources';
import { assertCanTakeNewWork, counterparties } from '../counterparties';
import { requestService } from './requests';
import { type Access, requestScope } from './scope';
import { customerRequests, requestOffers } from './tables';

export type OfferRow = typeof requestOffers.$inferSelect;

/**
 * The offers a user reaches: those of the requests they reach (docs/requests.md "Who reaches a request"),
 * reading and writing alike; undefined for all.
 */
export function offerScope(auth: Principal, access: Access): SQL | undefined {
  const requests = requestScope(auth, access);
  if (requests === undefined) return undefined;
  return sql`EXISTS (SELECT 1 FROM ${customerRequests} WHERE ${customerRequests.id} = ${requestOffers.requestId} AND ${requests})`;
}

/** Offers as a resource service: the list, export and get of `/request-offers`; writes go through the use cases. */
export const offerService: ResourceService<OfferRow> = resourceService(requestOfferResource, requestOffers, {
  hooks: { scope: (auth, access) => offerScope(auth, access) },
});

/** What the offers' use cases need besides the principal: the time ("today", the rates' day). */
export interface OfferContext extends UseCaseContext {
  clock: Clock;
}

/** The company's today of the context's clock. */
export const todayOf = (ctx: OfferContext): string => calendarDay(ctx.clock());

/**
 * The request an offer or the quote is written on: in the user's edit scope (`read`: their read scope, for
 * the actions of their own roles; 404 outside it, 403 without any), not locked by its status ("changes
 * locked by request status"), locked for the transaction.
 */
export async function writableRequest(
  ctx: UseCaseContext & { auth: AuthContext },
  requestId: number,
  access: Access = 'write',
) {
  const row = await requestService.find(ctx, requestId, { access, lock: true });
  if (requestEditLock(row.status)) {
    throw fieldError([], CUSTOMER_REQUEST_MESSAGES.locked);
  }
  return row;
}

/** A contractor an offer is asked from: a counterparty marked as contractor, not black-listed or merged. */
export async function contractorName(tx: Tx, id: number, path: readonly PropertyKey[]): Promise<string> {
  await assertCanTakeNewWork(tx, id, path);
  const [row] = await tx
    .select({ name: counterparties.name, contractor: counterparties.contractor })
    .from(counterparties)
    .where(eq(counterparties.id, id))
    .limit(1);
  if (!row!.contractor) throw fieldError(path, M.notContractor);
  return row!.name;
}

/** The offers of a request chosen for its quote (enabled ones only), with their base amounts. */
export async function chosenOffers(tx: Tx, requestId: number) {
  return tx
    .select()
    .from(requestOffers)
    .where(
      and(
        eq(requestOffers.requestId, requestId),
        eq(requestOffers.selected, true),
        eq(requestOffers.disabled, false),
      ),
    );
}

/** The status column of an offer's facts. */
export const statusOf = (row: { disabled: boolean; amounts: readonly Money[] }): OfferStatus =>
  offerStatusOf(row);
