import type { Database } from '../db/database.ts';
import {
  claimSignInAttempt,
  forgetOldSignInAttempts,
  forgetSignInAttempt,
  type ThrottleRule,
} from './identity-repository.ts';

// Sign-in throttling, counted in the database (every server process sees the same count) by one statement
// per key, so that parallel attempts cannot all pass a check made before any of them was recorded.
// - Per account and address pair: a few free attempts, then delays that double with each failure. Whoever
//   guesses at an account from one place is slowed; its owner, signing in from elsewhere, is not locked out.
// - Per address: far more attempts before any delay, since a hospital's staff share one outgoing address.
export const SIGN_IN_WINDOW_SECONDS = 15 * 60;
export const PAIR_RULE: ThrottleRule = {
  freeAttempts: 5,
  baseDelaySeconds: 5,
  maxDelaySeconds: 15 * 60,
  windowSeconds: SIGN_IN_WINDOW_SECONDS,
};
export const ADDRESS_RULE: ThrottleRule = {
  freeAttempts: 100,
  baseDelaySeconds: 5,
  maxDelaySeconds: 5 * 60,
  windowSeconds: SIGN_IN_WINDOW_SECONDS,
};

export interface SignInSource {
  readonly email: string;
  readonly address: string;
}

const pairKey = (source: SignInSource) => `pair:${source.email.trim().toLowerCase()}|${source.address}`;
const addressKey = (source: SignInSource) => `address:${source.address}`;

/** Counts the attempt before the password is checked; false when the pair or the address is held. */
export async function claimSignIn(db: Database, source: SignInSource): Promise<boolean> {
  const at = new Date().toISOString();
  const address = await claimSignInAttempt(db, addressKey(source), ADDRESS_RULE, at);
  if (address === undefined) return false;
  const pair = await claimSignInAttempt(db, pairKey(source), PAIR_RULE, at);
  return pair !== undefined;
}

/** A successful sign-in forgives the pair's earlier mistakes, and does not count against the address. */
export async function forgiveSignIn(db: Database, source: SignInSource): Promise<void> {
  await forgetSignInAttempt(db, pairKey(source), true);
  await forgetSignInAttempt(db, addressKey(source), false);
  await forgetOldSignInAttempts(db, new Date(Date.now() - SIGN_IN_WINDOW_SECONDS * 1000).toISOString());
}
