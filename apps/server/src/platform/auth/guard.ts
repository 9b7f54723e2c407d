import { CABINET_KEY_MESSAGES, ERROR_MESSAGES } from '@tms/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../errors';
import { assertAnyRole } from '../permissions/check';
import type { AuthContext, CabinetPrincipal } from './context';

export type Authenticate = (request: FastifyRequest) => Promise<AuthContext | null>;
export type AuthenticateCabinet = (request: FastifyRequest) => Promise<CabinetPrincipal | null>;

/**
 * Resolves `request.auth` on every request and enforces each route's declared access: `config.public`
 * routes are open, every other route needs a signed-in user holding one of `config.roles` (if any).
 * Declaring access on the route keeps it enumerable for the security suite. A counterparty's cabinet
 * reaches only the `config.cabinet` routes: a kind's are for that cabinet only, `true` ones for every cabinet,
 * `'also'` ones serve staff users and cabinets (the kernel then scopes the cabinet to its counterparty). A user who must change their
 * password reaches only the `config.beforePasswordChange` routes (and the public ones) until they do.
 */
export function registerAuthGuard(
  app: FastifyInstance,
  authenticate: Authenticate,
  authenticateCabinet?: AuthenticateCabinet,
): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('cabinet', null);
  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    // Not found, static files and the browser routes (/logout, /impersonate) handle access themselves.
    if (!url?.startsWith('/api/')) return;
    const config = request.routeOptions.config;
    if (config.public) {
      // Public routes still learn who calls when a valid token is sent (e.g. logout).
      request.auth = await authenticate(request).catch(() => null);
      return;
    }
    request.auth = await authenticate(request);
    if (!request.auth && authenticateCabinet) request.cabinet = await authenticateCabinet(request);
    if (request.cabinet && config.cabinet === 'also') return;
    if (config.cabinet !== undefined && config.cabinet !== 'also') {
      if (request.cabinet) {
        // Another cabinet's door: a contractor's user is no client, whatever his roles are called.
        if (config.cabinet !== true && request.cabinet.cabinetKind !== config.cabinet) {
          throw new HttpError(403, ERROR_MESSAGES.accessDenied);
        }
        // A route of a cabinet's administrator (or its bills) wants that role within the cabinet.
        const wanted = config.cabinetRoles;
        if (wanted?.length && !wanted.some((role) => request.cabinet!.roles.has(role))) {
          throw new HttpError(403, ERROR_MESSAGES.accessDenied);
        }
        // A route for a signed-in person (his keys' management): no API key, whoever's.
        if (config.cabinetSession && request.cabinet.sessionId === null) {
          throw new HttpError(403, CABINET_KEY_MESSAGES.sessionOnly);
        }
        return;
      }
      throw request.auth
        ? new HttpError(403, ERROR_MESSAGES.accessDenied)
        : new HttpError(401, ERROR_MESSAGES.unauthorized);
    }
    if (request.cabinet) throw new HttpError(403, ERROR_MESSAGES.accessDenied);
    const auth = assertAnyRole(request.auth, config.roles);
    if (auth.passwordChangeRequired && !config.beforePasswordChange) {
      throw new HttpError(403, ERROR_MESSAGES.passwordChangeRequired);
    }
  });
}
