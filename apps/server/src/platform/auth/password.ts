import { randomBytes, randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { MESSAGES } from '@tms/domain';

/** OWASP's argon2id settings (ARCHITECTURE.md "passwords"); the library's default algorithm is argon2id. */
const ARGON2_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 32;

/** Stable English messages of the password rules (spec §5); the client translates them. */
export const PASSWORD_MESSAGES = {
  characters: 'The password may contain only Latin letters, digits and special symbols.',
  composition: 'The password must contain Latin letters and digits and/or special symbols.',
  samePassword: 'The new password cannot equal the previous one.',
  mismatch: 'The passwords do not match.',
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** False for a wrong password and for a malformed stored hash alike. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the time of a real verification, so unknown accounts answer as slowly as wrong passwords. */
export async function verifyDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(24).toString('base64url'));
  await verifyPassword(await dummyHash, password);
  return false;
}

/**
 * Rule messages for a new password (spec §5): 6 to 32 printable ASCII characters with Latin letters and
 * digits and/or special symbols. Empty when the password is acceptable.
 */
export function passwordRuleErrors(password: string): string[] {
  if (password.length === 0) return [MESSAGES.blank];
  const errors: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) errors.push(MESSAGES.tooShort);
  if (password.length > PASSWORD_MAX_LENGTH) errors.push(MESSAGES.tooLong);
  if (!/^[\x20-\x7e]*$/.test(password)) {
    errors.push(PASSWORD_MESSAGES.characters);
  } else if (!/[A-Za-z]/.test(password) || !/[0-9!-/:-@[-`{-~]/.test(password)) {
    errors.push(PASSWORD_MESSAGES.composition);
  }
  return errors;
}

const LETTERS = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';

/** A random password that satisfies the rules: letters and at least two digits, no look-alike characters. */
export function randomPassword(length = 16): string {
  const alphabet = LETTERS + DIGITS;
  const chars = Array.from({ length }, (_, i) => {
    const set = i < 2 ? DIGITS : i < 4 ? LETTERS : alphabet;
    return set[randomInt(set.length)]!;
  });
  // Shuffle so the guaranteed digits and letters are not always in front.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
