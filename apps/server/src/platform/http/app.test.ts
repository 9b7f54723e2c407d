import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createTestApp, type TestContext } from '../../test/harness';
import { loggerOptions } from './logging';

describe('HTTP platform', () => {
  let ctx: TestContext;
  const webDir = mkdtempSync(path.join(tmpdir(), 'tms-web-'));
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>TMS</title>');
  // A built asset with the compressed copies the web build writes beside it.
  const script = `export const shell = ${JSON.stringify('x'.repeat(4000))};`;
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'assets', 'index-abc.js'), script);
  writeFileSync(path.join(webDir, 'assets', 'index-abc.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(webDir, 'assets', 'index-abc.js.gz'), gzipSync(script));

  beforeAll(async () => {
    ctx = await createTestApp({ webDir });
  });
  afterAll(() => ctx.close());

  it('answers health without a token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { status: 'ok' } });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('logs one line per request: its id, route, status and time', async () => {
    const lines: string[] = [];
    const logged = await buildApp({
      config: ctx.config,
      database: ctx.database,
      logger: { ...loggerOptions('info'), stream: { write: (line: string) => lines.push(line) } },
    });
    try {
      const res = await logged.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': 'r-1' },
      });
      expect(res.statusCode).toBe(200);
      expect(lines.map((line) => JSON.parse(line))).toEqual([
        expect.objectContaining({
          level: 30,
          reqId: 'r-1',
          method: 'GET',
          route: '/api/health',
          url: '/api/health',
          status: 200,
          ms: expect.any(Number),
        }),
      ]);
    } finally {
      await logged.close();
    }
  });

  it('answers unknown API paths with the contract 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, message: 'Not found.' });
  });

  it('serves the web app for any other path (history routing)', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/tms/orders/42?x=1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<title>TMS</title>');
  });

  it('sends an asset compressed as the browser accepts it, cached for good', async () => {
    const url = '/assets/index-abc.js';
    const brotli = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(brotli.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);
    const gzip = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('publishes the OpenAPI document and Swagger UI', async () => {
    const json = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    expect(json.json().openapi).toMatch(/^3\./);
    const ui = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
  });

  it('answers malformed JSON with a Validation Failed body and no internals', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect([400, 404]).toContain(res.statusCode);
    expect(res.body).not.toMatch(/at .*\.js|stack/i);
  });

  it('answers an overlong path parameter in the contract shape without echoing it', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/settings/countries/${'9'.repeat(300)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ code: 414, message: 'The request URI is too long.' });
  });

  it('refuses NUL characters in any input with the Validation Failed tree', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'a\u0000b', password: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.children.username.errors).toEqual(['This value is not valid.']);
  });
});
