import { describe, expect, it } from 'vitest';
import { COUNTERPARTY_MESSAGES as M } from './messages';
import {
  innKind,
  isValidInn,
  isValidKpp,
  isValidOgrn,
  isValidOgrnip,
  isValidOkpo,
  ogrnKind,
  requisitesErrors,
} from './requisites';

// Published registration numbers of well-known companies.
const SBERBANK = { inn: '7707083893', kpp: '773601001', ogrn: '1027700132195', okpo: '00032537' };
const GAZPROM = { inn: '7736050003', kpp: '997250001', ogrn: '1027700070518', okpo: '00040778' };
const YANDEX = { inn: '7736207543', ogrn: '1027700229193' };
const RZD_INN = '7708503727';
const VTB_INN = '7702070139';
// 12-digit INN widely used as the documentation example, and one computed by hand for prefix 7725123456.
const INDIVIDUAL_INNS = ['500100732259', '772512345622'];
// OGRNIP of the Russian Wikipedia article on the number.
const OGRNIP = '304500116000157';

describe('isValidInn', () => {
  it('accepts real legal-entity INNs', () => {
    for (const inn of [SBERBANK.inn, GAZPROM.inn, YANDEX.inn, RZD_INN, VTB_INN]) {
      expect(isValidInn(inn), inn).toBe(true);
      expect(isValidInn(inn, 'legal'), inn).toBe(true);
      expect(isValidInn(inn, 'individual'), inn).toBe(false);
    }
  });

  it('accepts 12-digit INNs of individuals, with both check digits', () => {
    for (const inn of INDIVIDUAL_INNS) {
      expect(isValidInn(inn), inn).toBe(true);
      expect(isValidInn(inn, 'individual'), inn).toBe(true);
      expect(isValidInn(inn, 'legal'), inn).toBe(false);
    }
  });

  it('refuses a changed digit', () => {
    expect(isValidInn('7707083894')).toBe(false); // check digit
    expect(isValidInn('7707083993')).toBe(false); // a body digit
    expect(isValidInn('500100732250')).toBe(false); // second check digit
    expect(isValidInn('500100732269')).toBe(false); // first check digit
    expect(isValidInn('772512345623')).toBe(false);
  });

  it('refuses other lengths, letters, spaces and the 00 region', () => {
    for (const value of [
      '',
      '770708389',
      '77070838931',
      '7707083893 ',
      ' 7707083893',
      '77070838A3',
      '７７０７０８３８９３',
      '5001007322590',
      '0000000000',
      '000000000000',
    ]) {
      expect(isValidInn(value), JSON.stringify(value)).toBe(false);
    }
  });

  it('tells the kind by length', () => {
    expect(innKind(SBERBANK.inn)).toBe('legal');
    expect(innKind(INDIVIDUAL_INNS[0]!)).toBe('individual');
    expect(innKind('12345')).toBeNull();
    expect(innKind('77070838AB')).toBeNull();
  });
});

describe('isValidKpp', () => {
  it('accepts real KPPs and letters in the reason code', () => {
    for (const kpp of [SBERBANK.kpp, GAZPROM.kpp, '770401001', '7736AB001', '77360A001']) {
      expect(isValidKpp(kpp), kpp).toBe(true);
    }
  });

  it('refuses wrong length, misplaced or lower-case letters and Cyrillic', () => {
    for (const value of [
      '',
      '77360100',
      '7736010011',
      'A73601001',
      '7736010A1',
      '7736ab001',
      '7736ЖЖ001',
      '7736 1001',
    ]) {
      expect(isValidKpp(value), value).toBe(false);
    }
  });
});

describe('isValidOgrn', () => {
  it('accepts real OGRNs (13 digits)', () => {
    for (const ogrn of [SBERBANK.ogrn, GAZPROM.ogrn, YANDEX.ogrn]) {
      expect(isValidOgrn(ogrn), ogrn).toBe(true);
      expect(isValidOgrn(ogrn, 'legal'), ogrn).toBe(true);
      expect(isValidOgrn(ogrn, 'individual'), ogrn).toBe(false);
      expect(isValidOgrnip(ogrn), ogrn).toBe(false);
    }
  });

  it('accepts OGRNs starting with 5 (later assignment series)', () => {
    expect(isValidOgrn('5027700132191')).toBe(true);
  });

  it('accepts an OGRNIP (15 digits, mod 13)', () => {
    expect(isValidOgrn(OGRNIP)).toBe(true);
    expect(isValidOgrn(OGRNIP, 'individual')).toBe(true);
    expect(isValidOgrnip(OGRNIP)).toBe(true);
    expect(isValidOgrn(OGRNIP, 'legal')).toBe(false);
  });

  it('refuses a changed digit', () => {
    expect(isValidOgrn('1027700132196')).toBe(false);
    expect(isValidOgrn('1027700132185')).toBe(false);
    expect(isValidOgrnip('304500116000158')).toBe(false);
  });

  it('refuses numbers of later register entries even with a correct check digit', () => {
    expect(isValidOgrn('2027700132194')).toBe(false); // ГРН of a legal entity's later record
    expect(isValidOgrnip('404500116000154')).toBe(false); // ГРНИП
  });

  it('refuses other lengths and letters', () => {
    for (const value of [
      '',
      '102770013219',
      '10277001321950',
      '30450011600015',
      '3045001160001570',
      '10277001321O5',
    ]) {
      expect(isValidOgrn(value), value).toBe(false);
    }
  });

  it('tells the kind by length', () => {
    expect(ogrnKind(SBERBANK.ogrn)).toBe('legal');
    expect(ogrnKind(OGRNIP)).toBe('individual');
    expect(ogrnKind('123')).toBeNull();
  });
});

describe('isValidOkpo', () => {
  it('accepts real 8-digit OKPOs', () => {
    expect(isValidOkpo(SBERBANK.okpo)).toBe(true);
    expect(isValidOkpo(GAZPROM.okpo)).toBe(true);
  });

  it('follows the Rosstat method through its retry with shifted weights', () => {
    // Constructed so the first remainder is 10: the retry gives 1.
    expect(isValidOkpo('52601811')).toBe(true);
    expect(isValidOkpo('52601810')).toBe(false);
    // Both remainders are 10: the check digit is 0.
    expect(isValidOkpo('26544750')).toBe(true);
    expect(isValidOkpo('4018800100')).toBe(true);
  });

  it('repeats the weights after 10 on the retry of a 10-digit code (…, 9, 10, 1)', () => {
    expect(isValidOkpo('4990951458')).toBe(true);
    // What weights 3..11 (no wrap) would give instead.
    expect(isValidOkpo('4990951453')).toBe(false);
    expect(isValidOkpo('1358952540')).toBe(true);
    expect(isValidOkpo('1358952546')).toBe(false);
  });

  it('refuses a changed digit, other lengths and letters', () => {
    for (const value of ['', '00032538', '00032547', '0003253', '000325370', '00032537000', 'O0032537']) {
      expect(isValidOkpo(value), value).toBe(false);
    }
  });
});

describe('requisitesErrors', () => {
  it('is empty for consistent details and for nothing filled', () => {
    expect(requisitesErrors(SBERBANK)).toEqual({});
    expect(requisitesErrors({ inn: INDIVIDUAL_INNS[0], ogrn: OGRNIP })).toEqual({});
    expect(requisitesErrors({})).toEqual({});
    expect(requisitesErrors({ inn: null, kpp: '', ogrn: null, okpo: '' })).toEqual({});
  });

  it('names each invalid field', () => {
    expect(
      requisitesErrors({ inn: '7707083894', kpp: '77360100', ogrn: '1027700132196', okpo: '00032538' }),
    ).toEqual({
      inn: M.inn,
      kpp: M.kpp,
      ogrn: M.ogrn,
      okpo: M.okpo,
    });
  });

  it('refuses an OGRN of the other kind than the INN, and a KPP for a sole proprietor', () => {
    expect(requisitesErrors({ inn: SBERBANK.inn, ogrn: OGRNIP })).toEqual({ ogrn: M.ogrnMismatch });
    expect(requisitesErrors({ inn: INDIVIDUAL_INNS[0], ogrn: SBERBANK.ogrn, kpp: SBERBANK.kpp })).toEqual({
      ogrn: M.ogrnMismatch,
      kpp: M.kppForIndividual,
    });
  });

  it('does not add agreement errors on top of an invalid INN', () => {
    expect(requisitesErrors({ inn: '7707083894', ogrn: OGRNIP, kpp: SBERBANK.kpp })).toEqual({ inn: M.inn });
  });
});
