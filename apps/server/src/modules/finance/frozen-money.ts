import { BILL_MESSAGES, decimalCompare, PAYMENT_MESSAGES, type PaymentLink } from '@tms/domain';
import { inArray } from 'drizzle-orm';
import { ErrorCollector } from '../../platform/errors';
import type { CallContext } from '../../platform/resources';
import { type BillOperation, billOperationsOf } from './bill-operations';
import { assertPeriodOpen } from './ledger';
import { bills } from './tables';

/*
 * Frozen money (docs/finance.md "Frozen money"): what finance control accepted, and what a closed month holds,
 * stays as it is. Every door through which a bill, a payment link or a posting would move such money asks
 * these rules, the way every posting asks `assertPeriodOpen`: a bill's create, update and delete, a payment's
 * create, change of links and delete (and so the statement import, bank acquiring and internal transfers,
 * which enter and delete payments through the payments' service). The ledger posts a bill or a payment only
 * through those writes, so no posting moves frozen money either. Only finance reopening the operation
 * (ACCEPTED → NOT_READY) or the month thaws it.
 *
 * The operations are locked (`FOR UPDATE`), so finance control accepting an operation and a write
 * moving its money never pass each other: one waits for the other and then sees it.
 */

/** A bill's links to operations as stored or as a write would store them. */
interface BillLinks {
  orderIds: readonly number[];
  jobIds: readonly number[];
}

/** What a bill's write checks against frozen money: the links, money and month before and after it. */
interface BillState extends BillLinks {
  recognitionDate: string;
}

const same = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/**
 * The operations of these links, locked (unless `lock` is false) against finance control's moves while the
 * write runs. A job's money is its orders' too (docs/operations.md "Finance control": acceptance locks the
 * order's jobs' money), so a job counts as locked or accepted when one of its orders is, and those orders
 * are read, and locked, with it.
 */
async function lockedOperationsOf(
  ctx: CallContext,
  links: readonly BillLinks[],
  lock = true,
): Promise<BillOperation[]> {
  const operations = await billOperationsOf(
    ctx,
    {
      orderIds: [...new Set(links.flatMap((link) => link.orderIds))],
      jobIds: [...new Set(links.flatMap((link) => link.jobIds))],
    },
    { lock },
  );
  const orders = new Map(operations.filter((o) => o.type === 'order').map((o) => [o.id, o] as const));
  const ofJobs = [...new Set(operations.filter((o) => o.type === 'job').flatMap((o) => o.orderIds))];
  const missing = ofJobs.filter((id) => !orders.has(id));
  for (const order of await billOperationsOf(ctx, { orderIds: missing, jobIds: [] }, { lock })) {
    orders.set(order.id, order);
  }
  return operations.map((operation) => {
    if (operation.type !== 'job') return operation;
    const its = operation.orderIds.flatMap((id) => orders.get(id) ?? []);
    return {
      ...operation,
      locked: operation.locked || its.some((order) => order.locked),
      financeAccepted: operation.financeAccepted || its.some((order) => order.financeAccepted),
    };
  });
}

/**
 * The refusals of a bill's create (`existing` null) or update through frozen money, every one at once:
 * - an operation archived or accepted by finance control takes no new bill, and its bills do not change: a
 *   link to one is refused at its place (`orderIds.<n>`), a link taken off one under the list (`orderIds`),
 *   which is how a bill would otherwise leave an accepted order;
 * - a closed month keeps its bills: a change of what the bill posts (`reposted`) or of the operations it is
 *   linked to is refused under `recognitionDate` when the stored date's month is closed, and so is a
 *   posting into a closed month; the ignore-lock role passes, as for every posting.
 * Answers the operations of the bill as it will be stored (for the bill's other rules) and whether its
 * recognition date may take a posting.
 */
export async function checkBillMoneyOpen(
  ctx: CallContext,
  errors: ErrorCollector,
  bill: BillState,
  existing: BillState | null,
  options: { reposted: boolean; ignoreLock: boolean },
): Promise<{ operations: BillOperation[]; dateOpen: boolean }> {
  const operations = await lockedOperationsOf(ctx, existing ? [bill, existing] : [bill]);
  const listOf = (operation: BillOperation) => (operation.type === 'order' ? bill.orderIds : bill.jobIds);
  for (const operation of operations) {
    if (!operation.locked) continue;
    const path = operation.type === 'order' ? 'orderIds' : 'jobIds';
    const index = listOf(operation).indexOf(operation.id);
    errors.add(index < 0 ? [path] : [path, index], BILL_MESSAGES.operationLocked);
  }
  const relinked =
    existing !== null && (!same(existing.orderIds, bill.orderIds) || !same(existing.jobIds, bill.jobIds));
  if (existing && (options.reposted || relinked)) {
    await errors.collect(() => assertPeriodOpen(ctx.tx, existing.recognitionDate, options.ignoreLock));
  }
  const dateOpen =
    !options.reposted ||
    (await errors.collect(async () => {
      await assertPeriodOpen(ctx.tx, bill.recognitionDate, options.ignoreLock);
      return true;
    })) === true;
  return { operations: operations.filter((operation) => listOf(operation).includes(operation.id)), dateOpen };
}

/**
 * A bill's delete reverses its posting: its month must be open, and none of its operations archived or
 * accepted by finance control (refused at the root: the whole bill stays).
 */
export async function assertBillDeletable(
  ctx: CallContext,
  bill: BillState,
  ignoreLock: boolean,
): Promise<void> {
  const errors = new ErrorCollector();
  await errors.collect(() => assertPeriodOpen(ctx.tx, bill.recognitionDate, ignoreLock));
  const operations = await lockedOperationsOf(ctx, [bill]);
  if (operations.some((operation) => operation.locked)) errors.add([], BILL_MESSAGES.operationLocked);
  errors.throwIfAny();
}

/**
 * Why a stored bill does not change now, for its form (`GET /finances/bills/{id}/frozen`): an operation of it
 * archived or accepted by finance control (nothing of it changes: the stable message of that refusal), else a
 * closed month the user may not post into (its money and operations do not change); null when neither holds.
 */
export async function billFreeze(
  ctx: CallContext,
  bill: BillState,
  ignoreLock: boolean,
): Promise<string | null> {
  const operations = await lockedOperationsOf(ctx, [bill], false);
  if (operations.some((operation) => operation.locked)) return BILL_MESSAGES.operationLocked;
  const errors = new ErrorCollector();
  await errors.collect(() => assertPeriodOpen(ctx.tx, bill.recognitionDate, ignoreLock));
  return errors.empty ? null : BILL_MESSAGES.periodLocked;
}

/**
 * The bills among `billIds` finance control froze: linked to an order or a job it accepted. Archived
 * operations' bills are still paid: only acceptance freezes the links.
 */
async function acceptedBills(ctx: CallContext, billIds: readonly number[]): Promise<Set<number>> {
  if (!billIds.length) return new Set();
  const rows = await ctx.tx
    .select({ id: bills.id, orderIds: bills.orderIds, jobIds: bills.jobIds })
    .from(bills)
    .where(inArray(bills.id, [...billIds]));
  const accepted = (await lockedOperationsOf(ctx, rows)).filter((operation) => operation.financeAccepted);
  const holds = (type: 'order' | 'job', ids: readonly number[]) =>
    accepted.some((operation) => operation.type === type && ids.includes(operation.id));
  return new Set(
    rows.filter((row) => holds('order', row.orderIds) || holds('job', row.jobIds)).map((r) => r.id),
  );
}

/**
 * A payment's links moving from `current` (bill → amount, as stored) to `links`: a link added to, re-sized
 * on or removed from a bill of an accepted operation is refused, under the link (`links.<n>.billId`) or, for
 * one removed, under `removedPath` (`links` for a change of links; the root for the payment's delete, which
 * removes them all).
 */
export async function assertLinksOpen(
  ctx: CallContext,
  links: readonly PaymentLink[],
  current: ReadonlyMap<number, string>,
  removedPath: readonly PropertyKey[] = ['links'],
): Promise<void> {
  const kept = new Set(links.map((link) => link.billId));
  const resized = links.filter(
    (link) => !current.has(link.billId) || decimalCompare(current.get(link.billId)!, link.amount) !== 0,
  );
  const removed = [...current.keys()].filter((billId) => !kept.has(billId));
  const touched = new Set([...resized.map((link) => link.billId), ...removed]);
  const frozen = await acceptedBills(ctx, [...touched]);
  if (!frozen.size) return;
  const errors = new ErrorCollector();
  for (const [index, link] of links.entries()) {
    if (frozen.has(link.billId) && touched.has(link.billId)) {
      errors.add(['links', index, 'billId'], PAYMENT_MESSAGES.billAccepted);
    }
  }
  if (removed.some((billId) => frozen.has(billId))) {
    errors.add(
      removedPath,
      removedPath.length ? PAYMENT_MESSAGES.billAccepted : PAYMENT_MESSAGES.paysAccepted,
    );
  }
  errors.throwIfAny();
}
