import { describe, expect, it } from 'vitest';
import {
  GS,
  gtinCheckDigitValid,
  MARKING_CODE_MESSAGES as M,
  parseMarkingCode,
  splitMarkingCodes,
} from './codes';

const CRYPTO = `MEUCIQD8T2mNPm0R6ZqQvq6eXvG3rN9cTn5N9xr7o${'A'.repeat(2)}=`; // 44 characters
const okCode = (raw: string) => {
  const result = parseMarkingCode(raw);
  if (!result.ok) throw new Error(`refused: ${result.error}`);
  return result.code;
};
const errorOf = (raw: string) => {
  const result = parseMarkingCode(raw);
  return result.ok ? null : result.error;
};

describe('GTIN check digit', () => {
  it('accepts right check digits and refuses wrong ones', () => {
    expect(CRYPTO).toHaveLength(44);
    expect(gtinCheckDigitValid('04606203084623')).toBe(true);
    expect(gtinCheckDigitValid('03041094787443')).toBe(true);
    expect(gtinCheckDigitValid('4006381333931')).toBe(true);
    expect(gtinCheckDigitValid('04606203084624')).toBe(false);
    expect(gtinCheckDigitValid('0460620308462')).toBe(false);
    expect(gtinCheckDigitValid('0460620308462X')).toBe(false);
  });
});

describe('marking codes', () => {
  it('reads the short form with a crypto tail as scanned (the Yandex Market test vector)', () => {
    const code = okCode(`01030410947874432155Qbag!${GS}93Zjqw`);
    expect(code).toEqual({
      gtin: '03041094787443',
      serial: '55Qbag!',
      key: null,
      crypto: null,
      tail: 'Zjqw',
      cis: '010304109478744321' + '55Qbag!',
      code: `01030410947874432155Qbag!${GS}93Zjqw`,
      printed: '(01)03041094787443(21)55Qbag!(93)Zjqw',
    });
  });

  it('reads the full form with key and crypto code, scanned, printed and with a symbology identifier alike', () => {
    const scanned = okCode(`0104606203084623215Vno;B5ZdJ<=)${GS}91EE06${GS}92${CRYPTO}`);
    expect(scanned).toMatchObject({
      gtin: '04606203084623',
      serial: '5Vno;B5ZdJ<=)',
      key: 'EE06',
      crypto: CRYPTO,
    });
    expect(scanned.printed).toBe(`(01)04606203084623(21)5Vno;B5ZdJ<=)(91)EE06(92)${CRYPTO}`);
    expect(okCode(scanned.printed)).toEqual(scanned);
    expect(okCode(`]d2${scanned.code}`)).toEqual(scanned);
    // The separator written out, as a scanner log or a spreadsheet gives it, and a leading FNC1.
    expect(okCode(`  0104606203084623215Vno;B5ZdJ<=)<GS>91EE06<GS>92${CRYPTO} `)).toEqual(scanned);
    expect(okCode(`${GS}0104606203084623215Vno;B5ZdJ<=)\\u001d91EE06\\x1d92${CRYPTO}`)).toEqual(scanned);
  });

  it('says what is wrong with a malformed code', () => {
    expect(errorOf('   ')).toBe(M.empty);
    expect(errorOf('hello world')).toBe(M.unreadable);
    expect(errorOf('010460620308462')).toBe(M.unreadable); // the GTIN cut short
    expect(errorOf(`0104606203084624215Vno${GS}93abcd`)).toBe(M.gtinCheckDigit);
    expect(errorOf(`215Vno${GS}93abcd`)).toBe(M.gtinMissing);
    expect(errorOf('(01)04606203084623(93)abcd')).toBe(M.serialMissing);
    expect(errorOf(`010460620308462321${'x'.repeat(21)}${GS}93abcd`)).toBe(M.serialLength);
    expect(errorOf('(01)04606203084623(21)5Vno')).toBe(M.cryptoMissing);
    expect(errorOf('(01)04606203084623(21)5Vno(91)EE06')).toBe(M.cryptoMissing);
    expect(errorOf(`(01)04606203084623(21)5Vno(91)EE0(92)${CRYPTO}`)).toBe(M.keyLength);
    expect(errorOf('(01)04606203084623(21)5Vno(91)EE06(92)short')).toBe(M.cryptoLength);
    expect(errorOf('(01)04606203084623(21)5Vno(93)abc')).toBe(M.tailLength);
    // A bracket naming an identifier that is not the one read.
    expect(errorOf('(017)04606203084623')).toBe(M.unreadable);
  });

  it('splits a paste or a file into codes, one a line', () => {
    expect(splitMarkingCodes(`a\r\n\r\n b \nc\r`)).toEqual(['a', 'b', 'c']);
  });
});
