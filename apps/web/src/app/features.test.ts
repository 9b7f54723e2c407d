import { NAV_CATALOGUE, type NavEntry } from '@tms/domain';
import { describe, expect, it } from 'vitest';
import { featureRoutes } from './features';

const menuRoutes = (entries: readonly NavEntry[]): string[] =>
  entries.flatMap((entry) => [...(entry.route ? [entry.route] : []), ...menuRoutes(entry.children ?? [])]);

describe('feature routes', () => {
  it('registers every path once', () => {
    const paths = featureRoutes.map((route) => route.path);
    const repeated = paths.filter((path, index) => paths.indexOf(path) !== index);
    expect(repeated).toEqual([]);
  });

  it('serves every screen of the menu, whichever context holds it', () => {
    const paths = new Set(featureRoutes.map((route) => `/${route.path}`));
    expect(menuRoutes(NAV_CATALOGUE).filter((route) => !paths.has(route))).toEqual([]);
  });
});
