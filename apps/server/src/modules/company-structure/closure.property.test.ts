import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';
import { type SignedIn, signIn } from '../../test/users';
import { storedPaths, walkedPaths } from './paths';

const BASE = '/api/company-structure/tree-structure/items';
const KINDS = ['block', 'department', 'position'] as const;

let ctx: TestContext;
let admin: SignedIn;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signIn(ctx, ['ROLE_ADMIN']);
});
afterAll(async () => {
  await ctx?.close();
});

/** A step: add a node under a picked one (or at the top), or move a picked node under another (or the top). */
const step = fc.oneof(
  fc.record({
    kind: fc.constant('add' as const),
    nodeKind: fc.constantFrom(...KINDS),
    parent: fc.option(fc.nat()),
  }),
  fc.record({ kind: fc.constant('move' as const), node: fc.nat(), parent: fc.option(fc.nat()) }),
);

describe('the closure of the structure', () => {
  it('equals the recursive walk of the parents after any sequence of adds and moves', async () => {
    const ids: number[] = [];
    const pick = (n: number | null) => (n === null || ids.length === 0 ? null : ids[n % ids.length]!);
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        for (const s of steps) {
          const parentId = pick(s.parent);
          if (s.kind === 'add') {
            const res = await ctx.app.inject({
              method: 'POST',
              url: BASE,
              headers: admin.headers,
              payload: { kind: s.nodeKind, name: `N${ids.length}`, parentId, userIds: [] },
            });
            // A kind placed where it may not stand is refused (400); the rest are new nodes.
            expect([201, 400]).toContain(res.statusCode);
            if (res.statusCode === 201) ids.push(res.json().data.id);
          } else if (ids.length) {
            const res = await ctx.app.inject({
              method: 'POST',
              url: `${BASE}/${pick(s.node)}/move`,
              headers: admin.headers,
              payload: { parentId },
            });
            expect([200, 400]).toContain(res.statusCode);
          }
        }
        expect(await storedPaths(ctx.database.db)).toEqual(await walkedPaths(ctx.database.db));
      }),
      { numRuns: 25, seed: 20261207 },
    );
    // The runs did move nodes, not only refuse: some node is deeper than the top level's children.
    expect((await storedPaths(ctx.database.db)).some((key) => Number(key.split(':')[2]) >= 2)).toBe(true);
  });
});
