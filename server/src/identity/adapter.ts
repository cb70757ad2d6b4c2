import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Database } from '../db/database.ts';

// oidc-provider's storage over our database, one table for every model (see 0002_identity.sql).

interface PayloadRow {
  [key: string]: unknown;
  payload: AdapterPayload;
  consumed_at: string | null;
}

function epochSeconds(iso: string): number {
  return Math.floor(Date.parse(iso) / 1000);
}

class DatabaseAdapter implements Adapter {
  readonly #db: Database;
  readonly #type: string;

  constructor(db: Database, type: string) {
    this.#db = db;
    this.#type = type;
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const expiresAt =
      typeof expiresIn === 'number' ? new Date(Date.now() + expiresIn * 1000).toISOString() : null;
    await this.#db.query(
      `INSERT INTO oidc_payloads (id, type, payload, grant_id, user_code, uid, expires_at)
       VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7)
       ON CONFLICT (type, id) DO UPDATE SET
         payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id, user_code = EXCLUDED.user_code,
         uid = EXCLUDED.uid, expires_at = EXCLUDED.expires_at`,
      [
        id,
        this.#type,
        JSON.stringify(payload),
        payload.grantId ?? null,
        payload.userCode ?? null,
        payload.uid ?? null,
        expiresAt,
      ],
    );
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    return this.#findWhere('id = $2', id);
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.#findWhere('uid = $2', uid);
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.#findWhere('user_code = $2', userCode);
  }

  async consume(id: string): Promise<void> {
    await this.#db.query('UPDATE oidc_payloads SET consumed_at = $3 WHERE type = $1 AND id = $2', [
      this.#type,
      id,
      new Date().toISOString(),
    ]);
  }

  async destroy(id: string): Promise<void> {
    await this.#db.query('DELETE FROM oidc_payloads WHERE type = $1 AND id = $2', [this.#type, id]);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    // A grant's artefacts live under several models; revoking the grant removes them all.
    await this.#db.query('DELETE FROM oidc_payloads WHERE grant_id = $1', [grantId]);
  }

  async #findWhere(condition: string, value: string): Promise<AdapterPayload | undefined> {
    const [row] = await this.#db.query<PayloadRow>(
      `SELECT payload, consumed_at FROM oidc_payloads
       WHERE type = $1 AND ${condition} AND (expires_at IS NULL OR expires_at > $3)
       LIMIT 1`,
      [this.#type, value, new Date().toISOString()],
    );
    if (!row) return undefined;
    return row.consumed_at === null
      ? row.payload
      : { ...row.payload, consumed: epochSeconds(row.consumed_at) };
  }
}

export function databaseAdapterFactory(db: Database): (type: string) => Adapter {
  return (type) => new DatabaseAdapter(db, type);
}

/** Removes what has expired; oidc-provider never asks for it again. */
export async function deleteExpiredPayloads(db: Database): Promise<void> {
  await db.query('DELETE FROM oidc_payloads WHERE expires_at < $1', [new Date().toISOString()]);
}
