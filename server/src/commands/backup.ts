// `npm run backup -- <folder>`: the database and the blobs of the installation the configuration names (run
// it with the server's own environment), into a new folder:
//   database.tar     the embedded database's data folder (stop the server first: PGlite is one process's)
//   database.pgdump  or, with DATABASE_URL, a pg_dump in its custom format (the server may keep running)
//   blobs/           a copy of BLOB_DIR (none when the blobs live in an S3 bucket: see docs/operations.md)
//   manifest.json    when, what, and how many cases, attachments and audit events it holds
// `npm run restore -- <folder>` puts it back (restore.ts).
import { cpSync, existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';
import { countRows, dumpPgliteDataDir, pgDump } from '../db/backup.ts';
import { openDatabase } from '../db/database.ts';
import { makePrivateDir, narrowTree, writePrivateFile } from '../db/private-files.ts';
import { VERSION } from '../version.ts';
import { BACKUP_FORMAT } from './backup-format.ts';

async function main(target: string | undefined): Promise<number> {
  if (target === undefined) {
    console.error('Usage: npm run backup -- <new folder>');
    return 2;
  }
  const folder = resolve(target);
  if (existsSync(folder) && readdirSync(folder).length > 0) {
    console.error(`${folder} is not empty: back up into a new folder`);
    return 2;
  }
  const config = loadConfig();
  // A backup is the whole database and every blob: owner-only, like the data folder it copies.
  makePrivateDir(folder);
  let database: 'pglite' | 'postgres';
  if (config.databaseUrl === undefined) {
    database = 'pglite';
    writePrivateFile(join(folder, 'database.tar'), await dumpPgliteDataDir(join(config.dataDir, 'pglite')));
  } else {
    database = 'postgres';
    await pgDump(config.databaseUrl, join(folder, 'database.pgdump'));
  }
  const blobs = config.operations.s3 === undefined ? 'folder' : 's3';
  if (blobs === 'folder' && existsSync(config.blobDir)) {
    // Blobs are written aside and renamed: a copy never holds half a file, only maybe a stray .tmp.
    cpSync(config.blobDir, join(folder, 'blobs'), {
      recursive: true,
      filter: (source) => !source.endsWith('.tmp'),
    });
  }
  // Counted after the copy: a backup of a running PostgreSQL holds at least these.
  const db = await openDatabase(config);
  const counts = await countRows(db).finally(() => db.close());
  const manifest = {
    format: BACKUP_FORMAT,
    version: VERSION,
    createdAt: new Date().toISOString(),
    database,
    blobs,
    counts,
  };
  writePrivateFile(join(folder, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  // The blobs' copies keep their source's modes: narrowed like the rest.
  narrowTree(folder);
  console.log(
    `Backed up ${counts.cases} cases, ${counts.attachments} attachments and ${counts.auditEvents} audit events to ${folder}`,
  );
  if (blobs === 's3') {
    console.log(
      `The blobs stay in the bucket ${config.operations.s3?.bucket}: back it up as docs/operations.md says.`,
    );
  }
  return 0;
}

try {
  process.exitCode = await main(process.argv[2]);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exitCode = 1;
  } else {
    throw error;
  }
}
