import { randomBytes } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Database } from '../db/database.ts';
import { insertKeyMaterial, readKeyMaterial } from './identity-repository.ts';

// The provider's keys live in the database: a restart (or a second process) signs with the same key and
// reads the same cookies, so nobody is signed out.

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
  return loadOrCreate<JWK>(db, 'signing', async () => {
    const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
    const jwk = await exportJWK(privateKey);
    const kid = await calculateJwkThumbprint(jwk);
    return { kid, material: { ...jwk, kid, alg: 'RS256', use: 'sig' } };
  });
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
  const material = await readKeyMaterial(db, 'signing');
  return { keys: material === undefined ? [] : [publicJwk(material as JWK)] };
}
