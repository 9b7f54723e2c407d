import {
  BILL_MESSAGES,
  decimalAdd,
  decimalCompare,
  decimalNormalize,
  decimalSubtract,
  type LedgerAccount,
  monthOf,
} from '@tms/domain';
import { and, asc, eq, inArray, isNull, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { readEach, type Tx } from '../../db/connection';
import { actingUserId, type Principal } from '../../platform/auth/context';
import { fieldError } from '../../platform/errors';
import { dropMonthTotals, rollUpMonth } from './ledger-rollups';
import { toBaseCurrency } from './rates';
import { ledgerEntries, ledgerLockedMonths, ledgerTransactions } from './tables';

/** Whoever posts: the transaction, and the principal (a user, or the system). */
export interface LedgerContext {
  tx: Tx;
  auth: Principal;
}

/** One entry to post: a signed amount in its currency (debit positive, credit negative). */
export interface PostingLine {
  account: LedgerAccount;
  currencyId: number;
  amount: string;
  counterpartyId?: number | null;
  legalEntityId?: number | null;
  billId?: number | null;
  /** The payment form of a CASH entry. */
  paymentFormId?: number | null;
}

export interface Posting {
  /** What posts it: `bill`, `payment`, `conversion`. */
  source: { type: string; id: number };
  /** The recognition date: every entry's base amount is converted at this date's rate. */
  date: string;
  lines: readonly PostingLine[];
  /** The user may post into a locked month (the use case checked the ignore-lock role). */
  ignoreLock?: boolean;
  /** Where a missing rate or a locked month is reported in the caller's body. */
  dateField?: readonly PropertyKey[];
}

const negate = (amount: string) => decimalNormalize(decimalSubtract('0', amount));

/** Whether postings dated `date` are refused: its month is locked. */
export async function isMonthLocked(tx: Tx, date: string): Promise<boolean> {
  const [row] = await tx
    .select({ month: ledgerLockedMonths.month })
    .from(ledgerLockedMonths)
    .where(eq(ledgerLockedMonths.month, monthOf(date)))
    .limit(1);
  return Boolean(row);
}

/**
 * "Recognition date period locked." under `field` when `date`'s month is locked and the user may not
 * ignore the lock. The database refuses such a posting anyway; this gives the person the reason.
 */
export async function assertPeriodOpen(
  tx: Tx,
  date: string,
  ignoreLock: boolean,
  field: readonly PropertyKey[] = ['recognitionDate'],
): Promise<void> {
  if (!ignoreLock && (await isMonthLocked(tx, date))) throw fieldError(field, BILL_MESSAGES.periodLocked);
}

/**
 * Runs `write` with the lock of locked months lifted for this transaction only, and sets it again after:
 * the database trigger reads `tms.ignore_period_lock` at each insert (docs/finance.md "Period locks").
 */
async function withLock<T>(tx: Tx, ignoreLock: boolean, write: () => Promise<T>): Promise<T> {
  if (!ignoreLock) return write();
  await tx.execute(sql`SELECT set_config('tms.ignore_period_lock', 'on', true)`);
  try {
    return await write();
  } finally {
    await tx.execute(sql`SELECT set_config('tms.ignore_period_lock', '', true)`);
  }
}

/**
 * Posts one balanced transaction: each line's base amount at `date`'s rate, converted once here. Per
 * currency the base amounts are made to sum to zero (a rounding kopeck goes to the largest line), as the
 * database demands at commit. Returns the transaction's id.
 */
export async function post(ctx: LedgerContext, posting: Posting): Promise<number> {
  const { tx } = ctx;
  const field = posting.dateField ?? ['recognitionDate'];
  await assertPeriodOpen(tx, posting.date, posting.ignoreLock ?? false, field);
  const lines = await readEach(tx, posting.lines, async (line) => {
    const magnitude = line.amount.startsWith('-') ? negate(line.amount) : line.amount;
    const base = (await toBaseCurrency(tx, magnitude, line.currencyId, posting.date, field)).amount;
    return { ...line, baseAmount: line.amount.startsWith('-') ? negate(base) : base };
  });
  for (const currencyId of new Set(lines.map((line) => line.currencyId))) {
    const same = lines.filter((line) => line.currencyId === currencyId);
    const residual = same.reduce((sum, line) => decimalAdd(sum, line.baseAmount), '0');
    if (decimalCompare(residual, '0') === 0) continue;
    const largest = same.reduce((a, b) =>
      decimalCompare(a.baseAmount.replace('-', ''), b.baseAmount.replace('-', '')) >= 0 ? a : b,
    );
    largest.baseAmount = decimalNormalize(decimalSubtract(largest.baseAmount, residual));
  }
  return withLock(tx, posting.ignoreLock ?? false, async () => {
    const [created] = await tx
      .insert(ledgerTransactions)
      .values({
        date: posting.date,
        sourceType: posting.source.type,
        sourceId: posting.source.id,
        createdById: actingUserId(ctx.auth),
      })
      .returning({ id: ledgerTransactions.id });
    await tx.insert(ledgerEntries).values(
      lines.map((line) => ({
        transactionId: created!.id,
        account: line.account,
        currencyId: line.currencyId,
        amount: line.amount,
        baseAmount: line.baseAmount,
        counterpartyId: line.counterpartyId ?? null,
        legalEntityId: line.legalEntityId ?? null,
        billId: line.billId ?? null,
        paymentFormId: line.paymentFormId ?? null,
      })),
    );
    return created!.id;
  });
}

const reversal = alias(ledgerTransactions, 'reversal');

/** The transactions of a source that stand: neither reversals nor reversed. */
export async function standingTransactions(tx: Tx, source: { type: string; id: number }) {
  return tx
    .select({ id: ledgerTransactions.id, date: ledgerTransactions.date })
    .from(ledgerTransactions)
    .where(
      and(
        eq(ledgerTransactions.sourceType, source.type),
        eq(ledgerTransactions.sourceId, source.id),
        isNull(ledgerTransactions.reversalOf),
        notExists(
          tx.select({ one: sql`1` }).from(reversal).where(eq(reversal.reversalOf, ledgerTransactions.id)),
        ),
      ),
    )
    .orderBy(asc(ledgerTransactions.id));
}

/**
 * Undoes the standing transactions of a source: each gets a reversal on its own date with every entry
 * negated, base amounts included (nothing is reconverted). A reversal into a locked month is refused like
 * any posting.
 */
export async function reverse(
  ctx: LedgerContext,
  source: { type: string; id: number },
  options: { ignoreLock?: boolean; dateField?: readonly PropertyKey[] } = {},
): Promise<void> {
  const { tx } = ctx;
  const standing = await standingTransactions(tx, source);
  for (const original of standing) {
    await assertPeriodOpen(tx, original.date, options.ignoreLock ?? false, options.dateField);
  }
  if (!standing.length) return;
  const entries = await tx
    .select()
    .from(ledgerEntries)
    .where(
      inArray(
        ledgerEntries.transactionId,
        standing.map((t) => t.id),
      ),
    )
    .orderBy(asc(ledgerEntries.id));
  await withLock(tx, options.ignoreLock ?? false, async () => {
    for (const original of standing) {
      const [created] = await tx
        .insert(ledgerTransactions)
        .values({
          date: original.date,
          sourceType: source.type,
          sourceId: source.id,
          reversalOf: original.id,
          createdById: actingUserId(ctx.auth),
        })
        .returning({ id: ledgerTransactions.id });
      await tx.insert(ledgerEntries).values(
        entries
          .filter((entry) => entry.transactionId === original.id)
          .map(({ id: _id, transactionId: _t, ...entry }) => ({
            ...entry,
            transactionId: created!.id,
            amount: negate(entry.amount),
            baseAmount: negate(entry.baseAmount),
          })),
      );
    }
  });
}

/** The locked months, newest first. */
export async function lockedMonths(tx: Tx) {
  const rows = await tx.select().from(ledgerLockedMonths).orderBy(sql`${ledgerLockedMonths.month} DESC`);
  return rows.map((row) => ({ ...row, lockedAt: row.lockedAt.toISOString() }));
}

/**
 * Locks or unlocks a month (`YYYY-MM`); answers whether that changed anything. The exclusive advisory lock on the month waits for the postings
 * into it that are under way (they hold it shared), so none slips in beside a lock being set.
 */
export async function setMonthLocked(ctx: LedgerContext, month: string, locked: boolean): Promise<boolean> {
  const { tx } = ctx;
  const [year, number] = month.split('-').map(Number) as [number, number];
  await tx.execute(sql`SELECT pg_advisory_xact_lock(7301, ${year * 12 + number})`);
  const first = `${month}-01`;
  const changed = locked
    ? await tx
        .insert(ledgerLockedMonths)
        .values({ month: first, lockedById: actingUserId(ctx.auth) })
        .onConflictDoNothing()
        .returning({ month: ledgerLockedMonths.month })
    : await tx
        .delete(ledgerLockedMonths)
        .where(eq(ledgerLockedMonths.month, first))
        .returning({ month: ledgerLockedMonths.month });
  if (changed.length) await (locked ? rollUpMonth(tx, first) : dropMonthTotals(tx, first));
  return changed.length > 0;
}
