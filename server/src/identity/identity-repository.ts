// The identity provider's own tables: oidc-provider's stored models (oidc_payloads), the provider's keys
// (oidc_keys) and failed sign-ins (login_failures). Users are read and written through users/.
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

/** Failures under either key since `since`. */
export async function countLoginFailures(
  db: Queryable,
  keys: { readonly account: string; readonly address: string },
  since: string,
): Promise<{ account: number; address: number }> {
  const [counts] = await db.query<{ account: number | string; address: number | string }>(
    `select count(*) filter (where key = $1) as account, count(*) filter (where key = $2) as address
     from login_failures where key in ($1, $2) and failed_at > $3`,
    [keys.account, keys.address, since],
  );
  return { account: Number(counts?.account ?? 0), address: Number(counts?.address ?? 0) };
}

/** Records one failure under both keys, and forgets every failure older than `forgetBefore`. */
export async function recordLoginFailure(
  db: Queryable,
  keys: { readonly account: string; readonly address: string },
  at: string,
  forgetBefore: string,
): Promise<void> {
  await db.query('delete from login_failures where failed_at <= $1', [forgetBefore]);
  await db.query('insert into login_failures (key, failed_at) values ($1, $3), ($2, $3)', [
    keys.account,
    keys.address,
    at,
  ]);
}

export async function clearLoginFailures(db: Queryable, key: string): Promise<void> {
  await db.query('delete from login_failures where key = $1', [key]);
}
