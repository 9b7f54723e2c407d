import { emptyTree, REQUEST_MESSAGES } from '@tms/domain';
import type { FastifyInstance } from 'fastify';
import { ValidationError } from '../errors';

/** Deepest nesting of objects and arrays a JSON body may have; no form of the product comes near it. */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether JSON text nests objects and arrays deeper than `limit`, read in one pass without parsing, so a
 * hostile body is refused before anything recurses over it (the parser, the schemas, the handlers).
 */
export function nestedDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/**
 * The JSON body parser of every route: Fastify's own (which refuses `__proto__` and `constructor`
 * poisoning) behind the depth check; a body nested deeper than MAX_JSON_DEPTH is the Validation Failed tree.
 */
export function registerJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (nestedDeeperThan(body as string, MAX_JSON_DEPTH)) {
      const tree = emptyTree();
      tree.errors.push(REQUEST_MESSAGES.tooDeep);
      done(new ValidationError(tree), undefined);
      return;
    }
    parse(request, body as string, done);
  });
}
