import { dictionary } from '@zxcvbn-ts/language-common';
import { z } from 'zod';
import { MESSAGES } from '../common/validation';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password-length';

/**
 * The rule of a new password (spec §5, ASVS V2.1): 6 to 32 printable ASCII characters with Latin letters
 * and digits and/or special symbols, not one of the common passwords, not containing the user name.
 * Every place that sets a password (an administrator's create and set, the user's own change, the forced
 * change) parses with `newPasswordSchema(username)`. Imported as `@tms/domain/users/password`, outside the
 * package index, so the web bundle does not carry the list.
 */

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };

/** Stable English messages of the password rules; the web translates them (locales/*\/messages.json). */
export const PASSWORD_MESSAGES = {
  characters: 'The password may contain only Latin letters, digits and special symbols.',
  composition: 'The password must contain Latin letters and digits and/or special symbols.',
  common: 'This password is too common. Choose a less predictable one.',
  containsUsername: 'The password must not contain the username.',
  samePassword: 'The new password cannot equal the previous one.',
  mismatch: 'The passwords do not match.',
} as const;

/**
 * The common-password list of zxcvbn-ts (`@zxcvbn-ts/language-common`, MIT, ~49,000 passwords, lower
 * case, from the leaked-password frequency lists zxcvbn is built on). Built on first use.
 */
let common: ReadonlySet<string> | undefined;
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common']);
  return common.has(password.toLowerCase());
}

const SYMBOL_OR_DIGIT = /[0-9!-/:-@[-`{-~]/;

/** The new password of the account `username` (omit it where no user name exists yet). */
export function newPasswordSchema(username?: string) {
  return z.string().check((ctx) => {
    const password = ctx.value;
    const fail = (message: string) => {
      ctx.issues.push({ code: 'custom', input: password, message });
    };
    if (password.length === 0) return fail(MESSAGES.blank);
    if (password.length < PASSWORD_MIN_LENGTH) fail(MESSAGES.tooShort);
    if (password.length > PASSWORD_MAX_LENGTH) fail(MESSAGES.tooLong);
    if (!/^[\x20-\x7e]*$/.test(password)) return fail(PASSWORD_MESSAGES.characters);
    if (!/[A-Za-z]/.test(password) || !SYMBOL_OR_DIGIT.test(password)) fail(PASSWORD_MESSAGES.composition);
    if (isCommonPassword(password)) fail(PASSWORD_MESSAGES.common);
    const name = username?.trim().toLowerCase();
    if (name && password.toLowerCase().includes(name)) fail(PASSWORD_MESSAGES.containsUsername);
  });
}

/** The rule's messages for `password` (empty when it is acceptable). */
export function newPasswordErrors(password: string, username?: string): string[] {
  const result = newPasswordSchema(username).safeParse(password);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}
