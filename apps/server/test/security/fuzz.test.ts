import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../src/test/harness';
import { signIn } from '../../src/test/users';

/**
 * Every operation of the OpenAPI document gets generated queries, path parameters and bodies: some valid
 * by its schema, some not. Whatever comes, the answer is never a 5xx, a 400 is always the contract's
 * Validation Failed tree, and no body leaks a stack trace or SQL.
 */
// The quick form (npm test) tries ten inputs per operation: with some 900 operations it was a third of the
// security lane at 25; `npm run test:security` tries 200.
const RUNS = process.env.SECURITY_QUICK ? 10 : 200;

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  format?: string;
};

const nasty = fc.constantFrom(
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '\u0000',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 😀',
  'x'.repeat(5000),
  '-1',
  '1e309',
  'NaN',
  '2025-13-45',
);

/** Values shaped by the schema (mostly valid), with a share of hostile strings mixed in. */
function arbitraryOf(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.jsonValue({ maxDepth: 2 });
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((s) => arbitraryOf(s, depth + 1)));
  if (schema.allOf?.length) return arbitraryOf(schema.allOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'date')
        return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
      if (schema.format === 'email') return fc.emailAddress();
      return fc.oneof(
        {
          weight: 4,
          arbitrary: fc.string({
            minLength: schema.minLength ?? 0,
            maxLength: Math.min(schema.maxLength ?? 40, 80),
          }),
        },
        { weight: 1, arbitrary: nasty },
      );
    case 'integer':
      return fc.integer({
        min: schema.minimum ?? -1000,
        max: Math.min(schema.maximum ?? 1_000_000, 2_147_483_647),
      });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(arbitraryOf(schema.items, depth + 1), { maxLength: 4 });
    case 'object': {
      const properties = schema.properties ?? {};
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, prop] of Object.entries(properties)) model[name] = arbitraryOf(prop, depth + 1);
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((k) => k in model) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

const hostile = fc.oneof(fc.anything({ maxDepth: 3 }), nasty, fc.constant(null), fc.integer());

interface Operation {
  method: string;
  path: string;
  parameters: { name: string; in: string; schema?: Schema }[];
  body?: Schema;
}

interface OpenApiOperation {
  parameters?: Operation['parameters'];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

function operationsOf(doc: { paths: Record<string, Record<string, OpenApiOperation>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      ops.push({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        body: op.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return ops;
}

const LEAKS =
  /(\bat [\w.<>]+ \(|node_modules|\bSELECT\b|\bINSERT INTO\b|\bUPDATE\b.*\bSET\b|syntax error|violates|stack)/i;

// The document is read at collection time so each operation is its own test with its own time limit.
const ctx: TestContext = await createTestApp();
const headers = (await signIn(ctx, ['ROLE_ADMIN'])).headers;
const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
// Signing out would end the fuzzer's own session; it is covered by the auth tests.
const operations = operationsOf(doc).filter((op) => !op.path.endsWith('/auth/logout'));

describe('fuzzing every operation of the OpenAPI document', () => {
  afterAll(() => ctx.close());

  it('finds the documented operations', () => {
    expect(operations.length).toBeGreaterThan(20);
  });

  for (const op of operations) {
    it(`${op.method} ${op.path}: never 5xx, 400 is the tree, nothing leaks`, async () => {
      const problems: string[] = [];
      const pathParams = op.parameters.filter((p) => p.in === 'path');
      const queryParams = op.parameters.filter((p) => p.in === 'query');
      const input = fc.record({
        path: fc.tuple(...pathParams.map((p) => fc.oneof(arbitraryOf(p.schema), hostile))),
        query: fc.record(
          Object.fromEntries(
            queryParams.map((p) => [
              p.name,
              fc.oneof({ weight: 3, arbitrary: arbitraryOf(p.schema) }, hostile),
            ]),
          ),
          { requiredKeys: [] },
        ),
        body: op.body
          ? fc.oneof({ weight: 3, arbitrary: arbitraryOf(op.body) }, hostile)
          : fc.constant(undefined),
      });
      await fc.assert(
        fc.asyncProperty(input, async ({ path, query, body }) => {
          let url = op.path;
          pathParams.forEach((p, i) => {
            url = url.replace(`{${p.name}}`, encodeURIComponent(String(path[i])));
          });
          const search = new URLSearchParams();
          for (const [k, v] of Object.entries(query)) {
            search.set(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
          }
          const res = await ctx.app.inject({
            method: op.method as 'GET',
            url: search.size ? `${url}?${search}` : url,
            headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
            payload: body === undefined ? undefined : JSON.stringify(body),
          });
          const where = `${res.statusCode} ${url.slice(0, 80)} ${res.body.slice(0, 200)}`;
          if (res.statusCode >= 500) problems.push(where);
          else if (res.statusCode === 400) {
            const json = res.json();
            if (json.code !== 400 || typeof json.message !== 'string') problems.push(`bad 400: ${where}`);
            if (json.message === 'Validation Failed' && !Array.isArray(json.errors?.errors)) {
              problems.push(`tree missing: ${where}`);
            }
          }
          if (res.statusCode >= 400 && LEAKS.test(res.body)) problems.push(`leak: ${where}`);
          return true;
        }),
        { numRuns: RUNS, seed: 20251126 },
      );
      expect(problems.slice(0, 5)).toEqual([]);
    });
  }
});
