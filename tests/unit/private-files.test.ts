// The data folder is owner-only whatever the umask: the embedded database (its write-ahead log holds the
// signing key, password hashes and clinical text), the blobs and the generated TLS key. Run under umask 000,
// the loosest there is, so every mode below is one the code chose, not one the umask narrowed.
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directoryBlobStore } from '../../server/src/blobs/store.ts';
import { loadConfig } from '../../server/src/config.ts';
import { openPglite } from '../../server/src/db/database.ts';
import { narrowTree } from '../../server/src/db/private-files.ts';
import { loadTls } from '../../server/src/tls.ts';
import { notOwnerOnly } from '../support/file-modes.ts';

let root: string;
let umask: number;

beforeAll(() => {
  umask = process.umask(0);
  root = mkdtempSync(join(tmpdir(), 'case-router-modes-'));
});

afterAll(() => {
  process.umask(umask);
  rmSync(root, { recursive: true, force: true });
});

const count = (path: string): number =>
  lstatSync(path).isDirectory()
    ? 1 + readdirSync(path).reduce((sum, name) => sum + count(join(path, name)), 0)
    : 1;

describe('the embedded database', () => {
  // A ceiling for a stuck start, not a speed limit: a new PGlite folder takes seconds on a loaded machine.
  it(
    'creates its folder and every file owner-only, and keeps them so as it writes',
    { timeout: 180_000 },
    async () => {
      const dataDir = join(root, 'fresh', 'pglite');
      const db = await openPglite({ dataDir });
      await db.exec(
        "create table notes (body text); insert into notes select repeat('x', 500) from generate_series(1, 2000); checkpoint;",
      );
      await db.close();
      expect(count(dataDir)).toBeGreaterThan(100);
      expect(notOwnerOnly(join(root, 'fresh'))).toEqual([]);
    },
  );
});

describe('narrowTree', () => {
  it('narrows folders to 0700 and files to 0600, says what it changed, and leaves links alone', () => {
    const tree = join(root, 'loose');
    mkdirSync(join(tree, 'inner'), { recursive: true, mode: 0o755 });
    chmodSync(tree, 0o755);
    writeFileSync(join(tree, 'inner', 'wal'), 'secret', { mode: 0o666 });
    writeFileSync(join(tree, 'kept'), 'secret', { mode: 0o600 });
    const outside = join(root, 'outside');
    writeFileSync(outside, 'not ours', { mode: 0o644 });
    // A link to a file outside: following it would change what is not ours.
    symlinkSync(outside, join(tree, 'link'));

    expect(narrowTree(tree).sort()).toEqual(['.', 'inner', 'inner/wal']);
    expect(notOwnerOnly(tree)).toEqual([]);
    expect(lstatSync(outside).mode & 0o777).toBe(0o644);
    expect(narrowTree(tree)).toEqual([]);
    expect(narrowTree(join(root, 'absent'))).toEqual([]);
  });
});

describe('what else the data folder holds', () => {
  it('writes blobs owner-only, in owner-only folders', async () => {
    const blobDir = join(root, 'blobs');
    await directoryBlobStore(blobDir).put('cases/cas_1/att_1', Buffer.from('scan'));
    expect(notOwnerOnly(blobDir)).toEqual([]);
  });

  it('writes the generated certificate and its key owner-only', async () => {
    const dataDir = join(root, 'tls-data');
    const config = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://localhost:8443' });
    expect(config.tls.mode).toBe('generated');
    const tls = await loadTls(config);
    expect(tls?.source).toBe('generated');
    expect(notOwnerOnly(dataDir)).toEqual([]);
  });
});
