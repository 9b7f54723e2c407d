import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declarationProblems } from '../../test/declarations';
import { createTestApp, type TestContext } from '../../test/harness';

/**
 * The Drizzle table and the declaration of every registered resource cannot drift: every member is a column
 * unless the resource declares it `virtual` (or computes its entity), each entity member that is a column has
 * the column's kind, a nullable column is nullable in the entity, and each create member is a column of that
 * kind. (A service refuses to start with a member without a column; this names every problem at once.)
 */
describe('every registered resource: its table matches its declaration', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx?.close());

  it('has resources to check', () => {
    expect(ctx.app.registries.resources.all().length).toBeGreaterThan(30);
  });

  it('entity and create members agree with their columns', () => {
    const problems = ctx.app.registries.resources
      .all()
      .flatMap(({ descriptor, table, service }) => declarationProblems(descriptor, table, service.options));
    expect(problems).toEqual([]);
  });
});
