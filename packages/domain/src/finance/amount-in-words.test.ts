import { describe, expect, it } from 'vitest';
import { amountInWords, russianNumber } from './amount-in-words';

describe('amount in words', () => {
  it('writes roubles in Russian with the forms after 1, 2-4, 5-20 and the teens', () => {
    expect(amountInWords('1.01', 'RUB', 'ru')).toBe('Один рубль 01 копейка');
    expect(amountInWords('2.02', 'RUB', 'ru')).toBe('Два рубля 02 копейки');
    expect(amountInWords('5', 'RUB', 'ru')).toBe('Пять рублей 00 копеек');
    expect(amountInWords('11.11', 'RUB', 'ru')).toBe('Одиннадцать рублей 11 копеек');
    expect(amountInWords('21.21', 'RUB', 'ru')).toBe('Двадцать один рубль 21 копейка');
    expect(amountInWords('354000.00', 'RUB', 'ru')).toBe('Триста пятьдесят четыре тысячи рублей 00 копеек');
  });

  it('puts thousands in the feminine and millions in the masculine', () => {
    expect(russianNumber(1_001n, 'm')).toBe('одна тысяча один');
    expect(russianNumber(2_002_000n, 'm')).toBe('два миллиона две тысячи');
    expect(russianNumber(12_345_678_901n, 'f')).toBe(
      'двенадцать миллиардов триста сорок пять миллионов шестьсот семьдесят восемь тысяч девятьсот одна',
    );
    expect(amountInWords('0.5', 'RUB', 'ru')).toBe('Ноль рублей 50 копеек');
  });

  it('writes other currencies in their own words, and an unknown one by its code', () => {
    expect(amountInWords('1234.56', 'USD', 'ru')).toBe(
      'Одна тысяча двести тридцать четыре доллара США 56 центов',
    );
    expect(amountInWords('101', 'EUR', 'ru')).toBe('Сто один евро 00 евроцентов');
    expect(amountInWords('3', 'AED', 'ru')).toBe('Три AED 00');
  });

  it('writes English with hyphenated tens and singulars', () => {
    expect(amountInWords('1234.56', 'USD', 'en')).toBe(
      'One thousand two hundred thirty-four US dollars and 56 cents',
    );
    expect(amountInWords('1.01', 'RUB', 'en')).toBe('One rouble and 01 kopeck');
    expect(amountInWords('2000000.40', 'EUR', 'en')).toBe('Two million euros and 40 cents');
    expect(amountInWords('15', 'AED', 'en')).toBe('Fifteen AED and 00/100');
  });

  it('rounds half away from zero to kopecks and refuses what is no amount', () => {
    expect(amountInWords('10.005', 'RUB', 'ru')).toBe('Десять рублей 01 копейка');
    expect(() => amountInWords('-1', 'RUB', 'ru')).toThrow(RangeError);
    expect(() => amountInWords('1e3', 'RUB', 'ru')).toThrow(RangeError);
  });
});
