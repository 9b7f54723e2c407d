import { describe, expect, it } from 'vitest';
import { cleanPastedText, isoToMasked, maskDate, parseDecimal, parseMaskedDate, parseNumber } from './parse';

describe('date mask', () => {
  it('keeps digits only and inserts the dots', () => {
    expect(maskDate('01012025')).toBe('01.01.2025');
    expect(maskDate('0a1b0c1')).toBe('01.01');
    expect(maskDate('01')).toBe('01');
    expect(maskDate('010')).toBe('01.0');
    expect(maskDate('01.01.2025999')).toBe('01.01.2025');
    expect(maskDate('')).toBe('');
  });

  it('month mode is MM.yyyy', () => {
    expect(maskDate('032025', 'month')).toBe('03.2025');
    expect(maskDate('03202599', 'month')).toBe('03.2025');
  });
});

describe('parseMaskedDate', () => {
  it('reads a real date', () => {
    expect(parseMaskedDate('29.02.2024')).toEqual({ value: '2024-02-29', error: null });
    expect(parseMaskedDate('31.12.1999')).toEqual({ value: '1999-12-31', error: null });
  });

  it.each([
    ['29.02.2023', 'no 29 February in 2023'],
    ['31.04.2025', 'April has 30 days'],
    ['01.13.2025', 'month above 12'],
    ['00.01.2025', 'day zero'],
    ['01.00.2025', 'month zero'],
    ['01.01', 'two parts'],
    ['01.01.25', 'short year'],
    ['1.1.2025', 'one-digit parts'],
  ])('%s is invalidDate (%s) and the value is empty', (text) => {
    expect(parseMaskedDate(text)).toEqual({ value: null, error: 'invalidDate' });
  });

  it('empty text is no value and no error', () => {
    expect(parseMaskedDate('  ')).toEqual({ value: null, error: null });
  });

  it('month mode', () => {
    expect(parseMaskedDate('03.2025', 'month')).toEqual({ value: '2025-03-01', error: null });
    expect(parseMaskedDate('13.2025', 'month').error).toBe('invalidDate');
    expect(parseMaskedDate('03.20', 'month').error).toBe('invalidDate');
  });

  it('formats ISO values back', () => {
    expect(isoToMasked('2025-03-07')).toBe('07.03.2025');
    expect(isoToMasked('2025-03-07T10:00:00Z', 'month')).toBe('03.2025');
    expect(isoToMasked(null)).toBe('');
  });
});

describe('parseNumber', () => {
  it('removes spaces and reads a comma as the decimal point', () => {
    expect(parseNumber('1 234,56')).toBe(1234.56);
    expect(parseNumber('1\u00a0000')).toBe(1000);
    expect(parseNumber('-0,5')).toBe(-0.5);
    expect(parseNumber('12')).toBe(12);
  });

  it('is empty for what is not a number', () => {
    expect(parseNumber('')).toBeNull();
    expect(parseNumber('abc')).toBeNull();
    expect(parseNumber('1,2,3')).toBeNull();
    expect(parseNumber('12abc')).toBeNull();
    expect(parseNumber(null)).toBeNull();
  });
});

describe('numbers typed in the language of the interface', () => {
  it('English: a comma groups thousands, the dot is the point; a comma that cannot group is the point', () => {
    expect(parseNumber('1,500,000.5', 'en')).toBe(1500000.5);
    expect(parseNumber('1 500', 'en')).toBe(1500);
    expect(parseNumber('12.5', 'en')).toBe(12.5);
    expect(parseNumber('12,5', 'en')).toBe(12.5);
    expect(parseNumber('1,50,0', 'en')).toBeNull();
  });

  it('Russian: a comma is the point, spaces group (a dot is read as the point too)', () => {
    expect(parseNumber('1,500', 'ru')).toBe(1.5);
    expect(parseNumber('1 500 000', 'ru')).toBe(1500000);
    expect(parseNumber('12.5', 'ru')).toBe(12.5);
  });

  it('decimals keep their digits exactly as plain text', () => {
    expect(parseDecimal('1 500 000,50')).toBe('1500000.50');
    expect(parseDecimal('1\u00a0500\u00a0000,50', 'ru')).toBe('1500000.50');
    expect(parseDecimal('1,500,000.50', 'en')).toBe('1500000.50');
    expect(parseDecimal('12345678901234567,89')).toBe('12345678901234567.89');
    expect(parseDecimal(',5')).toBe('0.5');
    expect(parseDecimal('007')).toBe('7');
    expect(parseDecimal('-0')).toBe('0');
    expect(parseDecimal('+3,')).toBe('3');
    expect(parseDecimal('-2,5')).toBe('-2.5');
    for (const text of ['', ' ', ',', 'abc', '1,2,3', '1e3', '12abc', null])
      expect(parseDecimal(text)).toBeNull();
  });
});

describe('paste', () => {
  it('trims pasted text', () => {
    expect(cleanPastedText('  ab c \n', 'name')).toBe('ab c');
  });
  it('removes all whitespace in the paste-no-spaces input', () => {
    expect(cleanPastedText(' 40 70 28 10\t00 ', 'paste-no-spaces')).toBe('4070281000');
  });
});
