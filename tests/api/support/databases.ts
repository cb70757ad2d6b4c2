// Run an API suite against every database we support: PGlite always, PostgreSQL too when DATABASE_URL
// is set (e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/test).
//
//   forEachDatabase((name, open) => {
//     it('works', async () => {
//       const db = await open();        // empty, isolated, not migrated
//       ...
//       await db.close();               // PostgreSQL: also drops the schema it made
//     });
//   });
//
// Every open() is isolated: PGlite in memory, or on PostgreSQL a schema of its own (t_<random>) reached
// through search_path, dropped again by close(). For a whole app on it, see buildTestApp in ./app.ts.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe } from 'vitest';
import { openPglite, openPostgres, type Database } from '../../../server/src/db/database.ts';

export type DatabaseName = 'pglite' | 'postgres';
export type OpenDatabase = () => Promise<Database>;

export const postgresUrl: string | undefined = process.env['DATABASE_URL'] || undefined;

export function openTestPglite(): Promise<Database> {
  return openPglite();
}

export async function openTestPostgres(url: string = requirePostgresUrl()): Promise<Database> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  await withAdminClient(url, (client) => client.query(`create schema ${schema}`));
  const db = openPostgres({ url, searchPath: schema, max: 4 });
  return {
    ...db,
    async close() {
      await db.close();
      await withAdminClient(url, (client) => client.query(`drop schema if exists ${schema} cascade`));
    },
  };
}

/** Declares `suite` once per database, each inside a describe named after it. */
export function forEachDatabase(suite: (name: DatabaseName, open: OpenDatabase) => void): void {
  describe('on PGlite', () => {
    suite('pglite', openTestPglite);
  });
  if (postgresUrl !== undefined) {
    const url = postgresUrl;
    describe('on PostgreSQL', () => {
      suite('postgres', () => openTestPostgres(url));
    });
  }
}

function requirePostgresUrl(): string {
  if (postgresUrl === undefined) throw new Error('DATABASE_URL is not set');
  return postgresUrl;
}

async function withAdminClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
