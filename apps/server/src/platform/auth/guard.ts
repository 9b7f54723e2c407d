import type { FastifyInstance, FastifyRequest } from 'fastify';
import { assertAnyRole } from '../permissions/check';
import type { AuthContext } from './context';

export type Authenticate = (request: FastifyRequest) => Promise<AuthContext | null>;

/**
 * Resolves `request.auth` on every request and enforces each route's declared access: `config.public`
 * routes are open, every other route needs a signed-in user holding one of `config.roles` (if any).
 * Declaring access on the route keeps it enumerable for the security suite.
 */
export function registerAuthGuard(app: FastifyInstance, authenticate: Authenticate): void {
  app.decorateRequest('auth', null);
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
    assertAnyRole(request.auth, config.roles);
  });
}
