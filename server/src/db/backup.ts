// Backups of the database: the embedded one as a copy of PGlite's data folder (a tar it writes and reads
// itself), PostgreSQL through pg_dump and pg_restore. Used by `npm run backup` and `npm run restore`.
import { execFile } from 'node:child_process';
import { chmodSync, existsSync, readdirSync } from 'node:fs';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import type { Queryable } from './database.ts';
import { makePrivateDir, narrowTree, PRIVATE_FILE_MODE } from './private-files.ts';

const run = promisify(execFile);

/** The embedded database's folder as one tar; the server must not be running on it. */
export async function dumpPgliteDataDir(dataDir: string): Promise<Buffer> {
  const client = await PGlite.create(dataDir, { extensions: { btree_gist } });
  try {
    const tar = await client.dumpDataDir('none');
    return Buffer.from(await tar.arrayBuffer());
  } finally {
    await client.close();
  }
}

/** Writes a dump into dataDir, which must be empty or absent. */
export async function loadPgliteDataDir(dataDir: string, tar: Buffer): Promise<void> {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new Error(`${dataDir} is not empty: restore into a fresh data folder`);
  }
  makePrivateDir(dataDir);
  const client = await PGlite.create(dataDir, {
    extensions: { btree_gist },
    loadDataDir: new Blob([new Uint8Array(tar)]),
  });
  await client.close();
  // PGlite writes a loaded image with files open to everyone.
  narrowTree(dataDir);
}

/**
 * pg_dump's and pg_restore's connection: the URL without its password, which goes in their environment (a
 * command line is visible to every local user, an environment only to the user and root).
 */
function pgConnection(url: string): { readonly dbname: string; readonly env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbname: parsed.toString(),
    env: password === '' ? process.env : { ...process.env, PGPASSWORD: password },
  };
}

export async function pgDump(url: string, file: string): Promise<void> {
  const { dbname, env } = pgConnection(url);
  await run('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, `--dbname=${dbname}`], { env });
  chmodSync(file, PRIVATE_FILE_MODE);
}

/** Restores a pg_dump into the (empty) database of url. */
export async function pgRestore(url: string, file: string): Promise<void> {
  const { dbname, env } = pgConnection(url);
  await run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${dbname}`, file], { env });
}

export interface BackupCounts {
  readonly cases: number;
  readonly attachments: number;
  readonly auditEvents: number;
  readonly caseEvents: number;
  readonly users: number;
  readonly migrations: number;
}

/** What a backup holds, written beside it and compared after a restore. */
export async function countRows(db: Queryable): Promise<BackupCounts> {
  const [row] = await db.query<{ [name: string]: number }>(
    `select (select count(*) from cases)::int8 as cases,
       (select count(*) from attachments)::int8 as attachments,
       (select count(*) from audit_events)::int8 as audit_events,
       (select count(*) from case_events)::int8 as case_events,
       (select count(*) from users)::int8 as users,
       (select count(*) from schema_migrations)::int8 as migrations`,
  );
  return {
    cases: row?.['cases'] ?? 0,
    attachments: row?.['attachments'] ?? 0,
    auditEvents: row?.['audit_events'] ?? 0,
    caseEvents: row?.['case_events'] ?? 0,
    users: row?.['users'] ?? 0,
    migrations: row?.['migrations'] ?? 0,
  };
}
