import { describe, expect, it } from 'vitest';
import {
  addMoney,
  CurrencyMismatchError,
  compareMoney,
  money,
  moneyEquals,
  moneySchema,
  moneyToFixed,
  subtractMoney,
  sumMoney,
} from './money';

const rub = (amount: string) => money(amount, 'RUB');

describe('money', () => {
  it('adds and subtracts exactly, without binary floating point', () => {
    expect(addMoney(rub('0.1'), rub('0.2'))).toEqual(rub('0.3'));
    expect(subtractMoney(rub('10'), rub('0.01')).amount).toBe('9.99');
    expect(subtractMoney(rub('1.5'), rub('2.75')).amount).toBe('-1.25');
    expect(addMoney(rub('99999999999999.99'), rub('0.01')).amount).toBe('100000000000000');
    expect(sumMoney([rub('1.10'), rub('2.20'), rub('3.30')], 'RUB').amount).toBe('6.6');
    expect(sumMoney([], 'USD')).toEqual(money('0', 'USD'));
  });

  it('compares across scales', () => {
    expect(compareMoney(rub('150000'), rub('150000.00'))).toBe(0);
    expect(compareMoney(rub('-1'), rub('0.5'))).toBe(-1);
    expect(compareMoney(rub('10.01'), rub('10.009'))).toBe(1);
    expect(moneyEquals(rub('1.50'), rub('1.5'))).toBe(true);
  });

  it('refuses to combine currencies', () => {
    expect(() => addMoney(rub('1'), money('1', 'USD'))).toThrow(CurrencyMismatchError);
    expect(() => compareMoney(rub('1'), money('1', 'EUR'))).toThrow(CurrencyMismatchError);
  });

  it('fixes and formats to a scale, rounding half away from zero', () => {
    expect(moneyToFixed(rub('1250.5'))).toBe('1250.50');
    expect(moneyToFixed(rub('0.005'))).toBe('0.01');
    expect(moneyToFixed(rub('-0.005'))).toBe('-0.01');
    expect(moneyToFixed(rub('7'), 0)).toBe('7');
  });

  it('takes only decimal amounts and currency codes', () => {
    expect(() => money('1e3', 'RUB')).toThrow(RangeError);
    expect(() => money('1', 'rub')).toThrow(RangeError);
    expect(money(15n, 'RUB').amount).toBe('15');
    expect(money(' 1.500 ', 'RUB').amount).toBe('1.5');
  });

  it('validates the wire form', () => {
    expect(moneySchema.parse({ amount: ' 12.5 ', currency: 'RUB' })).toEqual({
      amount: '12.5',
      currency: 'RUB',
    });
    expect(moneySchema.safeParse({ amount: 12.5, currency: 'RUB' }).success).toBe(false);
    expect(moneySchema.safeParse({ amount: '1.234', currency: 'RUB' }).success).toBe(false);
    expect(moneySchema.safeParse({ amount: '1', currency: 'Rub' }).success).toBe(false);
  });
});
