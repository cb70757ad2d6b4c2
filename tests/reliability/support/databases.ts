// The databases the server processes of these suites run on, prepared by the test beforehand: migrated, with
// the demo organisation and users, neurology on call at St George's, and the signing key the test signs
// tokens with.
import { randomBytes } from 'node:crypto';
import type { JWK } from 'jose';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../../../server/src/db/database.ts';
import { loadSigningKey } from '../../../server/src/identity/keys.ts';
import { NEURO_1, NEURO_PRIMARY, seedCasesDatabase, setOnCall } from '../../api/support/cases-app.ts';

export const postgresUrl: string | undefined = process.env['DATABASE_URL'] || undefined;

async function prepare(db: Database): Promise<JWK> {
  await seedCasesDatabase(db, new Date(), true);
  await setOnCall(db, 'spc_neurology', { primary: NEURO_PRIMARY, backup: NEURO_1 });
  return loadSigningKey(db);
}

/** An embedded database in dataDir (as DATA_DIR), prepared and closed again for the server to open. */
export async function preparePglite(dataDir: string): Promise<JWK> {
  const db = await openPglite({ dataDir: `${dataDir}/pglite` });
  try {
    return await prepare(db);
  } finally {
    await db.close();
  }
}

export interface FreshPostgres {
  /** The new database's URL, for DATABASE_URL. */
  readonly url: string;
  /** The test's own connection to it, for checking invariants. */
  readonly db: Database;
  readonly jwk: JWK;
  drop(): Promise<void>;
}

/** A new PostgreSQL database of its own on the server of DATABASE_URL, prepared (or empty); drop() removes it. */
export async function freshPostgres(
  adminUrl: string,
  { empty = false }: { empty?: boolean } = {},
): Promise<FreshPostgres> {
  const name = `reliability_${randomBytes(5).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = openPostgres({ url: url.toString(), max: 4 });
  // An empty one has no signing key yet: the one returned is a placeholder never used to sign.
  const jwk = empty ? {} : await prepare(db);
  return {
    url: url.toString(),
    db,
    jwk,
    async drop() {
      await db.close();
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}
