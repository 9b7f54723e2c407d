import { describe, expect, it } from 'vitest';
import { isValidEmail, isValidEmailList, parseEmailList } from './emails';

describe('isValidEmail', () => {
  it('accepts ordinary and internationalised addresses', () => {
    for (const email of [
      'info@sberbank.ru',
      'ivan.petrov@logistics.example.com',
      'first_last+tag@mail.co.uk',
      "o'brien@example.ie",
      'office@пример.рф',
      'office@xn--e1afmkfd.xn--p1ai',
      'a@b.io',
    ]) {
      expect(isValidEmail(email), email).toBe(true);
    }
  });

  it('refuses malformed addresses', () => {
    for (const email of [
      '',
      'plainaddress',
      '@example.com',
      'ivan@',
      'ivan@example',
      'ivan@@example.com',
      'ivan@.example.com',
      'ivan@example..com',
      'ivan..petrov@example.com',
      '.ivan@example.com',
      'ivan petrov@example.com',
      'ivan@example.com ',
      'ivan@-example.com',
      'иван@example.com',
      'ivan@example.c',
      'a,b@example.com',
    ]) {
      expect(isValidEmail(email), email).toBe(false);
    }
  });

  it('refuses addresses over the RFC 5321 limits', () => {
    expect(isValidEmail(`${'a'.repeat(64)}@example.com`)).toBe(true);
    expect(isValidEmail(`${'a'.repeat(65)}@example.com`)).toBe(false);
    const label = 'b'.repeat(60);
    expect(isValidEmail(`a@${label}.${label}.${label}.${label}.${'c'.repeat(4)}.com`)).toBe(true); // 254 characters
    expect(isValidEmail(`a@${label}.${label}.${label}.${label}.${'c'.repeat(5)}.com`)).toBe(false);
  });
});

describe('parseEmailList', () => {
  it('splits on commas, semicolons and whitespace and drops empty items', () => {
    expect(parseEmailList('a@x.ru, b@y.com;c@z.de\n d@w.org  ;; ,')).toEqual([
      'a@x.ru',
      'b@y.com',
      'c@z.de',
      'd@w.org',
    ]);
    expect(parseEmailList('  ')).toEqual([]);
  });
});

describe('isValidEmailList', () => {
  it('accepts one or more valid addresses', () => {
    expect(isValidEmailList('info@sberbank.ru')).toBe(true);
    expect(isValidEmailList('info@sberbank.ru, office@пример.рф; sales@example.com')).toBe(true);
    expect(isValidEmailList('a@x.ru\tb@y.ru')).toBe(true);
  });

  it('refuses a list with any invalid address, and an empty list', () => {
    expect(isValidEmailList('info@sberbank.ru, not-an-email')).toBe(false);
    expect(isValidEmailList('broken@, info@sberbank.ru')).toBe(false);
    expect(isValidEmailList('')).toBe(false);
    expect(isValidEmailList(' ,; ')).toBe(false);
  });
});
