// The identity provider's own tables: oidc-provider's stored models (oidc_payloads), the provider's keys
// (oidc_keys) and sign-in throttles (sign_in_throttles). Users are read and written through users/.
import type { AdapterPayload } from 'oidc-provider';
import type { Queryable } from '../db/database.ts';

export interface StoredPayload {
  readonly payload: AdapterPayload;
  readonly consumedAt: string | null;
}

export async function upsertPayload(
  db: Queryable,
  type: string,
  id: string,
  payload: AdapterPayload,
  expiresAt: string | null,
): Promise<void> {
  await db.query(
    `insert into oidc_payloads (id, type, payload, grant_id, user_code, uid, expires_at)
     values ($1, $2, $3::jsonb, $4, $5, $6, $7)
     on conflict (type, id) do update set
       payload = excluded.payload, grant_id = excluded.grant_id, user_code = excluded.user_code,
       uid = excluded.uid, expires_at = excluded.expires_at`,
    [
      id,
      type,
      JSON.stringify(payload),
      payload.grantId ?? null,
      payload.userCode ?? null,
      payload.uid ?? null,
      expiresAt,
    ],
  );
}

/** The unexpired payload of the type whose id, uid or user code is `value`. */
export async function findPayload(
  db: Queryable,
  type: string,
  by: 'id' | 'uid' | 'user_code',
  value: string,
): Promise<StoredPayload | undefined> {
  const [row] = await db.query<{ payload: AdapterPayload; consumed_at: string | null }>(
    `select payload, consumed_at from oidc_payloads
     where type = $1 and ${by} = $2 and (expires_at is null or expires_at > $3)
     limit 1`,
    [type, value, new Date().toISOString()],
  );
  return row && { payload: row.payload, consumedAt: row.consumed_at };
}

export async function consumePayload(db: Queryable, type: string, id: string): Promise<void> {
  await db.query('update oidc_payloads set consumed_at = $3 where type = $1 and id = $2', [
    type,
    id,
    new Date().toISOString(),
  ]);
}

export async function deletePayload(db: Queryable, type: string, id: string): Promise<void> {
  await db.query('delete from oidc_payloads where type = $1 and id = $2', [type, id]);
}

/** Every model stored under the grant, whatever its type. */
export async function deleteGrantPayloads(db: Queryable, grantId: string): Promise<void> {
  await db.query('delete from oidc_payloads where grant_id = $1', [grantId]);
}

export async function deleteExpiredPayloads(db: Queryable): Promise<void> {
  await db.query('delete from oidc_payloads where expires_at < $1', [new Date().toISOString()]);
}

/** The key material stored for the purpose ('signing', 'cookies'). */
export async function readKeyMaterial(db: Queryable, purpose: string): Promise<unknown> {
  const [row] = await db.query<{ material: unknown }>('select material from oidc_keys where purpose = $1', [
    purpose,
  ]);
  return row?.material;
}

/** Stores the key unless one is stored for its purpose already (two processes starting together). */
export async function insertKeyMaterial(
  db: Queryable,
  purpose: string,
  kid: string | null,
  material: unknown,
): Promise<void> {
  await db.query(
    'insert into oidc_keys (purpose, kid, material) values ($1, $2, $3::jsonb) on conflict (purpose) do nothing',
    [purpose, kid, JSON.stringify(material)],
  );
}

/** Gives the key stored for `from` to `to` (a signing key rotated out becomes the previous one). */
export async function moveKeyMaterial(db: Queryable, from: string, to: string): Promise<void> {
  await db.query('update oidc_keys set purpose = $2 where purpose = $1', [from, to]);
}

export async function deleteKeyMaterial(db: Queryable, purpose: string): Promise<void> {
  await db.query('delete from oidc_keys where purpose = $1', [purpose]);
}

/** Failures under either key since `since`. */
export interface ThrottleRule {
  /** Failures in the window before any delay. */
  readonly freeAttempts: number;
  /** The first delay; each further failure doubles it, up to maxDelaySeconds. */
  readonly baseDelaySeconds: number;
  readonly maxDelaySeconds: number;
  /** Failures older than this are forgotten. */
  readonly windowSeconds: number;
}

/**
 * Counts one attempt under the key in a single statement and answers whether it may go on: undefined while
 * the key is held (blocked_until in the future), else the failures now counted. Counting before the check is
 * what makes parallel attempts safe: each sees the count the others left.
 */
export async function claimSignInAttempt(
  db: Queryable,
  key: string,
  rule: ThrottleRule,
  now: string,
): Promise<number | undefined> {
  const rows = await db.query<{ failures: number }>(
    `insert into sign_in_throttles as s (key, failures, last_failure_at, blocked_until)
     values ($1, 1, $2::timestamptz, null)
     on conflict (key) do update set
       failures = case when s.last_failure_at < $2::timestamptz - make_interval(secs => $3) then 1
                       else s.failures + 1 end,
       last_failure_at = excluded.last_failure_at,
       blocked_until = case
         when (case when s.last_failure_at < $2::timestamptz - make_interval(secs => $3) then 1
                    else s.failures + 1 end) > $4
         then $2::timestamptz + make_interval(secs => least($6, $5 * power(2,
                (case when s.last_failure_at < $2::timestamptz - make_interval(secs => $3) then 1
                      else s.failures + 1 end) - $4 - 1)))
       end
     where s.blocked_until is null or s.blocked_until <= $2::timestamptz
     returning s.failures`,
    [key, now, rule.windowSeconds, rule.freeAttempts, rule.baseDelaySeconds, rule.maxDelaySeconds],
  );
  return rows[0]?.failures;
}

/** A successful sign-in: the key's attempt was not a failure after all. */
export async function forgetSignInAttempt(db: Queryable, key: string, all: boolean): Promise<void> {
  await (all
    ? db.query('delete from sign_in_throttles where key = $1', [key])
    : db.query(
        'update sign_in_throttles set failures = greatest(failures - 1, 0) where key = $1 and blocked_until is null',
        [key],
      ));
}

/** Forgets keys whose last failure is older than the window. */
export async function forgetOldSignInAttempts(db: Queryable, before: string): Promise<void> {
  await db.query('delete from sign_in_throttles where last_failure_at < $1', [before]);
}
