import { randomBytes } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Database } from '../db/database.ts';
import {
  deleteKeyMaterial,
  insertKeyMaterial,
  moveKeyMaterial,
  readKeyMaterial,
} from './identity-repository.ts';

// The provider's keys live in the database: a restart (or a second process) signs with the same key and
// reads the same cookies, so nobody is signed out.
//
// The signing key can be rotated (`npm run signing-key -- rotate`, then `-- retire`): rotating makes a new key
// the one that signs and keeps the old one as 'signing-previous', published in the JWKS beside it, so that
// tokens it signed still verify; retiring, once those tokens have expired, removes it.

const SIGNING = 'signing';
const PREVIOUS_SIGNING = 'signing-previous';

async function newSigningKey(): Promise<{ kid: string; material: JWK }> {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(jwk);
  return { kid, material: { ...jwk, kid, alg: 'RS256', use: 'sig' } };
}

async function loadOrCreate<T>(
  db: Database,
  purpose: string,
  create: () => Promise<{ kid: string | null; material: T }>,
): Promise<T> {
  const existing = await readKeyMaterial(db, purpose);
  if (existing !== undefined) return existing as T;
  const created = await create();
  // Two processes starting together: the first insert wins and both use it.
  await insertKeyMaterial(db, purpose, created.kid, created.material);
  const stored = await readKeyMaterial(db, purpose);
  if (stored === undefined) throw new Error(`The ${purpose} key could not be stored`);
  return stored as T;
}

/** The private RSA signing key as a JWK, its kid the key's thumbprint so that it never changes for the same key. */
export function loadSigningKey(db: Database): Promise<JWK> {
  return loadOrCreate<JWK>(db, SIGNING, newSigningKey);
}

/** The keys the provider holds: the one that signs first (oidc-provider signs with the first that fits), then the previous one during a rotation. */
export async function loadSigningKeys(db: Database): Promise<JWK[]> {
  const current = await loadSigningKey(db);
  const previous = (await readKeyMaterial(db, PREVIOUS_SIGNING)) as JWK | undefined;
  return previous === undefined ? [current] : [current, previous];
}

export class KeyRotationError extends Error {}

export const keyRotationProblems = {
  pending:
    'A previous signing key is still published: retire it first (npm run signing-key -- retire), once the ' +
    'tokens it signed have expired.',
  nothingToRetire: 'There is no previous signing key to retire.',
} as const;

/**
 * Rotation, step one: a new key signs from the next start of each server process on; the current key becomes
 * the previous one, still published and still trusted. Answers both key ids.
 */
export async function rotateSigningKey(db: Database): Promise<{ current: string; previous: string }> {
  const previous = await loadSigningKey(db);
  const next = await newSigningKey();
  await db.transaction(async (tx) => {
    if ((await readKeyMaterial(tx, PREVIOUS_SIGNING)) !== undefined) {
      throw new KeyRotationError(keyRotationProblems.pending);
    }
    await moveKeyMaterial(tx, SIGNING, PREVIOUS_SIGNING);
    await insertKeyMaterial(tx, SIGNING, next.kid, next.material);
  });
  return { current: next.kid, previous: previous.kid ?? '' };
}

/** Rotation, step two: the previous key is published no more, and tokens it signed no longer verify. */
export async function retireSigningKey(db: Database): Promise<string> {
  const previous = (await readKeyMaterial(db, PREVIOUS_SIGNING)) as JWK | undefined;
  if (previous === undefined) throw new KeyRotationError(keyRotationProblems.nothingToRetire);
  await deleteKeyMaterial(db, PREVIOUS_SIGNING);
  return previous.kid ?? '';
}

/** The key ids published now: the one that signs, and the previous one during a rotation. */
export async function signingKeyIds(db: Database): Promise<{ current?: string; previous?: string }> {
  const current = (await readKeyMaterial(db, SIGNING)) as JWK | undefined;
  const previous = (await readKeyMaterial(db, PREVIOUS_SIGNING)) as JWK | undefined;
  return {
    ...(current?.kid === undefined ? {} : { current: current.kid }),
    ...(previous?.kid === undefined ? {} : { previous: previous.kid }),
  };
}

export async function loadCookieKeys(db: Database): Promise<string[]> {
  const material = await loadOrCreate<{ keys: string[] }>(db, 'cookies', () =>
    Promise.resolve({ kid: null, material: { keys: [randomBytes(32).toString('base64url')] } }),
  );
  return material.keys;
}

function publicJwk(jwk: JWK): JWK {
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicMembers } = jwk;
  return publicMembers;
}

/** The published keys, read from the database, for verifying our own tokens without an HTTPS round trip. */
export async function loadPublicJwks(db: Database): Promise<{ keys: JWK[] }> {
  const keys = [await readKeyMaterial(db, SIGNING), await readKeyMaterial(db, PREVIOUS_SIGNING)];
  return { keys: keys.filter((key) => key !== undefined).map((key) => publicJwk(key as JWK)) };
}
