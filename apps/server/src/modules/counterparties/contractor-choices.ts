import { and, asc, count, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { readAll, type Tx } from '../../db/connection';
import { counterparties } from './tables';

export interface ContractorChoice {
  id: number;
  name: string;
}

/**
 * The contractors one may ask for an offer, whoever manages them: a sales manager whose counterparty scope is
 * their own clients still sends requests to any carrier. Names only, never the counterparty's details; never a
 * black-listed or merged one (they take no new work).
 */
const askable: SQL = and(
  eq(counterparties.contractor, true),
  eq(counterparties.blackList, false),
  isNull(counterparties.mergedIntoId),
)!;

/** A page of askable contractors whose name (or INN, e-mail) holds `search`, by name. */
export async function contractorChoices(
  tx: Tx,
  { search, page, itemsPerPage }: { search?: string; page: number; itemsPerPage: number },
): Promise<{ collection: ContractorChoice[]; total: number }> {
  const term = search?.trim().toLowerCase();
  const where = term
    ? and(askable, sql`${counterparties.searchText} LIKE ${`%${term.replace(/[\\%_]/g, '\\$&')}%`}`)
    : askable;
  const [collection, [counted]] = await readAll(tx, [
    () =>
      tx
        .select({ id: counterparties.id, name: counterparties.name })
        .from(counterparties)
        .where(where)
        .orderBy(asc(counterparties.name), asc(counterparties.id))
        .limit(itemsPerPage)
        .offset((page - 1) * itemsPerPage),
    () => tx.select({ total: count() }).from(counterparties).where(where),
  ]);
  return { collection, total: counted?.total ?? 0 };
}

/** One askable contractor by id (a chosen value's name), or undefined. */
export async function contractorChoice(tx: Tx, id: number): Promise<ContractorChoice | undefined> {
  const [row] = await tx
    .select({ id: counterparties.id, name: counterparties.name })
    .from(counterparties)
    .where(and(askable, eq(counterparties.id, id)))
    .limit(1);
  return row;
}
