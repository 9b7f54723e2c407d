import { describe, expect, it } from 'vitest';
import { licenseCategoriesSchema } from './drivers';
import { normalizePlate, PLATE_MESSAGES } from './plates';

describe('normalizePlate', () => {
  it('writes a Russian plate one way, typed in Cyrillic or in the Latin lookalikes', () => {
    for (const typed of ['а123вс77', 'A123BC77', ' А 123 ВС 77 ', 'a-123-bc-77']) {
      expect(normalizePlate(typed, 'vehicle')).toEqual({ plate: 'А123ВС 77', russian: true });
    }
    expect(normalizePlate('м777ор799', 'vehicle')).toEqual({ plate: 'М777ОР 799', russian: true });
    expect(normalizePlate('ea4567 50', 'trailer')).toEqual({ plate: 'ЕА 4567 50', russian: true });
  });

  it('refuses Cyrillic that is no Russian plate of its kind, and the never issued 000', () => {
    expect(normalizePlate('Д123ВС77', 'vehicle')).toEqual({ error: PLATE_MESSAGES.russianVehicle });
    expect(normalizePlate('А000ВС77', 'vehicle')).toEqual({ error: PLATE_MESSAGES.russianVehicle });
    expect(normalizePlate('А123ВС077', 'vehicle')).toEqual({ error: PLATE_MESSAGES.russianVehicle });
    expect(normalizePlate('А123ВС77', 'trailer')).toEqual({ error: PLATE_MESSAGES.russianTrailer });
  });

  it('takes a foreign plate as written, upper-cased, spaces collapsed', () => {
    expect(normalizePlate('wx  12345', 'vehicle')).toEqual({ plate: 'WX 12345', russian: false });
    expect(normalizePlate('AK 1234-7', 'vehicle')).toEqual({ plate: 'AK 1234-7', russian: false });
    expect(normalizePlate('ABC', 'vehicle')).toEqual({ error: PLATE_MESSAGES.foreign });
    expect(normalizePlate('WX_123', 'vehicle')).toEqual({ error: PLATE_MESSAGES.foreign });
  });
});

describe('licence categories', () => {
  it('keeps known categories in their order, Cyrillic lookalikes read as Latin', () => {
    expect(licenseCategoriesSchema.parse('ce, c; в')).toBe('B, C, CE');
    expect(licenseCategoriesSchema.safeParse('C, Z').success).toBe(false);
  });
});
