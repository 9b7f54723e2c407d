import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatCalendarMonth, moneyTexts } from './format';

describe('what the server writes for people', () => {
  it('writes dates DD.MM.YYYY and months MM.YYYY, leaving other text as it is', () => {
    expect(formatCalendarDate('2026-03-10')).toBe('10.03.2026');
    expect(formatCalendarDate('2026-03-10T09:00:00.000Z')).toBe('10.03.2026');
    expect(formatCalendarDate('')).toBe('');
    expect(formatCalendarMonth('2026-03')).toBe('03.2026');
    expect(formatCalendarMonth('2026-03-01')).toBe('03.2026');
    expect(formatCalendarMonth('весна')).toBe('весна');
  });

  it('writes an amount in both languages as the screens do', () => {
    expect(moneyTexts('5000', 'RUB')).toEqual({ ru: '5\u00a0000,00\u00a0₽', en: '5,000.00\u00a0₽' });
    expect(moneyTexts('-1234.5', 'EUR')).toEqual({ ru: '-1\u00a0234,50\u00a0€', en: '-1,234.50\u00a0€' });
  });
});
