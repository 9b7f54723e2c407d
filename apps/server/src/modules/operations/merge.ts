import { eq, sql } from 'drizzle-orm';
import { type CounterpartyMergeHook, type CounterpartyRenameHook, counterparties } from '../counterparties';
import { jobs, orders } from './tables';

/**
 * A merge moves the merged counterparty's orders (as client) and jobs (as contractor) to the survivor,
 * with the survivor's name for the lists and the search, and rewrites the lists' copies of the ids.
 */
export const operationsMergeHook: CounterpartyMergeHook = async (tx, fromId, toId) => {
  const [survivor] = await tx
    .select({ name: counterparties.name })
    .from(counterparties)
    .where(eq(counterparties.id, toId));
  const name = survivor!.name;
  await tx.update(orders).set({ clientId: toId, clientName: name }).where(eq(orders.clientId, fromId));
  await tx
    .update(jobs)
    .set({ contractorId: toId, contractorName: name })
    .where(eq(jobs.contractorId, fromId));
  // array_replace may leave the survivor twice when both were there: keep each id once.
  const dedupe = (column: string) =>
    sql.raw(
      `ARRAY(SELECT DISTINCT x FROM unnest(array_replace(${column}, ${fromId}, ${toId})) AS x ORDER BY x)`,
    );
  await tx.execute(
    sql`UPDATE ${orders} SET contractor_ids = ${dedupe('contractor_ids')} WHERE contractor_ids @> ARRAY[${fromId}]::integer[]`,
  );
  await tx.execute(
    sql`UPDATE ${jobs} SET client_ids = ${dedupe('client_ids')} WHERE client_ids @> ARRAY[${fromId}]::integer[]`,
  );
};

/** A renamed counterparty's new name on its orders (as client) and jobs (as contractor), for lists and search. */
export const operationsRenameHook: CounterpartyRenameHook = async (tx, id, name) => {
  await tx.update(orders).set({ clientName: name }).where(eq(orders.clientId, id));
  await tx.update(jobs).set({ contractorName: name }).where(eq(jobs.contractorId, id));
};
