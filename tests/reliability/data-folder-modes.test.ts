// A start on a data folder that an older version (or a loose umask) left readable by other local users: the
// real server narrows the database, blobs and certificate folders to owner-only before it opens them, says so
// in its log, and leaves alone what else an operator keeps in the data folder.
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { notOwnerOnly } from '../support/file-modes.ts';
import { preparePglite } from './support/databases.ts';
import { startServerProcess, type ServerProcess } from './support/server-process.ts';

const PORT = 9430;

let dataDir: string;
let server: ServerProcess | undefined;

/** Opens every folder under path to 0755 and every file to 0644, as a umask of 022 leaves them. */
function loosen(path: string): void {
  const stats = lstatSync(path);
  if (stats.isDirectory()) {
    chmodSync(path, 0o755);
    for (const name of readdirSync(path)) loosen(join(path, name));
  } else if (stats.isFile()) {
    chmodSync(path, 0o644);
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'case-router-modes-'));
  await preparePglite(dataDir);
  mkdirSync(join(dataDir, 'blobs', 'cases', 'cas_old'), { recursive: true });
  writeFileSync(join(dataDir, 'blobs', 'cases', 'cas_old', 'att_old'), 'a scan');
  writeFileSync(join(dataDir, 'operator-notes.txt'), 'kept by the operator');
  loosen(dataDir);
  server = await startServerProcess({ port: PORT, env: { DATA_DIR: dataDir } });
});

afterAll(async () => {
  await server?.stop('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

it('narrows the database and blobs to 0700 folders and 0600 files at start, and says so in its log', async () => {
  if (!server) throw new Error('no server');
  const narrowed = server.logs.filter((line) => String(line['msg']).startsWith('narrowed'));
  expect(narrowed.map((line) => line['folder'])).toEqual([
    dataDir,
    join(dataDir, 'pglite'),
    join(dataDir, 'blobs'),
  ]);
  expect(narrowed.every((line) => line['level'] === 40)).toBe(true);
  expect(Number(narrowed[1]?.['changed'])).toBeGreaterThan(100);

  expect(lstatSync(dataDir).mode & 0o777).toBe(0o700);
  for (const folder of ['pglite', 'blobs']) expect(notOwnerOnly(join(dataDir, folder)), folder).toEqual([]);
  // Not the server's: the data folder's own mode keeps others out, its contents are the operator's.
  expect(lstatSync(join(dataDir, 'operator-notes.txt')).mode & 0o777).toBe(0o644);
  // The database it narrowed is the one it serves.
  expect((await fetch(`${server.url}/api/v1/health/ready`)).status).toBe(200);
});
