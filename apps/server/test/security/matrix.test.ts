import { CABINET_KEY_ROLES } from '@tms/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../../src/app';
import { counterparties } from '../../src/modules/counterparties/tables';
import { countries } from '../../src/modules/reference-data/tables';
import { apiKeyHash } from '../../src/platform/auth/api-key';
import { createTestApp, type TestContext } from '../../src/test/harness';
import { signIn } from '../../src/test/users';

/**
 * The role × endpoint matrix: every registered API route, called anonymously (401), by a signed-in user
 * holding none of its roles (403), and by users holding exactly one of its roles each (access granted:
 * anything but 401/403, and never a 5xx). Path parameters are a plausible id; bodies are empty, so a
 * granted write answers 400 without changing anything. Cabinet routes (a counterparty's `X-Api-Key`) are a
 * world of their own: no staff user reaches them, and a cabinet key reaches nothing else.
 */

/** Routes open to every signed-in user whose answer also depends on the record asked for. */
const OBJECT_LEVEL: Record<string, string> = {
  'POST /api/users/:id/password': "own password, or another's with ROLE_USER_EDIT (tested in modules/users)",
  'GET /api/file-management/files/:id':
    'readable by uploader or by readers of the owning record (404 otherwise)',
  'GET /api/file-management/files/:id/download': 'as the file metadata',
};

/** Routes that need a role of another resource besides one of their own, held with each of theirs. */
const ALSO_NEEDS: Record<string, string[]> = {
  'GET /api/data-import/initiator/order/:id': ['ROLE_ORDER_EDIT_ALL'],
  // A counterparty's cabinet users are managed within the counterparties the user may read.
  'GET /api/counterparties/:id/cabinet-users': ['ROLE_COUNTERPARTY_VIEW_ALL'],
  'POST /api/counterparties/:id/cabinet-users/:userId/reset': ['ROLE_COUNTERPARTY_VIEW_ALL'],
  'GET /api/counterparties/:id/cabinet-users/:userId/api-keys': ['ROLE_COUNTERPARTY_VIEW_ALL'],
  'DELETE /api/counterparties/:id/cabinet-users/:userId/api-keys/:keyId': ['ROLE_COUNTERPARTY_VIEW_ALL'],
};

/** Cabinet users' keys are managed from a signed-in session only: any API key is refused there (403). */
const SESSION_ONLY = /^\/api\/(pcc|ops|carrier)\/(me|users\/:id)\/api-keys/;

const key = (route: RegisteredRoute) => `${route.method} ${route.url}`;
const urlOf = (route: RegisteredRoute) => route.url.replace(/:(\w+)/g, '999999');

describe('role × endpoint matrix', () => {
  let ctx: TestContext;
  let routes: RegisteredRoute[];
  const headersByRole = new Map<string, Promise<Record<string, string>>>();

  const headersFor = (roles: string[]) => {
    const k = roles.join(',');
    let headers = headersByRole.get(k);
    if (!headers) {
      headers = signIn(ctx, roles).then((s) => s.headers);
      headersByRole.set(k, headers);
    }
    return headers;
  };

  const call = async (route: RegisteredRoute, headers: Record<string, string> = {}) => {
    const withBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
    return ctx.app.inject({
      method: route.method as 'GET',
      url: urlOf(route),
      headers: withBody ? { ...headers, 'content-type': 'application/json' } : headers,
      payload: withBody ? '{}' : undefined,
    });
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    routes = ctx.app.routeTable.filter((r) => !r.public && !r.websocket && !r.cabinet);
  });
  afterAll(() => ctx.close());

  it('covers the product: the registered routes include sign-in, system and resources', () => {
    const all = ctx.app.routeTable.map(key);
    expect(all).toContain('POST /api/auth/login');
    expect(all).toContain('GET /api/system');
    expect(routes.length).toBeGreaterThan(20);
  });

  it('refuses every protected route to an anonymous caller with 401', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const res = await call(route);
      if (res.statusCode !== 401) wrong.push(`${key(route)} → ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses every role-guarded route with 403 to a user holding none of its roles', async () => {
    const headers = await headersFor([]);
    const wrong: string[] = [];
    for (const route of routes.filter((r) => r.roles.length > 0)) {
      const res = await call(route, headers);
      if (res.statusCode !== 403) wrong.push(`${key(route)} → ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  // A call per route and role, about 8 s on an idle machine; the limit guards against a hang, not a slow
  // machine (the full run starves it beside the API and browser tests).
  it('grants every route to a user holding any one of its roles, and open routes to every user', {
    timeout: 600_000,
  }, async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      if (route.roles.length === 0 && OBJECT_LEVEL[key(route)]) continue;
      const also = ALSO_NEEDS[key(route)] ?? [];
      const roleSets = route.roles.length ? route.roles.map((role) => [role, ...also]) : [also];
      for (const roles of roleSets) {
        const res = await call(route, await headersFor(roles));
        if ([401, 403].includes(res.statusCode) || res.statusCode >= 500) {
          wrong.push(`${key(route)} as [${roles.join(',')}] → ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('grants every route to the administrator', async () => {
    const headers = await headersFor(['ROLE_ADMIN']);
    const wrong: string[] = [];
    for (const route of routes) {
      const res = await call(route, headers);
      if ([401, 403].includes(res.statusCode) || res.statusCode >= 500)
        wrong.push(`${key(route)} → ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('keeps the cabinets apart: staff users never reach cabinet routes, a cabinet key nothing else', async () => {
    const cabinetRoutes = ctx.app.routeTable.filter((r) => r.cabinet);
    expect(cabinetRoutes.map(key)).toContain('GET /api/cabinet/counterparty');
    expect(cabinetRoutes.map(key)).toEqual(
      expect.arrayContaining(['GET /api/pcc/me', 'GET /api/ops/me', 'GET /api/carrier/me']),
    );
    const [country] = await ctx.database.db.select().from(countries).where(eq(countries.code, 'RU'));
    const keyOf = async (name: string, types: { client: boolean; contractor: boolean }) => {
      const apiKey = `tmsc_matrix-test-key-of-${name}`;
      await ctx.database.db.insert(counterparties).values({
        name,
        ...types,
        countryId: country!.id,
        apiKeyHash: apiKeyHash(apiKey),
        apiAllowedIps: ['127.0.0.1'],
      });
      return { 'x-api-key': apiKey };
    };
    // A client and contractor at once opens every cabinet; a client alone only his.
    const cabinet = await keyOf('both', { client: true, contractor: true });
    const clientOnly = await keyOf('client', { client: true, contractor: false });
    const wrong: string[] = [];
    for (const route of cabinetRoutes) {
      const anonymous = await call(route);
      if (anonymous.statusCode !== 401) wrong.push(`${key(route)} anonymous → ${anonymous.statusCode}`);
      const admin = await call(route, await headersFor(['ROLE_ADMIN']));
      if (admin.statusCode !== 403) wrong.push(`${key(route)} as administrator → ${admin.statusCode}`);
      if (route.cabinetKind && route.cabinetKind !== 'client') {
        const other = await call(route, clientOnly);
        if (other.statusCode !== 403) wrong.push(`${key(route)} as another cabinet → ${other.statusCode}`);
      }
      const granted = await call(route, cabinet);
      // A route wanting a role within the cabinet the key does not hold (its users' administration) refuses it.
      const keyRoles: readonly string[] = CABINET_KEY_ROLES[route.cabinetKind ?? 'client'];
      const keyHolds =
        route.cabinetRoles.length === 0 || route.cabinetRoles.some((role) => keyRoles.includes(role));
      if (!keyHolds || SESSION_ONLY.test(route.url)) {
        if (granted.statusCode !== 403)
          wrong.push(`${key(route)} as a key lacking its role → ${granted.statusCode}`);
      } else if ([401, 403].includes(granted.statusCode) || granted.statusCode >= 500) {
        wrong.push(`${key(route)} as its cabinet → ${granted.statusCode}`);
      }
    }
    for (const route of routes) {
      const res = await call(route, cabinet);
      // A route open to cabinets too lets it in, and the kernel finds nothing of another counterparty there.
      const refused = route.cabinetAlso ? [403, 404].includes(res.statusCode) : res.statusCode === 403;
      if (!refused) wrong.push(`${key(route)} as a cabinet → ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });
});
