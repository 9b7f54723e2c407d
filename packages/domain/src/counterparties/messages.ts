/**
 * Stable English messages of the counterparty rules (spec §5, §8). The server answers them as they are;
 * the web translates them with `COUNTERPARTY_MESSAGES_RU` (English text → Russian text).
 */
export const COUNTERPARTY_MESSAGES = {
  inn: 'This value is not a valid INN.',
  kpp: 'This value is not a valid KPP.',
  kppForIndividual: 'A sole proprietor has no KPP.',
  ogrn: 'This value is not a valid OGRN.',
  ogrnip: 'This value is not a valid OGRNIP.',
  ogrnMismatch: 'The OGRN does not match the INN.',
  okpo: 'This value is not a valid OKPO.',
  bik: 'This value is not a valid BIK.',
  bankAccount: 'This value is not a valid bank account number.',
  correspondentAccount: 'This value is not a valid correspondent account number.',
  iban: 'This value is not a valid IBAN.',
  latinCyrillic: 'Only Latin and Cyrillic characters are allowed.',
  latinDigitsDash: 'Only Latin letters, digits and dash are allowed.',
  noCyrillic: 'Cyrillic characters are not allowed.',
  emailList: 'This value is not a valid list of email addresses.',
  primaryEmail: 'Primary email must be valid.',
} as const;

export type CounterpartyMessage = (typeof COUNTERPARTY_MESSAGES)[keyof typeof COUNTERPARTY_MESSAGES];

/** Russian wording of every message above, keyed by the English text the server sends. */
export const COUNTERPARTY_MESSAGES_RU: Readonly<Record<CounterpartyMessage, string>> = {
  'This value is not a valid INN.': 'Некорректный ИНН.',
  'This value is not a valid KPP.': 'Некорректный КПП.',
  'A sole proprietor has no KPP.': 'У индивидуального предпринимателя нет КПП.',
  'This value is not a valid OGRN.': 'Некорректный ОГРН.',
  'This value is not a valid OGRNIP.': 'Некорректный ОГРНИП.',
  'The OGRN does not match the INN.': 'ОГРН не соответствует ИНН.',
  'This value is not a valid OKPO.': 'Некорректный код ОКПО.',
  'This value is not a valid BIK.': 'Некорректный БИК.',
  'This value is not a valid bank account number.': 'Некорректный номер банковского счёта.',
  'This value is not a valid correspondent account number.': 'Некорректный номер корреспондентского счёта.',
  'This value is not a valid IBAN.': 'Некорректный IBAN.',
  'Only Latin and Cyrillic characters are allowed.': 'Допускаются только латинские и кириллические символы.',
  'Only Latin letters, digits and dash are allowed.': 'Допускаются только латинские буквы, цифры и дефис.',
  'Cyrillic characters are not allowed.': 'Кириллические символы не допускаются.',
  'This value is not a valid list of email addresses.': 'Некорректный список адресов электронной почты.',
  'Primary email must be valid.': 'Основной адрес электронной почты должен быть корректным.',
};
