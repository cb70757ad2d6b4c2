// Password storage and the password rule: scrypt at OWASP's minimum cost in production (N=2^17, r=8, p=1),
// weaker stored hashes flagged for a rehash, and common or guessable passwords refused.
import { afterEach, describe, expect, it } from 'vitest';
import {
  hashPassword,
  MINIMUM_COST,
  needsRehash,
  passwordHashCost,
  setPasswordHashCost,
  verifyPassword,
} from '../../server/src/auth/passwords.ts';
import { passwordProblem as problemFor, type PasswordOwner } from '../../server/src/auth/password-rule.ts';
import { ConfigError, loadConfig } from '../../server/src/config.ts';

const PRODUCTION = { NODE_ENV: 'production', PUBLIC_URL: 'https://router.example.org', TLS: 'off' };

describe('scrypt cost', () => {
  const before = passwordHashCost();
  afterEach(() => {
    setPasswordHashCost(before);
  });

  it('is OWASP’s minimum by default, and a production server refuses less', () => {
    expect(MINIMUM_COST).toBe(2 ** 17);
    expect(loadConfig(PRODUCTION).passwordHashCost).toBe(2 ** 17);
    expect(loadConfig({ PUBLIC_URL: 'https://localhost:8443' }).passwordHashCost).toBe(2 ** 17);
    expect(() => loadConfig({ ...PRODUCTION, PASSWORD_HASH_COST: '16384' })).toThrow(ConfigError);
    expect(loadConfig({ ...PRODUCTION, PASSWORD_HASH_COST: String(2 ** 18) }).passwordHashCost).toBe(2 ** 18);
    expect(() => loadConfig({ PASSWORD_HASH_COST: '20000' })).toThrow(/power of two/);
  });

  it('hashes with N=2^17, r=8, p=1 at the production default, and verifies', async () => {
    setPasswordHashCost(loadConfig(PRODUCTION).passwordHashCost);
    const stored = await hashPassword('Ward-seven-nights-2026');
    expect(stored.startsWith('scrypt$131072$8$1$')).toBe(true);
    expect(await verifyPassword('Ward-seven-nights-2026', stored)).toBe(true);
    expect(await verifyPassword('Ward-seven-nights-2027', stored)).toBe(false);
    expect(needsRehash(stored)).toBe(false);
  });

  it('flags a hash stored with a lower cost for a rehash, and still verifies it', async () => {
    setPasswordHashCost(2 ** 10);
    const old = await hashPassword('Ward-seven-nights-2026');
    setPasswordHashCost(2 ** 12);
    expect(needsRehash(old)).toBe(true);
    expect(await verifyPassword('Ward-seven-nights-2026', old)).toBe(true);
    expect(needsRehash(await hashPassword('Ward-seven-nights-2026'))).toBe(false);
  });
});

// An account whose own words appear in none of the passwords below, but for the test that says so.
const STRANGER = { email: 'w.q@example.org', displayName: 'W Q' };
const passwordProblem = (password: string, owner: PasswordOwner = STRANGER) => problemFor(password, owner);

describe('the password rule', () => {
  it.each(['Password1234', 'qwerty123456', 'iloveyou2024', 'abcdefgh1234', 'password12345678'])(
    'refuses the common or guessable %s',
    (password) => {
      expect(passwordProblem(password)).toMatch(/too common or easy to guess/);
    },
  );

  it('refuses a password made of the account’s own email or name', () => {
    expect(passwordProblem('Brzeski.2026')).toBeNull();
    expect(
      passwordProblem('Brzeski.2026', {
        email: 'zoltan.brzeski@sgh.example.org',
        displayName: 'Zoltan Brzeski',
      }),
    ).toMatch(/too common or easy to guess/);
    // Or of the other words an administrator typed for the account (first and last name, company).
    expect(
      passwordProblem('Quillfeather.2026', {
        email: 'zb@sgh.example.org',
        displayName: 'Dr Z',
        otherWords: ['Zoltan', 'Quillfeather', null],
      }),
    ).toMatch(/too common or easy to guess/);
    expect(passwordProblem('Quillfeather.2026')).toBeNull();
  });

  it('accepts a long, uncommon password, and still wants 12 characters with a letter and a digit', () => {
    expect(passwordProblem('Ward-seven-nights-2026')).toBeNull();
    expect(passwordProblem('short1')).toMatch(/too weak/);
    expect(passwordProblem('no digits at all here')).toMatch(/too weak/);
  });
});
