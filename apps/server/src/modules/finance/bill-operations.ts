import { jobResource, orderResource } from '@tms/domain';
import { readEach } from '../../db/connection';
import { notFound } from '../../platform/errors';
import type { CallContext, ResourceContext } from '../../platform/resources';

/** What the bills' rules need to know of a linked order or job; the operations module answers it. */
export interface BillOperation {
  type: 'order' | 'job';
  id: number;
  /** The operation's number as people read it (the id unless imported). */
  number: number;
  tracking: boolean;
  /** Archived or in a finance control status that locks the operation's money. */
  locked: boolean;
  /** Accepted by finance control: its bills' payment links are frozen too (archived ones still get paid). */
  financeAccepted: boolean;
  serviceOfficeId: number | null;
  /** The order's client, the job's contractor. */
  counterpartyId: number | null;
  /** The orders a job's bills belong to as well (an order: itself). */
  orderIds: number[];
  /** The job's cost and its currency (an order has none). */
  amount: string | null;
  currencyId: number | null;
  /**
   * An open order's planned income not yet billed, in the base currency: what of the order its client's
   * credit exposure counts already, so an income bill of the order adds only what goes beyond it (null: none,
   * a job, a closed order).
   */
  unbilledIncome: string | null;
  /** Whom the operation names (an order's forwarder, seller and curators; a job's forwarder): told of its bills. */
  people: number[];
}

/**
 * The orders and jobs of those ids that exist (the operations module's contribution); `lock`: their rows
 * are locked `FOR UPDATE` until the transaction ends, so finance control cannot move them meanwhile.
 */
export type BillOperationSource = (
  ctx: CallContext,
  ids: { orderIds: readonly number[]; jobIds: readonly number[] },
  options?: { lock?: boolean },
) => Promise<BillOperation[]>;

declare module '../../platform/modules' {
  interface ModuleContributions {
    billOperations: BillOperationSource;
  }
}

/** The linked operations of those ids, through the app's contributed sources. */
export async function billOperationsOf(
  ctx: CallContext,
  ids: { orderIds: readonly number[]; jobIds: readonly number[] },
  options: { lock?: boolean } = {},
): Promise<BillOperation[]> {
  if (!ids.orderIds.length && !ids.jobIds.length) return [];
  const sources = [...ctx.registries.contributions('billOperations').values()];
  return (await readEach(ctx.tx, sources, (source) => source(ctx, ids, options))).flat();
}

/**
 * The order or job a new record starts from (a bill of an operation, an order's transfer), as its reader
 * reaches it: the kernel's read with his principal (the operation's read roles and scope, what `GET
 * /tms/orders/{id}` asks), else 404, so a starter tells nothing of an operation he may not open.
 */
export async function readableOperation(
  ctx: ResourceContext,
  type: 'order' | 'job',
  id: number,
): Promise<BillOperation> {
  const reach = ctx.registries.resources.reachAt((type === 'order' ? orderResource : jobResource).path);
  if (!reach || !(await reach.canRead(ctx, id))) throw notFound();
  const [found] = await billOperationsOf(ctx, {
    orderIds: type === 'order' ? [id] : [],
    jobIds: type === 'job' ? [id] : [],
  });
  if (!found) throw notFound();
  return found;
}
