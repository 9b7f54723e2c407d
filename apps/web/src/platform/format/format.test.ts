import { describe, expect, it } from 'vitest';
import {
  currencySymbol,
  formatDate,
  formatDateTime,
  formatDecimal,
  formatFileSize,
  formatMoney,
  formatMonth,
  formatTemperature,
  labelOfRow,
  padId,
  russianPluralForm,
  timeAgo,
} from './index';
import { parseDecimal } from './parse';

describe('format helpers', () => {
  it('pads ids to 6 digits', () => {
    expect(padId(42)).toBe('000042');
    expect(padId(1234567)).toBe('1234567');
    expect(padId(null)).toBe('');
  });

  it('labels a record in English by its English twin when it has one', () => {
    const germany = { id: 7, name: 'Германия', nameEn: 'Germany' };
    expect(labelOfRow(germany, 'name')).toBe('Германия');
    expect(labelOfRow(germany, 'name', false, 'en')).toBe('Germany');
    expect(labelOfRow({ id: 8, name: 'Тент', nameEn: ' ' }, 'name', false, 'en')).toBe('Тент');
    expect(labelOfRow({ id: 9, name: null }, 'name', false, 'en')).toBe('9');
    expect(labelOfRow({ id: 3, number: 42 }, 'number', true, 'en')).toBe('000042');
  });

  it('numbers as the language writes them, digits kept: grouping and the decimal point', () => {
    expect(formatDecimal('1500000', 'ru')).toBe('1\u00a0500\u00a0000');
    expect(formatDecimal('12.5', 'ru')).toBe('12,5');
    expect(formatDecimal('-1234567.890', 'ru')).toBe('-1\u00a0234\u00a0567,890');
    expect(formatDecimal('1500000', 'en')).toBe('1,500,000');
    expect(formatDecimal('12.5', 'en')).toBe('12.5');
    expect(formatDecimal(1500000.5, 'en')).toBe('1,500,000.5');
    expect(formatDecimal(1.5e-7, 'ru')).toBe('0,00000015');
    expect(formatDecimal(999, 'ru')).toBe('999');
    // Text that is no plain decimal is shown as it is (what was typed); nothing is blank.
    expect(formatDecimal('12abc', 'ru')).toBe('12abc');
    expect(formatDecimal(null, 'ru')).toBe('');
  });

  it('a number shown in a language reads back as the same number in it (what the input shows after a save)', () => {
    for (const language of ['ru', 'en']) {
      for (const value of ['12.5', '1500000', '1500000.50', '0.001', '-42']) {
        expect(parseDecimal(formatDecimal(value, language), language)).toBe(value);
      }
    }
  });

  it('file sizes in Bytes…YB (байт…ЙБ in Russian), base 1024', () => {
    expect(formatFileSize(0)).toBe('0 Bytes');
    expect(formatFileSize(1000)).toBe('1000 Bytes');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(5 * 1024 ** 2)).toBe('5 MB');
    expect(formatFileSize(1024 ** 8)).toBe('1 YB');
    expect(formatFileSize(1024 ** 9)).toBe('1024 YB');
    expect(formatFileSize(0, 'ru')).toBe('0 байт');
    expect(formatFileSize(1000, 'ru')).toBe('1000 байт');
    expect(formatFileSize(1536, 'ru')).toBe('1,5 КБ');
    expect(formatFileSize(5 * 1024 ** 2, 'ru')).toBe('5 МБ');
  });

  it('dates as DD.MM.YYYY, MM.YYYY and DD.MM.YYYY HH:mm', () => {
    expect(formatDate('2025-03-07')).toBe('07.03.2025');
    expect(formatMonth('2025-03-07')).toBe('03.2025');
    expect(formatDateTime(new Date(2025, 2, 7, 14, 5))).toBe('07.03.2025 14:05');
    expect(formatDate('not a date')).toBe('');
    expect(formatDate(null)).toBe('');
  });

  it('time ago is relative for 3 days or fewer, a date before that', () => {
    const now = new Date(2025, 2, 10, 12, 0);
    expect(timeAgo(new Date(2025, 2, 10, 11, 55), 'en', now)).toBe('5 minutes ago');
    expect(timeAgo(new Date(2025, 2, 10, 9, 0), 'en', now)).toBe('3 hours ago');
    expect(timeAgo(new Date(2025, 2, 7, 12, 0), 'en', now)).toBe('3 days ago');
    expect(timeAgo(new Date(2025, 2, 7, 11, 0), 'en', now)).toBe('07.03.2025 11:00');
    expect(timeAgo(new Date(2025, 2, 10, 10, 0), 'ru', now)).toBe('2 часа назад');
  });

  it('currency symbols', () => {
    expect(['USD', 'EUR', 'GBP', 'RUB', 'BYN', 'CNY', 'UAH'].map(currencySymbol)).toEqual([
      '$',
      '€',
      '£',
      '₽',
      'Br',
      '¥',
      '₴',
    ]);
    expect(currencySymbol('kzt')).toBe('₸');
    expect(currencySymbol('XYZ')).toBe('XYZ');
  });

  it('money from decimal strings without float arithmetic', () => {
    expect(formatMoney('1234567.5', 'RUB', 'ru')).toBe('1\u00a0234\u00a0567,50\u00a0₽');
    expect(formatMoney('-1000.25', 'USD', 'en')).toBe('-1,000.25\u00a0$');
    expect(formatMoney('0.1', 'EUR', 'en')).toBe('0.10\u00a0€');
  });

  it('temperature in degrees Celsius', () => {
    expect(formatTemperature(-18)).toBe('-18 °C');
    expect(formatTemperature(null)).toBe('');
  });

  it('Russian plural forms: 1, 2–4, the rest; 11–14 are the rest', () => {
    const forms = [1, 2, 3, 4, 5, 10, 11, 12, 14, 15, 21, 22, 25, 101, 111, 112].map(russianPluralForm);
    expect(forms).toEqual([
      'one',
      'few',
      'few',
      'few',
      'many',
      'many',
      'many',
      'many',
      'many',
      'many',
      'one',
      'few',
      'many',
      'one',
      'many',
      'many',
    ]);
  });
});
