import { describe, expect, it } from 'vitest';
import { hasNoCyrillic, isLatinCyrillicText, isLatinDigitsDash } from './text';

describe('isLatinCyrillicText', () => {
  it('accepts company names in Latin and Cyrillic with their punctuation', () => {
    for (const name of [
      'ООО «Ромашка»',
      'ПАО "Сбербанк России"',
      'ИП Иванов И.И.',
      'DHL Global Forwarding (Russia)',
      'Müller & Söhne GmbH',
      'Société Générale',
      "O'Brien Logistics Ltd.",
      'Склад № 5/12',
      'ТОО “Казахстан Темир Жолы” — филиал',
      'Ёлка, ёж',
      'Ўзбекистон Ҳаво Йўллари',
      'Транспорт‑Сервис 2000',
      '',
    ]) {
      expect(isLatinCyrillicText(name), name).toBe(true);
    }
  });

  it('accepts an accent typed as a combining mark', () => {
    expect(isLatinCyrillicText('Socie\u0301te\u0301')).toBe(true);
  });

  it('refuses other scripts, symbols and control characters', () => {
    for (const name of [
      '中国远洋海运',
      'Ελληνική Εταιρεία',
      'שלום',
      'Company!',
      'Name@Domain',
      'Price: 100$',
      'Tab\tName',
      'Line\nBreak',
      '50% Logistics',
      'Emoji 🚚',
      'A + B',
    ]) {
      expect(isLatinCyrillicText(name), name).toBe(false);
    }
  });
});

describe('isLatinDigitsDash', () => {
  it('accepts Latin letters, digits and dash', () => {
    for (const value of ['ABC-123', 'abc', '2024', '-', 'FTL-EU-RU', ''])
      expect(isLatinDigitsDash(value), value).toBe(true);
  });

  it('refuses spaces, other punctuation, diacritics and Cyrillic', () => {
    for (const value of ['ABC 123', 'ABC_123', 'A.B', 'Müller', 'АВС', 'CODE–1', 'ＡＢＣ']) {
      expect(isLatinDigitsDash(value), value).toBe(false);
    }
  });
});

describe('hasNoCyrillic', () => {
  it('accepts text without Cyrillic letters', () => {
    for (const value of ['Hamburg, Germany', 'Müller № 5', '中国', ''])
      expect(hasNoCyrillic(value), value).toBe(true);
  });

  it('refuses any Cyrillic letter, including look-alikes of Latin ones', () => {
    // The "А" and "С" here are Cyrillic.
    for (const value of ['Москва', 'Hamburg Гамбург', 'АBC', 'ABС', 'ё', 'Ў'])
      expect(hasNoCyrillic(value), value).toBe(false);
  });
});
