import {
  type Counterparty,
  type CounterpartyMerge,
  type CounterpartyMergePreview,
  COUNTERPARTY_MESSAGES as M,
  MERGEABLE_COUNTERPARTY_FIELDS,
  MESSAGES,
} from '@tms/domain';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/connection';
import type { Principal } from '../../platform/auth/context';
import { diff, recordChange } from '../../platform/changelog/service';
import { conflict, fieldError, forbidden, notFound } from '../../platform/errors';
import { contacts } from '../../platform/identity/tables';
import { hasAnyRole } from '../../platform/permissions/check';
import type { ListQuery, ResourceContext } from '../../platform/resources';
import { counterpartyScope } from './scope';
import {
  type CounterpartyRow,
  checkCounterparty,
  checkFieldAccess,
  counterpartyEntity,
  counterpartyService,
  sameValue,
} from './service';
import { counterparties, counterpartyAgreements, counterpartyBankAccounts } from './tables';

/**
 * Moves whatever a module keeps under a counterparty from the merged one (`fromId`) to the survivor
 * (`toId`), inside the merge's transaction. Modules that refer to counterparties contribute one in their
 * definition (`contributes: { counterpartyMergeHooks: { name: hook } }`), so a merge never leaves a
 * reference behind; the merge runs them in module order, this module's own first.
 */
export type CounterpartyMergeHook = (tx: Tx, fromId: number, toId: number) => Promise<void> | void;

declare module '../../platform/modules' {
  interface ModuleContributions {
    counterpartyMergeHooks: CounterpartyMergeHook;
  }
}

/** The hooks a merge runs, by name. */
export type CounterpartyMergeHooks = ReadonlyMap<string, CounterpartyMergeHook>;

/** A hook moving every row of `table` whose `column` names the merged counterparty. */
export function moveReferences(table: PgTable, column: PgColumn): CounterpartyMergeHook {
  return async (tx, fromId, toId) => {
    await tx.execute(
      sql`UPDATE ${table} SET ${sql.identifier(column.name)} = ${toId} WHERE ${column} = ${fromId}`,
    );
  };
}

/** This module's own parts, contributed by its definition (module.ts). */
export const COUNTERPARTY_MERGE_HOOKS: Readonly<Record<string, CounterpartyMergeHook>> = {
  // A survivor that has a primary bank account keeps it as the only primary one.
  counterparty_bank_accounts: async (tx, fromId, toId) => {
    const [primary] = await tx
      .select({ id: counterpartyBankAccounts.id })
      .from(counterpartyBankAccounts)
      .where(
        and(eq(counterpartyBankAccounts.counterpartyId, toId), eq(counterpartyBankAccounts.primary, true)),
      )
      .limit(1);
    await tx
      .update(counterpartyBankAccounts)
      .set({ counterpartyId: toId, ...(primary ? { primary: false } : {}) })
      .where(eq(counterpartyBankAccounts.counterpartyId, fromId));
  },
  contacts: moveReferences(contacts, contacts.counterpartyId),
  counterparty_agreements: moveReferences(counterpartyAgreements, counterpartyAgreements.counterpartyId),
  // Records merged into the merged one earlier now point at the survivor directly.
  counterparties: moveReferences(counterparties, counterparties.mergedIntoId),
};

async function pair(tx: Tx, auth: Principal, sourceId: number, survivorId: number, lock: boolean) {
  // Merging is its own permission; the two records must still be ones the user may change.
  const scope = counterpartyScope(auth, 'write', false);
  const load = async (id: number) => {
    const query = tx
      .select()
      .from(counterparties)
      .where(and(eq(counterparties.id, id), scope))
      .limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row;
  };
  const source = await load(sourceId);
  if (!source) throw notFound();
  const survivor = await load(survivorId);
  if (!survivor) throw fieldError(['survivorId'], MESSAGES.invalid);
  return { source, survivor };
}

function checkMergeable(source: CounterpartyRow, survivor: CounterpartyRow): void {
  if (source.id === survivor.id) throw fieldError(['survivorId'], M.mergeIntoItself);
  if (source.mergedIntoId !== null) throw fieldError([], M.alreadyMerged);
  if (survivor.mergedIntoId !== null) throw fieldError(['survivorId'], M.alreadyMerged);
}

/**
 * The counterparties `sourceId` may be merged into, as a list page (the merge screen's survivor lookup):
 * live records the user may change, never the source itself, so no client has to filter them out.
 */
export async function mergeSurvivors(ctx: ResourceContext, sourceId: number, query: ListQuery) {
  const scope = counterpartyScope(ctx.auth, 'write', false);
  if (!(await counterpartyService.reaches(ctx.tx, sourceId, scope))) throw notFound();
  return counterpartyService.list(
    ctx,
    query,
    and(ne(counterparties.id, sourceId), isNull(counterparties.mergedIntoId), scope),
  );
}

/** Both records side by side and the mergeable fields whose values differ. */
export async function mergePreview(
  ctx: ResourceContext,
  sourceId: number,
  survivorId: number,
): Promise<CounterpartyMergePreview> {
  if (sourceId === survivorId) throw fieldError(['survivorId'], M.mergeIntoItself);
  const { source, survivor } = await pair(ctx.tx, ctx.auth, sourceId, survivorId, false);
  checkMergeable(source, survivor);
  const differences = MERGEABLE_COUNTERPARTY_FIELDS.filter(
    (field) =>
      !sameValue((source as Record<string, unknown>)[field], (survivor as Record<string, unknown>)[field]),
  );
  return {
    source: await counterpartyEntity(source, ctx),
    survivor: await counterpartyEntity(survivor, ctx),
    differences,
  };
}

/**
 * Merges `sourceId` into `body.survivorId` in the caller's transaction: the chosen values go to the
 * survivor (checked like an edit), everything kept under the source moves through the registered hooks,
 * the source stays marked as merged, and both get a change-log entry.
 */
export async function mergeCounterparties(
  ctx: ResourceContext,
  sourceId: number,
  body: CounterpartyMerge,
): Promise<Counterparty> {
  const { tx, auth } = ctx;
  if (sourceId === body.survivorId) throw fieldError(['survivorId'], M.mergeIntoItself);
  const { source, survivor } = await pair(tx, auth, sourceId, body.survivorId, true);
  checkMergeable(source, survivor);
  if (source.version !== body.sourceVersion || survivor.version !== body.survivorVersion) throw conflict();
  if (
    (source.managementLock || survivor.managementLock) &&
    !hasAnyRole(auth, ['ROLE_IGNORE_MANAGEMENT_LOCK'])
  ) {
    throw forbidden(M.managementLock);
  }
  const values: Record<string, unknown> = {};
  for (const [field, side] of Object.entries(body.fields)) {
    if (side === 'source') values[field] = (source as Record<string, unknown>)[field];
  }
  // A value taken from the source is an edit of the survivor: the same field roles apply.
  checkFieldAccess(auth, values, survivor);
  const sourceBefore = await counterpartyEntity(source, ctx);
  const survivorBefore = await counterpartyEntity(survivor, ctx);

  // The source leaves the live records first, so its INN and KPP may pass to the survivor.
  const [merged] = await tx
    .update(counterparties)
    .set({
      mergedIntoId: survivor.id,
      mergedAt: new Date(),
      version: sql`${counterparties.version} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(counterparties.id, source.id))
    .returning();

  const fixed = await checkCounterparty(tx, { ...survivor, ...values }, survivor.id);
  for (const hook of ctx.registries.contributions('counterpartyMergeHooks').values()) {
    await hook(tx, source.id, survivor.id);
  }
  const [after] = await tx
    .update(counterparties)
    .set({ ...values, ...fixed, version: sql`${counterparties.version} + 1`, updatedAt: new Date() })
    .where(eq(counterparties.id, survivor.id))
    .returning();

  const survivorAfter = await counterpartyEntity(after!, ctx);
  await recordChange(tx, {
    entityType: 'counterparty',
    entityId: source.id,
    action: 'merge',
    auth,
    changes: diff(sourceBefore, await counterpartyEntity(merged!, ctx)),
  });
  await recordChange(tx, {
    entityType: 'counterparty',
    entityId: survivor.id,
    action: 'merge',
    auth,
    changes: { ...diff(survivorBefore, survivorAfter), mergedFromId: { old: null, new: source.id } },
  });
  return survivorAfter;
}
