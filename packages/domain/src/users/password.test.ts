import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../common/validation';
import { newPasswordErrors, PASSWORD_MESSAGES } from './password';

describe('new password rule', () => {
  it('accepts letters with digits and/or special symbols, 6 to 32 characters', () => {
    for (const ok of ['abc1x3', 'abcde!', 'Pass w0rd', 'a1'.repeat(16), 'X-Y_Z~1', 'abc{}|', 'Demo12345']) {
      expect(newPasswordErrors(ok, 'ivanov'), ok).toEqual([]);
    }
  });

  it('refuses blank, too short and too long', () => {
    expect(newPasswordErrors('')).toEqual([MESSAGES.blank]);
    expect(newPasswordErrors('xq7z')).toEqual([MESSAGES.tooShort]);
    expect(newPasswordErrors(`${'a1'.repeat(16)}x`)).toEqual([MESSAGES.tooLong]);
  });

  it('needs Latin letters and digits or special symbols', () => {
    for (const bad of ['abcdefgh', '12345678', '!!!!!!!!', 'abc   def'])
      expect(newPasswordErrors(bad), bad).toContain(PASSWORD_MESSAGES.composition);
  });

  it('refuses anything outside printable ASCII', () => {
    expect(newPasswordErrors('пароль123')).toEqual([PASSWORD_MESSAGES.characters]);
    expect(newPasswordErrors('abc123\t')).toEqual([PASSWORD_MESSAGES.characters]);
    expect(newPasswordErrors('ab1\u00e9')).toEqual([MESSAGES.tooShort, PASSWORD_MESSAGES.characters]);
  });

  it('refuses common passwords whatever their case', () => {
    for (const common of ['password1', 'Qwerty123', 'P@ssw0rd', 'iloveyou2', 'Abc123'])
      expect(newPasswordErrors(common), common).toEqual([PASSWORD_MESSAGES.common]);
  });

  it('refuses a password containing the user name, case-insensitively', () => {
    expect(newPasswordErrors('xIvanov-77', 'ivanov')).toEqual([PASSWORD_MESSAGES.containsUsername]);
    expect(newPasswordErrors('Chief-2025', 'CHIEF')).toEqual([PASSWORD_MESSAGES.containsUsername]);
    expect(newPasswordErrors('Chief-2025', 'petrov')).toEqual([]);
  });
});
