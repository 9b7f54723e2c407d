import { recordIdSchema } from '@tms/domain';
import { z } from 'zod';

/**
 * The path parameters of a route that are record ids, i.e. parsed by `recordIdSchema` (decimal digits only).
 * A path parameter parsed as a number in any other way refuses the route at start-up: a coerced number
 * would read `0x1`, `1e0`, ` 1` or `+1` as record 1.
 */
export function recordIdParams(method: string, url: string, params: unknown): string[] {
  if (!(params instanceof z.ZodObject)) return [];
  const ids: string[] = [];
  for (const [name, schema] of Object.entries(params.shape as Record<string, unknown>)) {
    if (schema === recordIdSchema) ids.push(name);
    else if (schema instanceof z.ZodNumber) {
      throw new Error(`${method} ${url}: path parameter "${name}" must be parsed by recordIdSchema`);
    }
  }
  return ids;
}
