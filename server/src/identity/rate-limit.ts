import type { Database } from '../db/database.ts';
import { clearLoginFailures, countLoginFailures, recordLoginFailure } from './identity-repository.ts';

// Failed sign-ins are counted in the database so that every server process sees the same count.
export const SIGN_IN_WINDOW_SECONDS = 15 * 60;
export const ACCOUNT_FAILURE_LIMIT = 10;
// Higher per address: a hospital's staff often share one outgoing address.
export const ADDRESS_FAILURE_LIMIT = 30;

export interface SignInSource {
  readonly email: string;
  readonly address: string;
}

const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
const addressKey = (address: string) => `address:${address}`;
const keysOf = (source: SignInSource) => ({
  account: accountKey(source.email),
  address: addressKey(source.address),
});

function windowStart(): string {
  return new Date(Date.now() - SIGN_IN_WINDOW_SECONDS * 1000).toISOString();
}

export async function isSignInBlocked(db: Database, source: SignInSource): Promise<boolean> {
  const counts = await countLoginFailures(db, keysOf(source), windowStart());
  return counts.account >= ACCOUNT_FAILURE_LIMIT || counts.address >= ADDRESS_FAILURE_LIMIT;
}

export async function recordSignInFailure(db: Database, source: SignInSource): Promise<void> {
  const now = new Date().toISOString();
  await db.transaction((tx) => recordLoginFailure(tx, keysOf(source), now, windowStart()));
}

/** A successful sign-in forgives the account's earlier mistakes, not the address's. */
export async function clearAccountFailures(db: Database, email: string): Promise<void> {
  await clearLoginFailures(db, accountKey(email));
}
