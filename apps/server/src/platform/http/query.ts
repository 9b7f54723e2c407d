import { addToTree, emptyTree, MESSAGES } from '@tms/domain';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';
import { ValidationError } from '../errors';

/** The credentials a route's URL may carry besides its own parameters (`config.urlCredential`, decision 004). */
const URL_CREDENTIALS = {
  signedLink: ['bearer', 'signature'],
  socketTicket: ['bearer', 'ticket'],
} as const;

const credential = z.string().max(4096).optional();

/** The schema inside optional, default, nullable and catch wrappers: what parses a value that is given. */
function innermost(schema: z.ZodType): z.ZodType {
  let inner = schema;
  while (
    inner instanceof z.ZodOptional ||
    inner instanceof z.ZodDefault ||
    inner instanceof z.ZodNullable ||
    inner instanceof z.ZodCatch
  ) {
    inner = inner.unwrap() as z.ZodType;
  }
  return inner;
}

/**
 * The query schema of an API route as every route gets it (the app's `onRoute`): an object of named
 * parameters (none when the route declares no query) with the URL credentials its `urlCredential` takes. A
 * number read from a query must be read from its digits (`queryInteger`, `recordIdSchema`): a member parsed
 * as a number any other way stops the server at start-up, since a coerced number reads `0x1` or `1e0` as 1.
 */
export function routeQuery(
  method: string,
  url: string,
  querystring: unknown,
  urlCredential: keyof typeof URL_CREDENTIALS | undefined,
): z.ZodObject {
  const declared = querystring ?? z.object({});
  if (!(declared instanceof z.ZodObject)) {
    throw new Error(`${method} ${url}: the query schema must be an object of named parameters`);
  }
  for (const [name, member] of Object.entries(declared.shape as Record<string, z.ZodType>)) {
    if (innermost(member) instanceof z.ZodNumber) {
      throw new Error(
        `${method} ${url}: query parameter "${name}" must be parsed by queryInteger or recordIdSchema`,
      );
    }
  }
  if (!urlCredential) return declared;
  // A schema with refinements cannot be extended in place; its checks stay with it.
  return declared.safeExtend(
    Object.fromEntries(URL_CREDENTIALS[urlCredential].map((name) => [name, credential])),
  );
}

/** `routeQuery` set on an API route as it is added. */
export function declareRouteQuery(route: RouteOptions): void {
  if (!route.url.startsWith('/api/')) return;
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  route.schema = {
    ...route.schema,
    querystring: routeQuery(
      methods.join(','),
      route.url,
      route.schema?.querystring,
      route.config?.urlCredential,
    ),
  };
}

/** The parameters each query schema declares, read once per schema. */
const declaredNames = new WeakMap<object, ReadonlySet<string>>();

function namesOf(schema: z.ZodObject): ReadonlySet<string> {
  let names = declaredNames.get(schema);
  if (!names) {
    names = new Set(Object.keys(schema.shape));
    declaredNames.set(schema, names);
  }
  return names;
}

/**
 * Refuses a query parameter its API route does not declare with a 400 naming it ("This field was not
 * expected." under the parameter), before the path, body or query are parsed and before anything runs: a
 * misspelt filter or a smuggled flag is never silently dropped. The web sends only what routes declare.
 */
export function registerQueryGuard(app: FastifyInstance): void {
  // A callback hook: an async one costs every request a promise.
  app.addHook('preValidation', (request, _reply, done) => {
    const { url, schema } = request.routeOptions;
    // The API's routes; the browser's navigations (/logout, /impersonate) answer their own way.
    if (!url?.startsWith('/api/')) return done();
    const query = schema?.querystring;
    if (!(query instanceof z.ZodObject)) return done();
    const names = namesOf(query);
    let tree: ReturnType<typeof emptyTree> | undefined;
    for (const name of Object.keys(request.query as object)) {
      if (!names.has(name)) tree = addToTree(tree ?? emptyTree(), [name], MESSAGES.extraField);
    }
    done(tree ? new ValidationError(tree) : undefined);
  });
}
