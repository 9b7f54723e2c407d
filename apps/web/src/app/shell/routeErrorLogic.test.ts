import { describe, expect, it } from 'vitest';
import { isChunkLoadError, takeReloadAttempt } from './routeErrorLogic';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

describe('route errors', () => {
  it('tells a failed chunk load from other errors', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError({ status: 404 })).toBe(false);
  });

  it('reloads by itself once per path and minute', () => {
    const storage = memoryStorage();
    expect(takeReloadAttempt(storage, '/tms/orders', 1_000)).toBe(true);
    expect(takeReloadAttempt(storage, '/tms/orders', 30_000)).toBe(false);
    expect(takeReloadAttempt(storage, '/tms/jobs', 31_000)).toBe(true);
    expect(takeReloadAttempt(storage, '/tms/jobs', 100_000)).toBe(true);
  });
});
