import type { FastifyRequest } from 'fastify';
import type { Tx } from '../../db/connection';
import type { AuthContext } from '../auth/context';
import type { Clock } from '../clock';
import type { Registries } from '../modules';

/**
 * Where a call runs, whoever makes it: the transaction or database it works in, and the registries of the
 * app instance (what the modules contribute: credit exposure sources, stage rules, merge hooks, ...), so
 * a rule other modules extend reads their contributions without any module-level state.
 */
export interface CallContext {
  tx: Tx;
  registries: Registries;
}

/**
 * Who acts and where: the principal (the signed-in user; `request.auth` over HTTP), the transaction or
 * database the call works in and the registries of the app it runs in (`CallContext`). A service write opens its own transaction, nested (a savepoint) when `tx`
 * already is one, so a caller composes several writes in one transaction by passing it.
 */
export interface ResourceContext extends CallContext {
  auth: AuthContext;
  /**
   * The app's clock (`app.clock`; a route's context has it), for the moments a write keeps (when a
   * status changed); tests move it instead of waiting.
   */
  clock?: Clock;
}

/** The system's own changes (scheduled jobs) have no principal: `auth` null, no scope, no role checks. */
export interface ChangeContext extends CallContext {
  auth: AuthContext | null;
}

/** The context of a call a route makes for its signed-in user (routes without a user have no service calls). */
export function requestContext(
  request: FastifyRequest,
  tx: Tx = request.server.database.db,
): ResourceContext {
  if (!request.auth) throw new Error('A resource call needs the signed-in user');
  return { tx, auth: request.auth, registries: request.server.registries, clock: request.server.clock };
}
