import { describe, expect, it } from 'vitest';
import {
  isValidBik,
  isValidCorrespondentAccount,
  isValidRussianAccount,
  russianBankDetailsErrors,
} from './bank';
import { COUNTERPARTY_MESSAGES as M } from './messages';

// Published BIK / correspondent account pairs.
const BANKS = [
  { name: 'Sberbank, Moscow', bik: '044525225', corr: '30101810400000000225' },
  { name: 'Alfa-Bank', bik: '044525593', corr: '30101810200000000593' },
  { name: 'VTB', bik: '044525187', corr: '30101810700000000187' },
  { name: 'T-Bank', bik: '044525974', corr: '30101810145250000974' },
  { name: 'Raiffeisenbank', bik: '044525700', corr: '30101810200000000700' },
  { name: 'Sberbank, St Petersburg', bik: '044030653', corr: '30101810500000000653' },
  { name: 'Sberbank, Novosibirsk', bik: '045004641', corr: '30101810500000000641' },
];
// Settlement accounts from published payment details and bank statements.
const SETTLEMENT = [
  { bik: '044525700', account: '40702810800001400002' },
  { bik: '044525225', account: '40702810238720001420' },
];
// The Moscow treasury's budget revenue account at the Bank of Russia's Moscow division (BIK ending 000).
const AT_BANK_OF_RUSSIA = { bik: '044525000', account: '40101810045250010041' };

describe('isValidBik', () => {
  it('accepts Russian BIKs', () => {
    for (const { bik } of BANKS) expect(isValidBik(bik), bik).toBe(true);
    expect(isValidBik(AT_BANK_OF_RUSSIA.bik)).toBe(true);
  });

  it('refuses another country prefix, other lengths and letters', () => {
    for (const value of ['', '054525225', '144525225', '04452522', '0445252250', '04452522A', ' 044525225']) {
      expect(isValidBik(value), value).toBe(false);
    }
  });
});

describe('isValidCorrespondentAccount', () => {
  it('accepts real pairs', () => {
    for (const { name, bik, corr } of BANKS) expect(isValidCorrespondentAccount(corr, bik), name).toBe(true);
  });

  it('refuses a changed digit', () => {
    expect(isValidCorrespondentAccount('30101810400000000226', '044525225')).toBe(false);
    expect(isValidCorrespondentAccount('30101810400000001225', '044525225')).toBe(false);
  });

  it('refuses the account of a bank of another region', () => {
    expect(isValidCorrespondentAccount('30101810500000000653', '044525225')).toBe(false);
    expect(isValidCorrespondentAccount('30101810400000000225', '044030653')).toBe(false);
  });

  it('refuses accounts that are not correspondent accounts, wrong lengths, letters and a bad BIK', () => {
    expect(isValidCorrespondentAccount(SETTLEMENT[0]!.account, SETTLEMENT[0]!.bik)).toBe(false);
    // Its key digit is set so that the correspondent key works out; the balance account 40702 still fails.
    expect(isValidCorrespondentAccount('40702810038720001420', '044525225')).toBe(false);
    expect(isValidCorrespondentAccount('3010181040000000022', '044525225')).toBe(false);
    expect(isValidCorrespondentAccount('301018104000000002250', '044525225')).toBe(false);
    expect(isValidCorrespondentAccount('3010181040000000022O', '044525225')).toBe(false);
    expect(isValidCorrespondentAccount('30101810400000000225', '054525225')).toBe(false);
  });
});

describe('isValidRussianAccount', () => {
  it('accepts real settlement accounts with their BIK', () => {
    for (const { bik, account } of SETTLEMENT)
      expect(isValidRussianAccount(account, bik), account).toBe(true);
  });

  it('keys an account at a Bank of Russia division with "0" + BIK digits 5-6', () => {
    expect(isValidRussianAccount(AT_BANK_OF_RUSSIA.account, AT_BANK_OF_RUSSIA.bik)).toBe(true);
    expect(isValidRussianAccount('40101810045250010042', AT_BANK_OF_RUSSIA.bik)).toBe(false);
  });

  it('refuses a changed digit and the account paired with another bank', () => {
    expect(isValidRussianAccount('40702810800001400003', '044525700')).toBe(false);
    expect(isValidRussianAccount('40702810800001500002', '044525700')).toBe(false);
    expect(isValidRussianAccount('40702810800001400002', '044525225')).toBe(false);
  });

  it('refuses wrong lengths, letters, spaces and a bad BIK', () => {
    for (const account of [
      '',
      '4070281080000140000',
      '407028108000014000020',
      '4070281080000140000O',
      '40702 810800001400002',
    ]) {
      expect(isValidRussianAccount(account, '044525700'), account).toBe(false);
    }
    expect(isValidRussianAccount('40702810800001400002', '04452570')).toBe(false);
  });
});

describe('russianBankDetailsErrors', () => {
  const sber = {
    bik: '044525225',
    account: '40702810238720001420',
    correspondentAccount: '30101810400000000225',
  };

  it('is empty for consistent details and for nothing filled', () => {
    expect(russianBankDetailsErrors(sber)).toEqual({});
    expect(russianBankDetailsErrors({})).toEqual({});
    expect(russianBankDetailsErrors({ bik: null, account: '', correspondentAccount: null })).toEqual({});
  });

  it('checks the accounts against the BIK', () => {
    // Another Moscow bank: the correspondent key uses only BIK digits 5-6, the settlement key digits 7-9.
    expect(russianBankDetailsErrors({ ...sber, bik: '044525700' })).toEqual({ account: M.bankAccount });
    expect(russianBankDetailsErrors({ ...sber, bik: '044030653' })).toEqual({
      account: M.bankAccount,
      correspondentAccount: M.correspondentAccount,
    });
  });

  it('reports a bad BIK once and only checks the form of the accounts then', () => {
    expect(russianBankDetailsErrors({ ...sber, bik: '05452522' })).toEqual({ bik: M.bik });
    expect(
      russianBankDetailsErrors({
        bik: '05452522',
        account: '4070281',
        correspondentAccount: '40702810238720001420',
      }),
    ).toEqual({
      bik: M.bik,
      account: M.bankAccount,
      correspondentAccount: M.correspondentAccount,
    });
  });

  it('checks only the form of the accounts without a BIK', () => {
    expect(russianBankDetailsErrors({ account: '40702810238720001421' })).toEqual({});
    expect(russianBankDetailsErrors({ account: '407028102387200014' })).toEqual({ account: M.bankAccount });
  });
});
