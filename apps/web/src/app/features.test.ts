import { describe, expect, it } from 'vitest';
import { featureRoutes } from './features';

describe('feature routes', () => {
  it('registers every path once', () => {
    const paths = featureRoutes.map((route) => route.path);
    const repeated = paths.filter((path, index) => paths.indexOf(path) !== index);
    expect(repeated).toEqual([]);
  });
});
