import { and, eq, isNull } from 'drizzle-orm';
import type { CabinetKeyLookup } from '../../platform/auth/cabinet';
import { counterparties } from './tables';

/**
 * The counterparty whose cabinet API key has this hash. A key of a merged record is dead: the survivor
 * gets a key of its own.
 */
export const findCabinetByKey: CabinetKeyLookup = async (db, apiKeyHash) => {
  const [row] = await db
    .select({ id: counterparties.id, allowed: counterparties.apiAllowedIps })
    .from(counterparties)
    .where(and(eq(counterparties.apiKeyHash, apiKeyHash), isNull(counterparties.mergedIntoId)))
    .limit(1);
  return row && { counterpartyId: row.id, allowedIps: row.allowed };
};
