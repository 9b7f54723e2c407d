import { MESSAGES } from '@tms/domain';
import { describe, expect, it } from 'vitest';
import {
  hashPassword,
  PASSWORD_MESSAGES,
  passwordRuleErrors,
  randomPassword,
  verifyDummy,
  verifyPassword,
} from './password';

describe('password rules', () => {
  it('accepts letters with digits and/or special symbols, 6 to 32 characters', () => {
    for (const ok of ['abc123', 'abcde!', 'Pass w0rd', 'a1'.repeat(16), 'X-Y_Z~1', 'abc{}|']) {
      expect(passwordRuleErrors(ok), ok).toEqual([]);
    }
  });

  it('refuses blank, too short and too long', () => {
    expect(passwordRuleErrors('')).toEqual([MESSAGES.blank]);
    expect(passwordRuleErrors('ab12')).toEqual([MESSAGES.tooShort]);
    expect(passwordRuleErrors(`${'a1'.repeat(16)}x`)).toEqual([MESSAGES.tooLong]);
  });

  it('needs Latin letters and digits or special symbols', () => {
    expect(passwordRuleErrors('abcdefgh')).toEqual([PASSWORD_MESSAGES.composition]);
    expect(passwordRuleErrors('12345678')).toEqual([PASSWORD_MESSAGES.composition]);
    expect(passwordRuleErrors('!!!!!!!!')).toEqual([PASSWORD_MESSAGES.composition]);
    expect(passwordRuleErrors('abc   def')).toEqual([PASSWORD_MESSAGES.composition]);
  });

  it('refuses anything outside printable ASCII', () => {
    expect(passwordRuleErrors('пароль123')).toEqual([PASSWORD_MESSAGES.characters]);
    expect(passwordRuleErrors('abc123\t')).toEqual([PASSWORD_MESSAGES.characters]);
    expect(passwordRuleErrors('abcé123')).toEqual([PASSWORD_MESSAGES.characters]);
    expect(passwordRuleErrors('ab1\u00e9')).toEqual([MESSAGES.tooShort, PASSWORD_MESSAGES.characters]);
  });

  it('generates random passwords that pass the rules', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const password = randomPassword();
      expect(password).toHaveLength(16);
      expect(passwordRuleErrors(password)).toEqual([]);
      seen.add(password);
    }
    expect(seen.size).toBe(200);
  });
});

describe('password hashing', () => {
  it('hashes with argon2id at the OWASP settings and verifies', async () => {
    const hashed = await hashPassword('Secret123');
    expect(hashed).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hashed, 'Secret123')).toBe(true);
    expect(await verifyPassword(hashed, 'secret123')).toBe(false);
    expect(await verifyPassword('not a hash', 'Secret123')).toBe(false);
    expect(await verifyDummy('Secret123')).toBe(false);
  });
});
