import type { FastifyRequest } from 'fastify';
import type { Database, Tx } from '../../db/connection';
import type { Clock } from '../clock';
import { apiKeyHash } from './api-key';
import { tokenFromRequest } from './authenticate';
import type { CabinetPrincipal } from './context';
import { ipMatches } from './ip';

/** The prefix of a cabinet user's session token, so no staff token is ever looked up as one. */
export const CABINET_TOKEN_PREFIX = 'tmsp_';

/**
 * The cabinet holding an API key (by its hash) and the addresses it may call from: the counterparties
 * module provides it.
 */
export type CabinetKeyLookup = (
  db: Tx,
) => (apiKeyHash: string) => Promise<{ counterpartyId: number; allowedIps: readonly string[] } | undefined>;

/**
 * How a cabinet's credentials resolve, read on every cabinet call: the counterparties' API keys and the
 * cabinet users' sessions are modules' tables (the platform imports no module), so the app injects them;
 * made once per database so their statements are prepared once.
 */
export interface CabinetLookup {
  key: CabinetKeyLookup;
  /** The roles within the cabinet a counterparty's API key holds. */
  keyRoles: readonly string[];
  /** The live session of an enabled cabinet user (by its token's hash), with his counterparty and roles. */
  session: (
    db: Tx,
  ) => (
    tokenHash: string,
    now: Date,
  ) => Promise<
    { sessionId: string; cabinetUserId: number; counterpartyId: number; roles: readonly string[] } | undefined
  >;
}

/**
 * A counterparty's cabinet calling: a cabinet user with his session token (`Authorization: Bearer
 * tmsp_...`), or a machine client with the counterparty's `X-Api-Key`, only from the addresses the
 * counterparty allows (none allowed: the key works nowhere). A key of a merged record is dead: the
 * survivor gets a key of its own. Both give the same principal: the counterparty, whoever acts for it.
 */
export function createCabinetAuthenticate(database: Database, lookup: CabinetLookup, clock: Clock) {
  const findKey = lookup.key(database.db);
  const findSession = lookup.session(database.db);
  const keyRoles: ReadonlySet<string> = new Set(lookup.keyRoles);
  return async (request: FastifyRequest): Promise<CabinetPrincipal | null> => {
    const token = tokenFromRequest(request);
    if (token?.startsWith(CABINET_TOKEN_PREFIX) && token.length <= 200) {
      const session = await findSession(apiKeyHash(token), clock());
      if (!session) return null;
      return {
        kind: 'cabinet',
        counterpartyId: session.counterpartyId,
        cabinetUserId: session.cabinetUserId,
        sessionId: session.sessionId,
        roles: new Set(session.roles),
      };
    }
    const apiKey = request.headers['x-api-key'];
    if (typeof apiKey !== 'string' || apiKey.length === 0 || apiKey.length > 200) return null;
    const cabinet = await findKey(apiKeyHash(apiKey));
    if (!cabinet || !ipMatches(request.ip, cabinet.allowedIps)) return null;
    return {
      kind: 'cabinet',
      counterpartyId: cabinet.counterpartyId,
      cabinetUserId: null,
      sessionId: null,
      roles: keyRoles,
    };
  };
}
