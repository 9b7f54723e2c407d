import { describe, expect, it } from 'vitest';
import { allMessages, itemsOf, treeOfFormErrors } from './logic';

describe('custom field widget logic', () => {
  it('turns react-hook-form errors into a tree', () => {
    expect(
      treeOfFormErrors({
        a: { message: 'A', type: 'server' },
        rows: [undefined, { name: { message: 'N' } }],
      }),
    ).toEqual({
      errors: [],
      children: {
        a: { errors: ['A'], children: {} },
        rows: {
          errors: [],
          children: { 1: { errors: [], children: { name: { errors: ['N'], children: {} } } } },
        },
      },
    });
    expect(treeOfFormErrors(undefined)).toBeUndefined();
  });

  it('collects nested messages', () => {
    expect(allMessages({ errors: ['x'], children: { 0: { errors: ['y'], children: {} } } })).toEqual([
      'x',
      'y',
    ]);
  });

  it('reads arrays and contract lists', () => {
    expect(itemsOf([{ id: 1 }])).toEqual([{ id: 1 }]);
    expect(itemsOf({ collection: [{ id: 2 }], total: 1 })).toEqual([{ id: 2 }]);
    expect(itemsOf(null)).toEqual([]);
  });
});
