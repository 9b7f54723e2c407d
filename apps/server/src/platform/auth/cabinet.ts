import { CABINET_API_KEY_PREFIX, CABINET_KEY_MESSAGES, type CabinetKind } from '@tms/domain';
import type { FastifyRequest } from 'fastify';
import type { Database, Tx } from '../../db/connection';
import type { Clock } from '../clock';
import { HttpError } from '../errors';
import { apiKeyHash } from './api-key';
import { tokenFromRequest } from './authenticate';
import type { CabinetPrincipal } from './context';
import { ipMatches } from './ip';

/** The prefix of a cabinet user's session token, so no staff token is ever looked up as one. */
export const CABINET_TOKEN_PREFIX = 'tmsp_';

/**
 * The cabinet holding an API key (by its hash), the cabinets its counterparty's type opens and the
 * addresses it may call from: the counterparties module provides it.
 */
export type CabinetKeyLookup = (
  db: Tx,
) => (
  apiKeyHash: string,
) => Promise<
  { counterpartyId: number; kinds: readonly CabinetKind[]; allowedIps: readonly string[] } | undefined
>;

/**
 * How a cabinet's credentials resolve, read on every cabinet call: the counterparties' API keys and the
 * cabinet users' sessions are modules' tables (the platform imports no module), so the app injects them;
 * made once per database so their statements are prepared once.
 */
export interface CabinetLookup {
  key: CabinetKeyLookup;
  /** The roles within each cabinet a counterparty's API key holds. */
  keyRoles: Readonly<Record<CabinetKind, readonly string[]>>;
  /**
   * A cabinet user's own API key (by its hash), not revoked, of an enabled user whose counterparty still has
   * the cabinet's type: the roles it may use now (its own that the user still holds) and its allow-list.
   */
  userKey: (db: Tx) => (apiKeyHash: string) => Promise<
    | {
        keyId: number;
        cabinetUserId: number;
        cabinetKind: CabinetKind;
        counterpartyId: number;
        roles: readonly string[];
        allowedIps: readonly string[];
      }
    | undefined
  >;
  /** Notes a user key's use (when and from where), at most once a minute per key. */
  touchKey: (db: Tx) => (keyId: number, ip: string, now: Date) => Promise<void>;
  /**
   * The live session of an enabled cabinet user (by its token's hash), with his cabinet, counterparty and
   * roles; none when his counterparty no longer has the cabinet's type.
   */
  session: (db: Tx) => (
    tokenHash: string,
    now: Date,
  ) => Promise<
    | {
        sessionId: string;
        cabinetUserId: number;
        cabinetKind: CabinetKind;
        counterpartyId: number;
        roles: readonly string[];
      }
    | undefined
  >;
}

/**
 * A counterparty's cabinet calling: a cabinet user with his session token (`Authorization: Bearer
 * tmsp_...`), a machine acting as a cabinet user with one of his keys (`X-Api-Key: tmsk_...`, within the
 * key's roles, refused with 403 from an address outside its allow-list), or a machine client with the
 * counterparty's `X-Api-Key`, only from the addresses the counterparty allows (none allowed: the key works
 * nowhere). A key of a merged record is dead: the
 * survivor gets a key of its own. Both give the same principal: the counterparty, whoever acts for it. The
 * key acts in the cabinet of the route it calls if its counterparty's type opens it, else in the first its
 * type opens (and another cabinet's route refuses it).
 */
export function createCabinetAuthenticate(database: Database, lookup: CabinetLookup, clock: Clock) {
  const findKey = lookup.key(database.db);
  const findSession = lookup.session(database.db);
  const findUserKey = lookup.userKey(database.db);
  const touchKey = lookup.touchKey(database.db);
  const keyRoles: Record<CabinetKind, ReadonlySet<string>> = {
    client: new Set(lookup.keyRoles.client),
    contractor: new Set(lookup.keyRoles.contractor),
    carrier: new Set(lookup.keyRoles.carrier),
  };
  return async (request: FastifyRequest): Promise<CabinetPrincipal | null> => {
    const token = tokenFromRequest(request);
    if (token?.startsWith(CABINET_TOKEN_PREFIX) && token.length <= 200) {
      const session = await findSession(apiKeyHash(token), clock());
      if (!session) return null;
      return {
        kind: 'cabinet',
        cabinetKind: session.cabinetKind,
        counterpartyId: session.counterpartyId,
        cabinetUserId: session.cabinetUserId,
        sessionId: session.sessionId,
        roles: new Set(session.roles),
      };
    }
    const apiKey = request.headers['x-api-key'];
    if (typeof apiKey !== 'string' || apiKey.length === 0 || apiKey.length > 200) return null;
    if (apiKey.startsWith(CABINET_API_KEY_PREFIX)) {
      const key = await findUserKey(apiKeyHash(apiKey));
      if (!key) return null;
      // The key is right but the address is not his: told so, as the back office's address rules do.
      if (key.allowedIps.length && !ipMatches(request.ip, key.allowedIps)) {
        throw new HttpError(403, CABINET_KEY_MESSAGES.addressRefused);
      }
      await touchKey(key.keyId, request.ip, clock());
      return {
        kind: 'cabinet',
        cabinetKind: key.cabinetKind,
        counterpartyId: key.counterpartyId,
        cabinetUserId: key.cabinetUserId,
        sessionId: null,
        apiKeyId: key.keyId,
        roles: new Set(key.roles),
      };
    }
    const cabinet = await findKey(apiKeyHash(apiKey));
    if (!cabinet || !ipMatches(request.ip, cabinet.allowedIps)) return null;
    const wanted = request.routeOptions.config.cabinet;
    // Another cabinet's route finds it in its first: the guard then refuses it (403, as for a user).
    const cabinetKind = cabinet.kinds.find((kind) => kind === wanted) ?? cabinet.kinds[0];
    if (!cabinetKind) return null;
    return {
      kind: 'cabinet',
      cabinetKind,
      counterpartyId: cabinet.counterpartyId,
      cabinetUserId: null,
      sessionId: null,
      roles: keyRoles[cabinetKind],
    };
  };
}
