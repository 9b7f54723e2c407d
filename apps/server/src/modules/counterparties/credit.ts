import {
  COUNTERPARTY_MESSAGES,
  type CounterpartyCredit,
  CREDIT_STATES,
  creditStateOf,
  decimalAdd,
  decimalCompare,
  decimalFixed,
  decimalSubtract,
  isPrepayment,
  MESSAGES,
} from '@tms/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { rowsOf, type Tx } from '../../db/connection';
import type { Principal } from '../../platform/auth/context';
import { fieldError, notFound } from '../../platform/errors';
import type { Registries } from '../../platform/modules';
import { hasAnyRole } from '../../platform/permissions/check';
import type { CallContext } from '../../platform/resources';
import { boundLater } from '../../platform/resources/statements';
import { notifyCreditMoved } from './notifications';
import { counterparties } from './tables';

/**
 * What a counterparty owes, from every module that creates obligations: each source gives, for the
 * counterparty id column of the outer query, an SQL amount (e.g. the sum of its unpaid income bills).
 * A module contributes one in its definition: `contributes: { creditExposureSources: { bills: source } }`.
 */
export type CreditExposureSource = (counterpartyId: PgColumn) => SQL;

declare module '../../platform/modules' {
  interface ModuleContributions {
    creditExposureSources: CreditExposureSource;
    /**
     * What a counterparty paid us that no obligation took yet (finance: unlinked incoming payments, the
     * ledger's ADVANCES_RECEIVED): the balance a prepayment client orders against.
     */
    creditAdvanceSources: CreditExposureSource;
  }
}

/** The sum of the point's contributions for the counterparty in `counterpartyId`, as numeric SQL. */
function sumOf(sources: Iterable<CreditExposureSource>, counterpartyId: PgColumn): SQL {
  const parts = [...sources].map((source) => sql`coalesce((${source(counterpartyId)})::numeric, 0)`);
  return parts.length ? sql`(${sql.join(parts, sql` + `)})` : sql`0::numeric`;
}

/** The current exposure of the counterparty in `counterpartyId`, as numeric SQL (0 without sources). */
export function exposureSql(registries: Registries, counterpartyId: PgColumn = counterparties.id): SQL {
  return sumOf(registries.contributions('creditExposureSources').values(), counterpartyId);
}

/** The credit state of each counterparty row, as SQL (for the list filter). */
export function creditStateSql(registries: Registries): SQL {
  const exposure = exposureSql(registries);
  return sql`CASE
    WHEN ${counterparties.creditLimit} IS NULL THEN 'NO_LIMIT'
    WHEN ${exposure} >= ${counterparties.creditLimit} THEN 'EXHAUSTED'
    WHEN ${counterparties.creditLimitThreshold} IS NOT NULL AND ${exposure} >= ${counterparties.creditLimitThreshold}
      THEN 'THRESHOLD'
    ELSE 'WITHIN' END`;
}

/** The list filter `creditState` (one or several states). */
export function creditStateFilter(values: string[], { registries }: CallContext): SQL | undefined {
  if (!values.length) return undefined;
  if (values.some((v) => !(CREDIT_STATES as readonly string[]).includes(v))) {
    throw fieldError(['creditState'], MESSAGES.choice);
  }
  return sql`(${creditStateSql(registries)}) IN (${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;
}

/** Decimal text of a numeric with two places, from what the database answered (text, never a float). */
function amount(value: unknown): string {
  return decimalFixed(value === null || value === undefined ? '0' : String(value), 2);
}

/** Exposures of several counterparties in one query. */
export async function exposures(
  { tx, registries }: CallContext,
  ids: readonly number[],
): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (!ids.length) return out;
  if (!registries.contributions('creditExposureSources').size) {
    for (const id of ids) out.set(id, '0.00');
    return out;
  }
  let statement = exposureStatements.get(registries);
  if (!statement) {
    statement = boundLater(
      (ids) =>
        sql`select ${counterparties.id} as id, (${exposureSql(registries)})::text as exposure from ${counterparties} where ${counterparties.id} = ANY(${ids}::int[])`,
    );
    exposureStatements.set(registries, statement);
  }
  const rows = await rowsOf<{ id: number; exposure: string | null }>(tx, statement([...ids]));
  for (const row of rows) out.set(row.id, amount(row.exposure));
  return out;
}

/** The exposures' statement (every module's sources), rendered once per app: a list page binds its ids. */
const exposureStatements = new WeakMap<Registries, (ids: number[]) => SQL>();

/**
 * The credit position of one counterparty, in one query: the exposure split by source (by the name each
 * module contributes it under) and the advances.
 */
export async function creditOf(
  { tx, registries }: CallContext,
  counterpartyId: number,
  scope?: SQL,
): Promise<CounterpartyCredit> {
  const sources = [...registries.contributions('creditExposureSources')];
  const parts = Object.fromEntries(
    sources.map(([, source], index) => [
      `source${index}`,
      sql<string>`coalesce((${source(counterparties.id)})::numeric, 0)`.mapWith(String),
    ]),
  );
  const [row] = await tx
    .select({
      limit: counterparties.creditLimit,
      threshold: counterparties.creditLimitThreshold,
      advances: sql<string>`${sumOf(registries.contributions('creditAdvanceSources').values(), counterparties.id)}`,
      ...parts,
    })
    .from(counterparties)
    .where(
      scope
        ? sql`${counterparties.id} = ${counterpartyId} AND ${scope}`
        : eq(counterparties.id, counterpartyId),
    )
    .limit(1);
  if (!row) throw notFound();
  const figures = row as unknown as Record<string, unknown>;
  const bySource = Object.fromEntries(
    sources.map(([name], index) => [name, amount(figures[`source${index}`])]),
  );
  const exposure = amount(Object.values(bySource).reduce((sum, part) => decimalAdd(sum, part), '0'));
  const advances = amount(row.advances);
  return {
    limit: row.limit,
    threshold: row.threshold,
    exposure,
    available: row.limit === null ? null : decimalFixed(decimalSubtract(row.limit, exposure), 2),
    state: creditStateOf(row.limit, row.threshold, exposure),
    sources: bySource,
    advances,
    balance: isPrepayment(row.limit) ? decimalFixed(decimalSubtract(advances, exposure), 2) : null,
  };
}

/**
 * Whether a new obligation of `amountDue` (base currency) fits the counterparty's credit (docs/finance.md
 * "Credit limits"), unless the user may exceed limits (ROLE_COUNTERPARTY_CREDIT_LIMIT_EXCEED):
 * - a limit above 0: the exposure plus `amountDue` may not pass it ("Credit limit exhausted."); with
 *   `refuseAtLimit` (a new order, an order moved to the client) a client already at or past its limit is
 *   refused whatever the amount;
 * - a limit of 0 (prepayment): the exposure plus `amountDue` may not pass the client's advances ("Balance
 *   exhausted.");
 * - no limit: anything goes.
 * The refusal is under `field`. For orders, bills and jobs. An obligation that takes the exposure to the
 * threshold or the limit is told to the counterparty's people (in the caller's transaction: gone with it
 * when the write fails).
 */
export async function checkCreditLimit(
  ctx: CallContext,
  auth: Principal,
  counterpartyId: number,
  amountDue: string,
  field: readonly PropertyKey[] = ['counterpartyId'],
  options: { refuseAtLimit?: boolean } = {},
): Promise<void> {
  const credit = await creditOf(ctx, counterpartyId);
  if (credit.limit === null) return;
  const exposure = decimalAdd(credit.exposure, String(amountDue));
  const bound = !hasAnyRole(auth, ['ROLE_COUNTERPARTY_CREDIT_LIMIT_EXCEED']);
  if (isPrepayment(credit.limit)) {
    if (bound && decimalCompare(exposure, credit.advances) > 0) {
      throw fieldError(field, COUNTERPARTY_MESSAGES.balanceExhausted);
    }
    return;
  }
  const past =
    decimalCompare(exposure, credit.limit) > 0 ||
    (options.refuseAtLimit === true && decimalCompare(credit.exposure, credit.limit) >= 0);
  if (past && bound) throw fieldError(field, COUNTERPARTY_MESSAGES.creditLimitExhausted);
  const state = creditStateOf(credit.limit, credit.threshold, exposure);
  if (state === credit.state) return;
  const [row] = await ctx.tx.select().from(counterparties).where(eq(counterparties.id, counterpartyId));
  await notifyCreditMoved({ ...ctx, auth }, row!, credit.state, state, decimalFixed(exposure, 2));
}

/** A black-listed or merged counterparty takes no new orders or jobs ("The counterparty is in the black list."). */
export async function assertCanTakeNewWork(
  tx: Tx,
  counterpartyId: number,
  field: readonly PropertyKey[] = ['counterpartyId'],
): Promise<void> {
  const [row] = await tx
    .select({ blackList: counterparties.blackList, mergedIntoId: counterparties.mergedIntoId })
    .from(counterparties)
    .where(eq(counterparties.id, counterpartyId))
    .limit(1);
  if (!row) throw fieldError(field, MESSAGES.invalid);
  if (row.blackList) throw fieldError(field, COUNTERPARTY_MESSAGES.blackListed);
  if (row.mergedIntoId !== null) throw fieldError(field, COUNTERPARTY_MESSAGES.alreadyMerged);
}
