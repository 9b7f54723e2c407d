import { accountsReceivableReport, grossProfitReport } from '@tms/domain';
import { describe, expect, it } from 'vitest';
import { filtersOf, localToday, waterfallBars, withFilter } from './logic';

describe('report filters in the address', () => {
  it('shows the defaults under what the address says', () => {
    const params = new URLSearchParams('groupBy=client&clientId=7&unknown=1');
    expect(filtersOf(grossProfitReport, params, '2026-05-20')).toEqual({
      from: '2026-01-01',
      to: '2026-05-20',
      groupBy: 'client',
      clientId: '7',
    });
  });

  it('keeps a default or an empty value out of the address', () => {
    const params = new URLSearchParams('buckets=15,45&clientId=3');
    const reset = withFilter(accountsReceivableReport, params, '2026-05-20', 'buckets', '30,60,90');
    expect(reset.toString()).toBe('clientId=3');
    expect(withFilter(accountsReceivableReport, reset, '2026-05-20', 'clientId', null).toString()).toBe('');
    expect(withFilter(accountsReceivableReport, reset, '2026-05-20', 'asOf', '2026-03-31').get('asOf')).toBe(
      '2026-03-31',
    );
  });

  it('takes today from the local calendar', () => {
    expect(localToday(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});

describe('waterfall', () => {
  it('floats each step on the running figure and stands subtotals on zero', () => {
    const steps = [
      { category: 'revenue', value: 1500, total: 0 },
      { category: 'variable', value: -800, total: 0 },
      { category: 'mi', value: 700, total: 1 },
      { category: 'overhead', value: -250, total: 0 },
      { category: 'result', value: 450, total: 1 },
    ];
    expect(waterfallBars(steps).map((b) => [b.base, b.rise, b.fall, b.total])).toEqual([
      [0, 1500, 0, 0],
      [700, 0, 800, 0],
      [0, 0, 0, 700],
      [450, 0, 250, 0],
      [0, 0, 0, 450],
    ]);
  });
});
