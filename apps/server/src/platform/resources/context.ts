import type { FastifyRequest } from 'fastify';
import type { Tx } from '../../db/connection';
import { requestDb } from '../auth/cabinet-wall';
import {
  actingUserId,
  type Principal,
  principalOf,
  type SystemPrincipal,
  systemPrincipal,
} from '../auth/context';
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
 * Who acts and where: the principal (a staff user, a cabinet or the system: `asSystem`), the transaction or
 * database the call works in and the registries of the app it runs in (`CallContext`). The kernel checks the
 * principal's roles and applies its scope whoever calls. A service write opens its own transaction, nested
 * (a savepoint) when `tx` already is one, so a caller composes several writes in one transaction by passing it.
 */
export interface ResourceContext extends CallContext {
  auth: Principal;
  /**
   * The app's clock (`app.clock`; a route's context has it), for the moments a write keeps (when a
   * status changed); tests move it instead of waiting.
   */
  clock?: Clock;
}

/** A change the kernel logs: the same context; the system's changes carry the system principal. */
export type ChangeContext = ResourceContext;

/**
 * The same call made by the system, for work the product does on its own (a scheduled job, a rule reacting
 * to a change): it passes every role check and scope, and the change log shows the system and `reason`
 * (a stable key the web translates: `changelog:reasons.<reason>`). Called in a user's context, the user
 * stays named as the one whose action set it off (`SystemPrincipal.userId`; or the `userId` given). Never a way to lend roles to a
 * user: the user's own checks come first, in the caller.
 */
export function asSystem<C extends CallContext & { auth?: Principal }>(
  ctx: C,
  reason: string,
  userId: number | null = ctx.auth ? actingUserId(ctx.auth) : null,
): C & { auth: SystemPrincipal } {
  return { ...ctx, auth: systemPrincipal(reason, userId) };
}

/** The context of a call a route makes for its caller: the signed-in user or the cabinet. */
export function requestContext(request: FastifyRequest, tx: Tx = requestDb(request)): ResourceContext {
  return {
    tx,
    auth: principalOf(request),
    registries: request.server.registries,
    clock: request.server.clock,
  };
}
