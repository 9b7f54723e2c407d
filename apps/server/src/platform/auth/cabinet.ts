import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/connection';
import { counterparties } from '../../modules/counterparties/tables';
import { apiKeyHash } from './api-key';
import type { CabinetPrincipal } from './context';
import { ipMatches } from './ip';

/**
 * A counterparty's cabinet calling with its `X-Api-Key`: it acts for that counterparty only, and only from
 * the addresses the counterparty allows (none allowed: the key works nowhere). A key of a merged record
 * is dead: the survivor gets a key of its own.
 */
export function createCabinetAuthenticate(database: Database) {
  return async (request: FastifyRequest): Promise<CabinetPrincipal | null> => {
    const apiKey = request.headers['x-api-key'];
    if (typeof apiKey !== 'string' || apiKey.length === 0 || apiKey.length > 200) return null;
    const [row] = await database.db
      .select({ id: counterparties.id, allowed: counterparties.apiAllowedIps })
      .from(counterparties)
      .where(and(eq(counterparties.apiKeyHash, apiKeyHash(apiKey)), isNull(counterparties.mergedIntoId)))
      .limit(1);
    if (!row || !ipMatches(request.ip, row.allowed)) return null;
    return { counterpartyId: row.id };
  };
}
