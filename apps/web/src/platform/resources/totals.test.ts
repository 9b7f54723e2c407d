import { describe, expect, it } from 'vitest';
import { pagerRecords, totalText } from './totals';

const page = (rows: number, total: number, totalKind?: 'exact' | 'atLeast' | 'estimate') => ({
  collection: Array.from({ length: rows }),
  total,
  totalKind,
});

describe('list totals', () => {
  it('keeps "next" while a lower bound or an estimate comes back with full pages', () => {
    expect(pagerRecords(page(50, 1000, 'atLeast'), 1, 50)).toBe(1001);
    expect(pagerRecords(page(50, 1000, 'atLeast'), 20, 50)).toBe(1001);
    expect(pagerRecords(page(50, 1050, 'atLeast'), 21, 50)).toBe(1051);
    expect(pagerRecords(page(50, 120_000, 'estimate'), 3, 50)).toBe(120_001);
    expect(pagerRecords(page(7, 1007), 21, 50)).toBe(1007);
    expect(pagerRecords(page(3, 3, 'exact'), 1, 50)).toBe(3);
    expect(pagerRecords(undefined, 1, 50)).toBe(0);
  });

  it('writes a lower bound with a plus and an estimate with ≈, in the reader’s number format', () => {
    expect(totalText({ total: 1000, totalKind: 'atLeast' }, 'ru')).toBe('1\u00a0000+');
    expect(totalText({ total: 1000, totalKind: 'atLeast' }, 'en')).toBe('1,000+');
    expect(totalText({ total: 12_300, totalKind: 'estimate' }, 'en')).toBe('≈ 12,300');
    expect(totalText({ total: 42 }, 'ru')).toBe('42');
  });
});
