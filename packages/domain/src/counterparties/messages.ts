import { FIELD_ROLE_MESSAGES } from '../common/field-roles';

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
  clientOrContractor: 'Choose client, contractor or both.',
  duplicateInnKpp: 'A counterparty with this INN and KPP already exists.',
  creditLimit: 'Credit limit value must be valid.',
  creditLimitExhausted: 'Credit limit exhausted.',
  balanceExhausted: 'Balance exhausted.',
  reasonRequired: 'A reason is required.',
  blackListed: 'The counterparty is in the black list.',
  fieldEditDenied: FIELD_ROLE_MESSAGES.fieldEditDenied,
  managementLock: 'Changes are locked by the management.',
  contractorOnly: 'Only a contractor has drivers and vehicles.',
  ibanRequired: 'An account outside Russia needs its IBAN.',
  endBeforeStart: 'The end date must not be before the start date.',
  futureDate: 'This date must not be in the future.',
  similarCriteria: 'Fill in at least one of name, INN, email or phone.',
  mergeIntoItself: 'A counterparty cannot be merged into itself.',
  alreadyMerged: 'The counterparty has already been merged.',
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
  'Choose client, contractor or both.': 'Выберите: клиент, подрядчик или оба.',
  'A counterparty with this INN and KPP already exists.': 'Контрагент с таким ИНН и КПП уже существует.',
  'Credit limit value must be valid.': 'Значение кредитного лимита должно быть корректным.',
  'Credit limit exhausted.': 'Кредитный лимит исчерпан.',
  'Balance exhausted.': 'Баланс исчерпан.',
  'A reason is required.': 'Укажите причину.',
  'The counterparty is in the black list.': 'Контрагент в чёрном списке.',
  'Field edit access denied.': 'Нет прав на изменение поля.',
  'Changes are locked by the management.': 'Изменения заблокированы руководством.',
  'Only a contractor has drivers and vehicles.': 'Водители и транспорт есть только у подрядчика.',
  'An account outside Russia needs its IBAN.': 'Для счёта за пределами России укажите IBAN.',
  'The end date must not be before the start date.': 'Дата окончания не может быть раньше даты начала.',
  'This date must not be in the future.': 'Дата не может быть в будущем.',
  'Fill in at least one of name, INN, email or phone.':
    'Укажите хотя бы одно: название, ИНН, эл. почту или телефон.',
  'A counterparty cannot be merged into itself.': 'Контрагента нельзя объединить с самим собой.',
  'The counterparty has already been merged.': 'Контрагент уже объединён с другим.',
};
