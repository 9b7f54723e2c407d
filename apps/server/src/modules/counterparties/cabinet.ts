import { CABINET_COUNTERPARTY_TYPE, CABINET_KINDS } from '@tms/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { CabinetKeyLookup } from '../../platform/auth/cabinet';
import { counterparties } from './tables';

/**
 * The counterparty whose cabinet API key has this hash. A key of a merged record is dead: the survivor
 * gets a key of its own.
 */
export const cabinetKeyLookup: CabinetKeyLookup = (db) => {
  const byHash = db
    .select({
      id: counterparties.id,
      allowed: counterparties.apiAllowedIps,
      client: counterparties.client,
      contractor: counterparties.contractor,
    })
    .from(counterparties)
    .where(and(eq(counterparties.apiKeyHash, sql.placeholder('hash')), isNull(counterparties.mergedIntoId)))
    .limit(1)
    .prepare('cabinet_api_key');
  return async (hash) => {
    const [row] = await byHash.execute({ hash });
    return (
      row && {
        counterpartyId: row.id,
        kinds: CABINET_KINDS.filter((kind) => row[CABINET_COUNTERPARTY_TYPE[kind]]),
        allowedIps: row.allowed,
      }
    );
  };
};
