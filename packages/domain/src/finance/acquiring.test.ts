import { describe, expect, it } from 'vitest';
import { acquiringCommission, acquiringNet, acquiringResource } from './acquiring';

describe('acquiring commission', () => {
  it('is gross × rate ÷ 100, rounded half away from zero to kopecks, in decimals', () => {
    expect(acquiringCommission('1234.56', '1.9')).toBe('23.46'); // 23.45664
    expect(acquiringCommission('1000.00', '2.5')).toBe('25.00');
    expect(acquiringCommission('0.10', '5')).toBe('0.01'); // 0.005 rounds up
    expect(acquiringCommission('0.10', '4.9999')).toBe('0.00');
    expect(acquiringCommission('99999999.99', '1.75')).toBe('1750000.00');
    expect(acquiringNet('1234.56', '23.46')).toBe('1211.10');
  });

  it('takes a rate from 0 to 100 with at most four decimals', () => {
    const rate = acquiringResource.create.shape.commissionRate;
    expect(rate.safeParse('1.8').success).toBe(true);
    expect(rate.safeParse('100').success).toBe(true);
    for (const bad of ['1,8', '100.01', '-1', '1.23456', 'abc'])
      expect(rate.safeParse(bad).success).toBe(false);
  });
});
