import { newPasswordErrors } from '@tms/domain/users/password';
import { describe, expect, it } from 'vitest';
import { hashPassword, randomPassword, verifyDummy, verifyPassword } from './password';

describe('random passwords', () => {
  it('generates random passwords that pass the rules', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const password = randomPassword();
      expect(password).toHaveLength(16);
      expect(newPasswordErrors(password, 'admin')).toEqual([]);
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
