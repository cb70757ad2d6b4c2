import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// Stored as scrypt$N$r$p$salt$hash so the cost can rise later without breaking existing hashes.
const COST = 16_384;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 64;
const SALT_BYTES = 16;

export const PASSWORD_RULE = 'Use at least 12 characters, with at least one letter and one digit.';

function derive(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      keyLength,
      { ...options, maxmem: 64 * 1024 * 1024 },
      (error, key) => {
        if (error) reject(error);
        else resolve(key);
      },
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, KEY_LENGTH, { N: COST, r: BLOCK_SIZE, p: PARALLELISM });
  return ['scrypt', COST, BLOCK_SIZE, PARALLELISM, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || salt === undefined || hash === undefined) return false;
  const expected = Buffer.from(hash, 'base64');
  if (expected.length === 0) return false;
  const actual = await derive(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return timingSafeEqual(actual, expected);
}

// A hash of a random password: checking against it when the email is unknown costs the same time as a real check.
let decoy: Promise<string> | undefined;
export async function spendVerificationTime(password: string): Promise<void> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(password, await decoy);
}

/**
 * A password no one chose, for an account made from the command line or a demo on a production server:
 * 24 random characters, ending in a letter and a digit so that the password rule always holds.
 */
export function generatePassword(): string {
  return `${randomBytes(18).toString('base64url')}a1`;
}

/** The one password rule, for the forced change at sign-in and for sign-up. Null when the password is acceptable. */
export function passwordProblem(password: string): string | null {
  if (password.length < 12 || !/\p{L}/u.test(password) || !/\p{Nd}/u.test(password)) {
    return `The password is too weak. ${PASSWORD_RULE}`;
  }
  return null;
}
