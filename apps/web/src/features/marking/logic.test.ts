import { describe, expect, it } from 'vitest';
import { codeRefusals, requestStateColor, statusCounts } from './logic';

describe('marking block logic', () => {
  it('names each refused code with its line, in line order, leaving other errors out', () => {
    expect(
      codeRefusals({ 'codes.10': ['b'], 'codes.2': ['a'], tnvedCode: ['x'] }, [
        'c0',
        'c1',
        'c2',
        ...Array(8).fill('z'),
      ]),
    ).toEqual([
      { line: 3, code: 'c2', messages: ['a'] },
      { line: 11, code: 'z', messages: ['b'] },
    ]);
    expect(codeRefusals(null, [])).toEqual([]);
  });

  it('counts codes per status in the statuses’ order', () => {
    expect(statusCounts([{ status: 'APPLIED' }, { status: 'NEW' }, { status: 'APPLIED' }])).toEqual([
      ['NEW', 1],
      ['APPLIED', 2],
    ]);
  });

  it('tells a retrying call from one merely waiting', () => {
    expect(requestStateColor({ state: 'queued', error: null })).toBe('blue');
    expect(requestStateColor({ state: 'queued', error: 'x' })).toBe('orange');
    expect(requestStateColor({ state: 'failed', error: 'x' })).toBe('red');
  });
});
