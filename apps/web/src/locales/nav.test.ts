// The menu of packages/domain (NAV_CATALOGUE) is translated in both languages. Here, not in the domain
// package: the domain imports nothing from the apps.
import { navKeys } from '@tms/domain';
import { describe, expect, it } from 'vitest';
import en from './en/nav.json';
import ru from './ru/nav.json';

describe('navigation translations', () => {
  it.each([
    ['ru', ru],
    ['en', en],
  ])('has every key translated in %s/nav.json', (_lang, json) => {
    for (const key of navKeys()) {
      const value = key
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], json);
      expect(typeof value, key).toBe('string');
      expect((value as string).trim(), key).not.toBe('');
    }
  });
});
