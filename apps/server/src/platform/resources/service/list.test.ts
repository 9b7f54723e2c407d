import { describe, expect, it } from 'vitest';
import { byIdObject } from './list';

describe('byIdObject', () => {
  it('answers the JSON of a plain object whatever the order the ids come in', () => {
    const ids = [977, 3, 512, 40, 1, 9999, 250, 2, 100_000, 731];
    const plain: Record<number, string | null> = {};
    const made = byIdObject();
    for (const id of ids) {
      plain[id] = id === 40 ? null : `record ${id}`;
      made[id] = id === 40 ? null : `record ${id}`;
    }
    expect(JSON.stringify(made)).toBe(JSON.stringify(plain));
    expect(Object.keys(made)).toEqual([...ids].sort((a, b) => a - b).map(String));
    expect(made[512]).toBe('record 512');
    expect(JSON.stringify(byIdObject())).toBe('{}');
  });
});
