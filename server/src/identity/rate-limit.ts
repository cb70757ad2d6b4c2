import type { Database } from '../db/database.ts';

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

function windowStart(): string {
  return new Date(Date.now() - SIGN_IN_WINDOW_SECONDS * 1000).toISOString();
}

export async function isSignInBlocked(db: Database, source: SignInSource): Promise<boolean> {
  const [counts] = await db.query<{ account: number | string; address: number | string }>(
    `SELECT count(*) FILTER (WHERE key = $1) AS account, count(*) FILTER (WHERE key = $2) AS address
     FROM login_failures WHERE key IN ($1, $2) AND failed_at > $3`,
    [accountKey(source.email), addressKey(source.address), windowStart()],
  );
  return (
    Number(counts?.account ?? 0) >= ACCOUNT_FAILURE_LIMIT ||
    Number(counts?.address ?? 0) >= ADDRESS_FAILURE_LIMIT
  );
}

export async function recordSignInFailure(db: Database, source: SignInSource): Promise<void> {
  const now = new Date().toISOString();
  await db.transaction(async (tx) => {
    await tx.query('DELETE FROM login_failures WHERE failed_at <= $1', [windowStart()]);
    await tx.query('INSERT INTO login_failures (key, failed_at) VALUES ($1, $3), ($2, $3)', [
      accountKey(source.email),
      addressKey(source.address),
      now,
    ]);
  });
}

/** A successful sign-in forgives the account's earlier mistakes, not the address's. */
export async function clearAccountFailures(db: Database, email: string): Promise<void> {
  await db.query('DELETE FROM login_failures WHERE key = $1', [accountKey(email)]);
}
