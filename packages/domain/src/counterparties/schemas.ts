import { z } from 'zod';
import { MESSAGES } from '../common/validation';
import { isValidBik, type RussianBankDetails, russianBankDetailsErrors } from './bank';
import { isValidEmail, isValidEmailList, parseEmailList } from './emails';
import { isValidIban, normalizeIban } from './iban';
import { COUNTERPARTY_MESSAGES as M } from './messages';
import {
  type CounterpartyRequisites,
  isValidInn,
  isValidKpp,
  isValidOgrn,
  isValidOgrnip,
  isValidOkpo,
  requisitesErrors,
} from './requisites';
import { hasNoCyrillic, isLatinCyrillicText, isLatinDigitsDash } from './text';

/**
 * Field schemas of counterparty details. Each trims its input (pasted text) and fails with one stable
 * message; compose them with `.nullable()`, `.optional()`, `.min()`, `.max()` as the field needs.
 */
function checked(check: (value: string) => boolean, message: string) {
  return z.string().trim().refine(check, message);
}

export const innSchema = checked((value) => isValidInn(value), M.inn);
export const innLegalSchema = checked((value) => isValidInn(value, 'legal'), M.inn);
export const innIndividualSchema = checked((value) => isValidInn(value, 'individual'), M.inn);
/** Reason-code letters are capital by the format; typed lower-case ones are raised. */
export const kppSchema = z.string().trim().toUpperCase().refine(isValidKpp, M.kpp);
/** OGRN of a legal entity or OGRNIP of a sole proprietor: the one field of the spec holds either. */
export const ogrnSchema = checked((value) => isValidOgrn(value), M.ogrn);
export const ogrnLegalSchema = checked((value) => isValidOgrn(value, 'legal'), M.ogrn);
export const ogrnipSchema = checked(isValidOgrnip, M.ogrnip);
export const okpoSchema = checked(isValidOkpo, M.okpo);
export const bikSchema = checked(isValidBik, M.bik);
export const SWIFT_MESSAGE = 'This value is not a valid SWIFT code.';
/** SWIFT/BIC (ISO 9362): bank 4 letters, country 2 letters, location 2, optional branch 3. */
export const swiftSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/, SWIFT_MESSAGE);
/** The form of a Russian account (20 digits); its key needs the BIK, see `refineRussianBankDetails`. */
export const russianAccountSchema = checked((value) => /^\d{20}$/.test(value), M.bankAccount);
export const correspondentAccountSchema = checked(
  (value) => /^30101\d{15}$/.test(value),
  M.correspondentAccount,
);
/** Accepts spaces and lower case; the parsed value is the electronic form (`DE89370400440532013000`). */
export const ibanSchema = z.string().overwrite(normalizeIban).refine(isValidIban, M.iban);

export const latinCyrillicTextSchema = z
  .string()
  .trim()
  .overwrite((value) => value.normalize('NFC'))
  .refine(isLatinCyrillicText, M.latinCyrillic);
export const latinDigitsDashSchema = checked(isLatinDigitsDash, M.latinDigitsDash);
export const noCyrillicTextSchema = checked(hasNoCyrillic, M.noCyrillic);

export const emailSchema = checked(isValidEmail, MESSAGES.email);
/** A list typed in one field; the parsed value is the addresses joined by ", ". */
export const emailListSchema = z
  .string()
  .trim()
  .refine(isValidEmailList, M.emailList)
  .overwrite((value) => parseEmailList(value).join(', '));
/** The address a contact or counterparty is reached at first (the one notifications go to). */
export const primaryEmailSchema = checked(isValidEmail, M.primaryEmail);

function addFieldIssues(ctx: z.core.$RefinementCtx, errors: Readonly<Record<string, string | undefined>>) {
  for (const [field, message] of Object.entries(errors)) {
    if (message) ctx.addIssue({ code: 'custom', message, path: [field], input: ctx.value });
  }
}

/**
 * Object-level check of `inn`, `kpp`, `ogrn`, `okpo` together (each when filled, and their agreement):
 * `schema.superRefine(refineRequisites)`. Issues are placed at the fields.
 */
export function refineRequisites(value: CounterpartyRequisites, ctx: z.core.$RefinementCtx) {
  addFieldIssues(ctx, requisitesErrors(value));
}

/**
 * Object-level check of `bik`, `account`, `correspondentAccount` (the accounts' keys against the BIK):
 * `schema.superRefine(refineRussianBankDetails)`. Issues are placed at the fields.
 */
export function refineRussianBankDetails(value: RussianBankDetails, ctx: z.core.$RefinementCtx) {
  addFieldIssues(ctx, russianBankDetailsErrors(value));
}
