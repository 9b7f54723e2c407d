import { queryInteger, recordIdSchema } from '@tms/domain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { routeQuery } from './query';

describe('the query schema every API route gets', () => {
  it('stops the server at start-up on a number a query would read leniently', () => {
    for (const member of [z.coerce.number(), z.coerce.number().int().optional(), z.number().default(1)]) {
      expect(() => routeQuery('GET', '/api/x', z.object({ limit: member }), undefined)).toThrow(
        'GET /api/x: query parameter "limit" must be parsed by queryInteger or recordIdSchema',
      );
    }
    expect(() => routeQuery('GET', '/api/x', z.string(), undefined)).toThrow('an object of named parameters');
  });

  it('declares no parameter for a route without a query, and the URL credentials its route takes', () => {
    expect(Object.keys(routeQuery('GET', '/api/x', undefined, undefined).shape)).toEqual([]);
    const query = z.object({ page: queryInteger(1, 10).default(1), id: recordIdSchema.optional() });
    expect(Object.keys(routeQuery('GET', '/api/x', query, 'signedLink').shape)).toEqual([
      'page',
      'id',
      'bearer',
      'signature',
    ]);
    expect(Object.keys(routeQuery('GET', '/api/x', query, 'socketTicket').shape)).toEqual([
      'page',
      'id',
      'bearer',
      'ticket',
    ]);
  });

  it('keeps the refinements of a query it adds credentials to', () => {
    const query = z.object({ a: z.string().optional() }).refine((q) => q.a !== undefined);
    const extended = routeQuery('GET', '/api/x', query, 'signedLink');
    expect(extended.safeParse({}).success).toBe(false);
    expect(extended.safeParse({ a: 'x', signature: 's' }).success).toBe(true);
  });
});
