import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Database } from '../db/database.ts';
import {
  consumePayload,
  deleteGrantPayloads,
  deletePayload,
  findPayload,
  upsertPayload,
} from './identity-repository.ts';

// oidc-provider's storage over our database, one table for every model (see 0002_identity.sql).

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
    await upsertPayload(this.#db, this.#type, id, payload, expiresAt);
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    return this.#findBy('id', id);
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.#findBy('uid', uid);
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.#findBy('user_code', userCode);
  }

  async consume(id: string): Promise<void> {
    await consumePayload(this.#db, this.#type, id);
  }

  async destroy(id: string): Promise<void> {
    await deletePayload(this.#db, this.#type, id);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    // A grant's artefacts live under several models; revoking the grant removes them all.
    await deleteGrantPayloads(this.#db, grantId);
  }

  async #findBy(by: 'id' | 'uid' | 'user_code', value: string): Promise<AdapterPayload | undefined> {
    const stored = await findPayload(this.#db, this.#type, by, value);
    if (!stored) return undefined;
    return stored.consumedAt === null
      ? stored.payload
      : { ...stored.payload, consumed: epochSeconds(stored.consumedAt) };
  }
}

export function databaseAdapterFactory(db: Database): (type: string) => Adapter {
  return (type) => new DatabaseAdapter(db, type);
}
