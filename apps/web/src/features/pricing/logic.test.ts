import { describe, expect, it } from 'vitest';
import { columnLabel, columnLetter, mappingBody } from './logic';

describe('the import mapping step', () => {
  it('names columns by their spreadsheet letters', () => {
    expect([1, 2, 26, 27, 52, 703].map(columnLetter)).toEqual(['A', 'B', 'Z', 'AA', 'AZ', 'AAA']);
    expect(columnLabel({ index: 3, title: 'Вес до, кг' })).toBe('C · Вес до, кг');
  });

  it('sends every field, the unmapped ones as null', () => {
    expect(mappingBody({ toRegion: 2, price: 5 })).toEqual({
      fromRegion: null,
      toRegion: 2,
      weightBreak: null,
      volumeBreak: null,
      price: 5,
      currency: null,
    });
  });
});
