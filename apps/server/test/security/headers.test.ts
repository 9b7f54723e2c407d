import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../src/test/harness';
import { signIn } from '../../src/test/users';

type Injected = Awaited<ReturnType<TestContext['app']['inject']>>;

/**
 * Headers: every answer, whatever produced it, tells the browser not to run injected or foreign scripts,
 * not to be framed by another site, not to sniff types, not to leak the URL as a referrer, not to hand out
 * powerful features; and to use TLS only once it was reached over TLS.
 */
describe('security headers', () => {
  let ctx: TestContext;
  const webDir = mkdtempSync(path.join(tmpdir(), 'tms-web-'));
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>TMS</title>');
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'assets', 'app-1234.js'), 'console.log(1)');

  beforeAll(async () => {
    ctx = await createTestApp({ webDir, trustProxy: '127.0.0.1' });
  });
  afterAll(() => ctx.close());

  function expectHardened(res: Injected, what: string) {
    const csp = String(res.headers['content-security-policy']);
    const directives = new Map(
      csp.split(';').map((part) => {
        const [name, ...values] = part.trim().split(/\s+/);
        return [name!, values] as const;
      }),
    );
    expect(directives.get('default-src'), what).toEqual(["'self'"]);
    expect(directives.get('script-src'), what).toEqual(["'self'"]);
    expect(directives.get('script-src-attr'), what).toEqual(["'none'"]);
    expect(directives.get('style-src'), what).toEqual(["'self'", "'unsafe-inline'"]);
    expect(directives.get('object-src'), what).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors'), what).toEqual(["'none'"]);
    expect(res.headers['x-frame-options'], what).toBe('DENY');
    expect(res.headers['referrer-policy'], what).toBe('no-referrer');
    expect(res.headers['x-content-type-options'], what).toBe('nosniff');
    expect(res.headers['permissions-policy'], what).toMatch(/(^|, )camera=\(\)(,|$)/);
    expect(res.headers['x-powered-by'], what).toBeUndefined();
  }

  it('hardens every kind of answer: API, its errors, static files, the app shell, the unknown', async () => {
    const { headers } = await signIn(ctx, []);
    const answers: Array<[string, Injected, number]> = [
      ['API', await ctx.app.inject({ method: 'GET', url: '/api/health' }), 200],
      ['signed-in API', await ctx.app.inject({ method: 'GET', url: '/api/system', headers }), 200],
      ['no token', await ctx.app.inject({ method: 'GET', url: '/api/system' }), 401],
      ['forbidden', await ctx.app.inject({ method: 'GET', url: '/api/settings/users', headers }), 403],
      [
        'bad JSON',
        await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { 'content-type': 'application/json' },
          payload: '{"username":',
        }),
        400,
      ],
      ['unknown API path', await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing' }), 404],
      [
        'malformed URL',
        await ctx.app.inject({ method: 'GET', url: '/api/settings/countries/%E0%A4%A' }),
        400,
      ],
      ['static file', await ctx.app.inject({ method: 'GET', url: '/assets/app-1234.js' }), 200],
      ['app shell', await ctx.app.inject({ method: 'GET', url: '/tms/orders/42' }), 200],
      ['API docs', await ctx.app.inject({ method: 'GET', url: '/api/docs/' }), 200],
    ];
    for (const [what, res, status] of answers) {
      expect(res.statusCode, what).toBe(status);
      expectHardened(res, what);
    }
  });

  it('does not pin plain HTTP to TLS, nor believe an X-Forwarded-Proto from a client that is no proxy', async () => {
    const plain = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const forged = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
  });

  it('pins TLS for a request that came over TLS through the trusted proxy', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expectHardened(res, 'over TLS');
  });

  it('pins TLS on every answer when the configuration says the server is reached only over TLS', async () => {
    const tls = await createTestApp({ hsts: true });
    try {
      for (const url of ['/api/health', '/api/system', '/api/no-such-thing']) {
        const res = await tls.app.inject({ method: 'GET', url });
        expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      }
    } finally {
      await tls.close();
    }
  });
});
