import { readEach } from '../../db/connection';
import type { CallContext } from '../../platform/resources';

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

/** The orders and jobs of those ids that exist (the operations module's contribution). */
export type BillOperationSource = (
  ctx: CallContext,
  ids: { orderIds: readonly number[]; jobIds: readonly number[] },
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
): Promise<BillOperation[]> {
  if (!ids.orderIds.length && !ids.jobIds.length) return [];
  const sources = [...ctx.registries.contributions('billOperations').values()];
  return (await readEach(ctx.tx, sources, (source) => source(ctx, ids))).flat();
}
