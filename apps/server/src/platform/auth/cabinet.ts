import type { FastifyRequest } from 'fastify';
import type { Database, Tx } from '../../db/connection';
import { apiKeyHash } from './api-key';
import type { CabinetPrincipal } from './context';
import { ipMatches } from './ip';

const NO_ROLES: ReadonlySet<string> = new Set();

/**
 * The cabinet holding an API key (by its hash) and the addresses it may call from, read on every cabinet
 * call: the counterparties module provides it (the platform imports no module), made once per database so
 * its statement is prepared once.
 */
export type CabinetKeyLookup = (
  db: Tx,
) => (apiKeyHash: string) => Promise<{ counterpartyId: number; allowedIps: readonly string[] } | undefined>;

/**
 * A counterparty's cabinet calling with its `X-Api-Key`: it acts for that counterparty only, and only from
 * the addresses the counterparty allows (none allowed: the key works nowhere). A key of a merged record
 * is dead: the survivor gets a key of its own.
 */
export function createCabinetAuthenticate(database: Database, cabinetLookup: CabinetKeyLookup) {
  const findCabinet = cabinetLookup(database.db);
  return async (request: FastifyRequest): Promise<CabinetPrincipal | null> => {
    const apiKey = request.headers['x-api-key'];
    if (typeof apiKey !== 'string' || apiKey.length === 0 || apiKey.length > 200) return null;
    const cabinet = await findCabinet(apiKeyHash(apiKey));
    if (!cabinet || !ipMatches(request.ip, cabinet.allowedIps)) return null;
    return { kind: 'cabinet', counterpartyId: cabinet.counterpartyId, roles: NO_ROLES };
  };
}
