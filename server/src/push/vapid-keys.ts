// The server's VAPID key pair (RFC 8292): it signs every request to a push service, and a device subscribes
// with its public half. Kept in the database beside the identity provider's keys (oidc_keys), made at the
// first start, so that a restart or a second process pushes with the same key and no device must subscribe
// again. `npm run vapid-key -- rotate` makes a new pair; subscriptions are bound to the key they were made
// with, so rotating removes every device and each subscribes again on its next start of the app.
import webpush from 'web-push';
import type { Database, Queryable } from '../db/database.ts';
import { deleteKeyMaterial, insertKeyMaterial, readKeyMaterial } from '../identity/identity-repository.ts';
import { deleteAllDevices } from './push-repository.ts';

const VAPID = 'vapid';

export interface VapidKeys {
  /** Uncompressed P-256 point, base64url: the devices' applicationServerKey. */
  readonly publicKey: string;
  readonly privateKey: string;
}

function isVapidKeys(value: unknown): value is VapidKeys {
  if (typeof value !== 'object' || value === null) return false;
  const keys = value as Record<string, unknown>;
  return typeof keys['publicKey'] === 'string' && typeof keys['privateKey'] === 'string';
}

async function readVapidKeys(db: Queryable): Promise<VapidKeys | undefined> {
  const stored = await readKeyMaterial(db, VAPID);
  return isVapidKeys(stored) ? { publicKey: stored.publicKey, privateKey: stored.privateKey } : undefined;
}

/** The key pair, made and stored at the first start. */
export async function loadVapidKeys(db: Queryable): Promise<VapidKeys> {
  const existing = await readVapidKeys(db);
  if (existing !== undefined) return existing;
  // Two processes starting together: the first insert wins and both use it.
  await insertKeyMaterial(db, VAPID, null, webpush.generateVAPIDKeys());
  const stored = await readVapidKeys(db);
  if (stored === undefined) throw new Error('The VAPID key could not be stored');
  return stored;
}

/** A new key pair; answers how many devices were removed (each subscribes again with the new key). */
export async function rotateVapidKeys(db: Database): Promise<{ publicKey: string; removedDevices: number }> {
  const next = webpush.generateVAPIDKeys();
  return db.transaction(async (tx) => {
    await deleteKeyMaterial(tx, VAPID);
    await insertKeyMaterial(tx, VAPID, null, next);
    return { publicKey: next.publicKey, removedDevices: await deleteAllDevices(tx) };
  });
}

/** The public key, or undefined before the first start made one. */
export async function vapidPublicKey(db: Queryable): Promise<string | undefined> {
  return (await readVapidKeys(db))?.publicKey;
}
