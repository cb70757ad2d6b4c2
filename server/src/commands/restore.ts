// `npm run restore -- <folder>`: a backup made by `npm run backup` into the installation the configuration
// names: the embedded database into a fresh DATA_DIR (it refuses one that holds a database), or with
// DATABASE_URL into an empty PostgreSQL database; the blobs into BLOB_DIR. Then it counts what it restored
// against the backup's manifest and says so; a difference exits 1.
import { cpSync, existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';
import { countRows, loadPgliteDataDir, pgRestore, type BackupCounts } from '../db/backup.ts';
import { openDatabase } from '../db/database.ts';
import { narrowTree } from '../db/private-files.ts';
import { BACKUP_FORMAT } from './backup-format.ts';

interface Manifest {
  readonly format: number;
  readonly database: 'pglite' | 'postgres';
  readonly blobs: 'folder' | 's3';
  readonly counts: BackupCounts;
}

async function main(source: string | undefined): Promise<number> {
  if (source === undefined) {
    console.error('Usage: npm run restore -- <backup folder>');
    return 2;
  }
  const folder = resolve(source);
  const manifest = JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8')) as Manifest;
  if (manifest.format !== BACKUP_FORMAT) {
    console.error(`${folder} is a backup of format ${manifest.format}; this version reads ${BACKUP_FORMAT}`);
    return 2;
  }
  const config = loadConfig();
  if (manifest.database === 'pglite' && config.databaseUrl === undefined) {
    await loadPgliteDataDir(join(config.dataDir, 'pglite'), readFileSync(join(folder, 'database.tar')));
  } else if (manifest.database === 'postgres' && config.databaseUrl !== undefined) {
    await pgRestore(config.databaseUrl, join(folder, 'database.pgdump'));
  } else {
    console.error(
      `The backup holds a ${manifest.database} database; set DATABASE_URL ${manifest.database === 'postgres' ? 'to an empty PostgreSQL database' : 'to nothing (the embedded database)'} to restore it`,
    );
    return 2;
  }
  if (manifest.blobs === 'folder' && existsSync(join(folder, 'blobs'))) {
    cpSync(join(folder, 'blobs'), config.blobDir, { recursive: true, errorOnExist: true, force: false });
    narrowTree(config.blobDir);
  }
  const db = await openDatabase(config);
  const counts = await countRows(db).finally(() => db.close());
  const short = Object.entries(manifest.counts).filter(
    ([name, count]) => counts[name as keyof BackupCounts] < count,
  );
  if (short.length > 0) {
    console.error(
      `Restored fewer rows than the backup holds: ${JSON.stringify({ expected: manifest.counts, found: counts })}`,
    );
    return 1;
  }
  console.log(
    `Restored ${counts.cases} cases, ${counts.attachments} attachments and ${counts.auditEvents} audit events from ${folder}`,
  );
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
