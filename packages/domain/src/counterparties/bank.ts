import { isDigits, weightedSum } from './checksum';
import { COUNTERPARTY_MESSAGES } from './messages';

/** BIK (БИК) of a Russian bank: 9 digits, "04" (Russia) first. */
export function isValidBik(value: string): boolean {
  return /^04\d{7}$/.test(value);
}

/** Digits 7-9 of a BIK of a Bank of Russia division (cash settlement centre) rather than a credit institution. */
function isBankOfRussiaDivision(bik: string): boolean {
  return ['000', '001', '002'].includes(bik.slice(6));
}

/** The account key (Bank of Russia rules): Σ digit × (7, 1, 3 repeating) over the 23 digits ≡ 0 mod 10. */
function hasValidKey(prefix: string, account: string): boolean {
  const digits = prefix + account;
  const weights = Array.from({ length: digits.length }, (_, i) => [7, 1, 3][i % 3]!);
  return weightedSum(digits, weights) % 10 === 0;
}

/** "0" + BIK digits 5-6: the conditional number of a Bank of Russia division in the key calculation. */
function divisionPrefix(bik: string): string {
  return `0${bik.slice(4, 6)}`;
}

/**
 * A settlement (or any client) account of 20 digits, checked by its control key against the bank's BIK:
 * the key runs over BIK digits 7-9 and the account; for an account held directly at a Bank of Russia
 * division (BIK ending 000-002) the prefix is "0" + BIK digits 5-6 instead.
 */
export function isValidRussianAccount(account: string, bik: string): boolean {
  if (!isDigits(account, 20) || !isValidBik(bik)) return false;
  const prefix = isBankOfRussiaDivision(bik) ? divisionPrefix(bik) : bik.slice(6);
  return hasValidKey(prefix, account);
}

/**
 * A bank's correspondent account at the Bank of Russia: 20 digits, balance account 30101, control key
 * over "0" + BIK digits 5-6 and the account.
 */
export function isValidCorrespondentAccount(account: string, bik: string): boolean {
  if (!isDigits(account, 20) || !account.startsWith('30101') || !isValidBik(bik)) return false;
  return hasValidKey(divisionPrefix(bik), account);
}

export interface RussianBankDetails {
  bik?: string | null;
  account?: string | null;
  correspondentAccount?: string | null;
}

export type BankDetailsErrors = Partial<Record<keyof RussianBankDetails, string>>;

/**
 * Field messages for the Russian details of a bank account, each checked when filled. The accounts are
 * checked against the BIK when it is valid; without a usable BIK only their form is checked, so a wrong
 * BIK is reported once, on the BIK. Empty when everything filled is valid.
 */
export function russianBankDetailsErrors(details: RussianBankDetails): BankDetailsErrors {
  const errors: BankDetailsErrors = {};
  const { bik, account, correspondentAccount } = details;
  const bikOk = !!bik && isValidBik(bik);
  if (bik && !bikOk) errors.bik = COUNTERPARTY_MESSAGES.bik;
  if (account && !(bikOk ? isValidRussianAccount(account, bik) : isDigits(account, 20))) {
    errors.account = COUNTERPARTY_MESSAGES.bankAccount;
  }
  if (
    correspondentAccount &&
    !(bikOk
      ? isValidCorrespondentAccount(correspondentAccount, bik)
      : isDigits(correspondentAccount, 20) && correspondentAccount.startsWith('30101'))
  ) {
    errors.correspondentAccount = COUNTERPARTY_MESSAGES.correspondentAccount;
  }
  return errors;
}
