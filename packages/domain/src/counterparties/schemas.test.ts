import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { flattenTree, issuesToTree, MESSAGES } from '../common/validation';
import { COUNTERPARTY_MESSAGES_RU, COUNTERPARTY_MESSAGES as M } from './messages';
import {
  bikSchema,
  correspondentAccountSchema,
  emailListSchema,
  emailSchema,
  ibanSchema,
  innIndividualSchema,
  innLegalSchema,
  innSchema,
  kppSchema,
  latinCyrillicTextSchema,
  latinDigitsDashSchema,
  noCyrillicTextSchema,
  ogrnipSchema,
  ogrnLegalSchema,
  ogrnSchema,
  okpoSchema,
  primaryEmailSchema,
  refineRequisites,
  refineRussianBankDetails,
  russianAccountSchema,
} from './schemas';

/** The Validation Failed tree a client would get, flattened to `path: messages`. */
function errorsOf(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  return result.success ? {} : flattenTree(issuesToTree(result.error.issues));
}

function parsed<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  return schema.parse(input);
}

describe('field schemas', () => {
  const cases: [string, z.ZodType, string, string, string][] = [
    ['innSchema', innSchema, '7707083893', '7707083894', M.inn],
    ['innLegalSchema', innLegalSchema, '7736050003', '500100732259', M.inn],
    ['innIndividualSchema', innIndividualSchema, '500100732259', '7736050003', M.inn],
    ['kppSchema', kppSchema, '773601001', '77360100', M.kpp],
    ['ogrnSchema', ogrnSchema, '304500116000157', '1027700132196', M.ogrn],
    ['ogrnLegalSchema', ogrnLegalSchema, '1027700132195', '304500116000157', M.ogrn],
    ['ogrnipSchema', ogrnipSchema, '304500116000157', '1027700132195', M.ogrnip],
    ['okpoSchema', okpoSchema, '00032537', '00032538', M.okpo],
    ['bikSchema', bikSchema, '044525225', '054525225', M.bik],
    [
      'russianAccountSchema',
      russianAccountSchema,
      '40702810238720001420',
      '4070281023872000142',
      M.bankAccount,
    ],
    [
      'correspondentAccountSchema',
      correspondentAccountSchema,
      '30101810400000000225',
      '40702810238720001420',
      M.correspondentAccount,
    ],
    ['ibanSchema', ibanSchema, 'DE89370400440532013000', 'DE89370400440532013001', M.iban],
    ['latinCyrillicTextSchema', latinCyrillicTextSchema, 'ООО «Ромашка» & Co.', 'Company!', M.latinCyrillic],
    ['latinDigitsDashSchema', latinDigitsDashSchema, 'FTL-EU-RU', 'FTL EU', M.latinDigitsDash],
    ['noCyrillicTextSchema', noCyrillicTextSchema, 'Hamburg', 'Гамбург', M.noCyrillic],
    ['emailSchema', emailSchema, 'info@sberbank.ru', 'info@', MESSAGES.email],
    ['emailListSchema', emailListSchema, 'a@x.ru; b@y.ru', 'a@x.ru; b@', M.emailList],
    ['primaryEmailSchema', primaryEmailSchema, 'info@sberbank.ru', 'info@sberbank', M.primaryEmail],
  ];

  it.each(cases)(
    '%s accepts a valid value and refuses an invalid one with its message',
    (_, schema, valid, invalid, message) => {
      expect(errorsOf(schema, valid)).toEqual({});
      expect(errorsOf(schema, invalid)).toEqual({ '': [message] });
    },
  );

  it.each(cases)('%s refuses a non-string with the type message only', (_, schema) => {
    expect(errorsOf(schema, 7707083893)).toEqual({ '': [MESSAGES.type] });
  });

  it('trims pasted values', () => {
    expect(parsed(innSchema, ' 7707083893\n')).toBe('7707083893');
    expect(parsed(bikSchema, '\t044525225 ')).toBe('044525225');
    expect(parsed(latinCyrillicTextSchema, '  ООО «Ромашка»  ')).toBe('ООО «Ромашка»');
  });

  it('raises the case of a KPP reason code', () => {
    expect(parsed(kppSchema, '7736ab001')).toBe('7736AB001');
  });

  it('gives an IBAN in its electronic form', () => {
    expect(parsed(ibanSchema, 'gb82 west 1234 5698 7654 32')).toBe('GB82WEST12345698765432');
  });

  it('composes a name in NFC, so the stored text has one code point per accented letter', () => {
    expect(parsed(latinCyrillicTextSchema, 'Socie\u0301te\u0301')).toBe('Société');
  });

  it('gives an email list as its addresses joined by ", "', () => {
    expect(parsed(emailListSchema, ' a@x.ru;b@y.com\n c@z.de ')).toBe('a@x.ru, b@y.com, c@z.de');
  });

  it('composes with length and optionality', () => {
    const name = latinCyrillicTextSchema.min(1).max(10).nullable();
    expect(errorsOf(name, null)).toEqual({});
    expect(errorsOf(name, 'Очень длинное имя')).toEqual({ '': [MESSAGES.tooLong] });
  });
});

describe('object refinements', () => {
  const counterparty = z
    .object({
      name: latinCyrillicTextSchema,
      inn: innSchema.nullish(),
      kpp: kppSchema.nullish(),
      ogrn: ogrnSchema.nullish(),
      okpo: okpoSchema.nullish(),
      bankAccounts: z.array(
        z
          .object({
            bik: bikSchema.nullish(),
            account: russianAccountSchema.nullish(),
            correspondentAccount: correspondentAccountSchema.nullish(),
          })
          .superRefine(refineRussianBankDetails),
      ),
    })
    .superRefine(refineRequisites);

  const sberbank = {
    name: 'ПАО Сбербанк',
    inn: '7707083893',
    kpp: '773601001',
    ogrn: '1027700132195',
    okpo: '00032537',
    bankAccounts: [
      { bik: '044525225', account: '40702810238720001420', correspondentAccount: '30101810400000000225' },
    ],
  };

  it('accepts consistent details', () => {
    expect(errorsOf(counterparty, sberbank)).toEqual({});
  });

  it('places agreement errors at their fields', () => {
    expect(errorsOf(counterparty, { ...sberbank, ogrn: '304500116000157' })).toEqual({
      ogrn: [M.ogrnMismatch],
    });
    expect(errorsOf(counterparty, { ...sberbank, inn: '500100732259', ogrn: null })).toEqual({
      kpp: [M.kppForIndividual],
    });
  });

  it('places bank key errors under the account item', () => {
    const bankAccounts = [
      sberbank.bankAccounts[0],
      { bik: '044030653', account: '40702810238720001420', correspondentAccount: '30101810400000000225' },
    ];
    expect(errorsOf(counterparty, { ...sberbank, bankAccounts })).toEqual({
      'bankAccounts.1.account': [M.bankAccount],
      'bankAccounts.1.correspondentAccount': [M.correspondentAccount],
    });
  });
});

describe('COUNTERPARTY_MESSAGES_RU', () => {
  it('translates every message into Russian', () => {
    const english = Object.values(M);
    expect(Object.keys(COUNTERPARTY_MESSAGES_RU).sort()).toEqual([...english].sort());
    for (const message of english)
      expect(COUNTERPARTY_MESSAGES_RU[message], message).toMatch(/^[А-ЯЁ].*[а-яё].*\.$/u);
  });

  it('keeps the stable English texts of the spec', () => {
    expect(M).toMatchObject({
      inn: 'This value is not a valid INN.',
      kpp: 'This value is not a valid KPP.',
      ogrn: 'This value is not a valid OGRN.',
      okpo: 'This value is not a valid OKPO.',
      bik: 'This value is not a valid BIK.',
      bankAccount: 'This value is not a valid bank account number.',
      iban: 'This value is not a valid IBAN.',
      latinCyrillic: 'Only Latin and Cyrillic characters are allowed.',
      latinDigitsDash: 'Only Latin letters, digits and dash are allowed.',
      noCyrillic: 'Cyrillic characters are not allowed.',
      primaryEmail: 'Primary email must be valid.',
    });
    expect(new Set(Object.values(M)).size).toBe(Object.values(M).length);
  });
});
