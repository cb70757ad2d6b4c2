import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// Hashing and checking passwords. What a password must be is password-rule.ts.
// Stored as scrypt$N$r$p$salt$hash so the cost can rise later without breaking existing hashes: a hash stored
// with a lower cost is rehashed at its owner's next successful sign-in (needsRehash).

/**
 * OWASP's current minimum for scrypt (Password Storage guidance): N=2^17, r=8, p=1, about 128 MiB per hash.
 * Production always hashes with at least this; PASSWORD_HASH_COST may lower it on a developer's machine and in
 * tests only (config.ts refuses less on a production server).
 */
export const MINIMUM_COST = 2 ** 17;
/** The highest N we compute, for our own hashes or stored ones (2^20 is 1 GiB of memory). */
const MAXIMUM_COST = 2 ** 20;
let cost = MINIMUM_COST;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 64;
const SALT_BYTES = 16;

function derive(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      keyLength,
      // scrypt needs 128 * N * r bytes; Node's default ceiling (32 MiB) is below the minimum cost.
      {
        ...options,
        maxmem: 128 * (options.N ?? MINIMUM_COST) * (options.r ?? BLOCK_SIZE) + 16 * 1024 * 1024,
      },
      (error, key) => {
        if (error) reject(error);
        else resolve(key);
      },
    );
  });
}

/** The cost new hashes get (config.passwordHashCost, set when the app is built); a power of two. */
export function setPasswordHashCost(n: number): void {
  if (!Number.isInteger(Math.log2(n)) || n < 2 ** 10 || n > MAXIMUM_COST) {
    throw new Error(`scrypt cost ${n} is not a power of two between 2^10 and 2^20`);
  }
  cost = n;
}

export function passwordHashCost(): number {
  return cost;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const n = cost;
  const key = await derive(password, salt, KEY_LENGTH, { N: n, r: BLOCK_SIZE, p: PARALLELISM });
  return ['scrypt', n, BLOCK_SIZE, PARALLELISM, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Whether a stored hash is weaker than what we hash with now: its owner's next sign-in stores a new one. */
export function needsRehash(stored: string): boolean {
  const [scheme, n, r, p] = stored.split('$');
  return scheme !== 'scrypt' || Number(n) < cost || Number(r) < BLOCK_SIZE || Number(p) < PARALLELISM;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || salt === undefined || hash === undefined) return false;
  const expected = Buffer.from(hash, 'base64');
  if (expected.length === 0 || !(Number(n) <= MAXIMUM_COST)) return false;
  const actual = await derive(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return timingSafeEqual(actual, expected);
}

// A hash of a random password: checking against it when the email is unknown costs the same time as a real check.
let decoy: { readonly cost: number; readonly hash: Promise<string> } | undefined;
export async function spendVerificationTime(password: string): Promise<void> {
  if (decoy?.cost !== cost) decoy = { cost, hash: hashPassword(randomBytes(16).toString('hex')) };
  await verifyPassword(password, await decoy.hash);
}

/**
 * A password no one chose, for an account made from the command line or a demo on a production server:
 * 24 random characters, ending in a letter and a digit so that the password rule always holds.
 */
export function generatePassword(): string {
  return `${randomBytes(18).toString('base64url')}a1`;
}
