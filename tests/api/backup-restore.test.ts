// `npm run backup` and `npm run restore` on the embedded database: a backup of a data folder with cases,
// attachments and their audit trail, restored into a fresh data folder, holds every case, attachment (bytes
// and thumbnail served again) and audit event; restoring over a folder that holds a database is refused.
import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Attachment, Case } from '../../generated/types.gen.ts';
import { openPglite, type Database } from '../../server/src/db/database.ts';
import {
  as,
  buildCasesApp,
  DOCTOR,
  NEURO_PRIMARY,
  neurologyCase,
  newKey,
  seedCasesDatabase,
  setOnCall,
} from './support/cases-app.ts';
import { freshPostgres, postgresUrl } from '../reliability/support/databases.ts';
import { buildPdf } from './support/pdfs.ts';
import { notOwnerOnly } from '../support/file-modes.ts';

const run = promisify(execFile);
const COMMANDS = resolve(import.meta.dirname, '../../server/src/commands');
// A whole one-page PDF: the upload rewrites PDFs, so it must be one a reader can open.
const PDF = buildPdf();

let root: string;
const original = { cases: [] as string[], attachments: [] as string[], audit: [] as string[] };
const uploads = new Map<string, Buffer>();

// Under umask 000, the loosest there is: every mode a command leaves is one it chose.
function command(name: 'backup' | 'restore', folder: string, dataDir: string) {
  return run(
    '/bin/sh',
    ['-c', 'umask 000 && exec "$0" "$@"', process.execPath, join(COMMANDS, `${name}.ts`), folder],
    {
      env: { PATH: process.env['PATH'], DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    },
  );
}

async function ids(db: Database, table: string): Promise<string[]> {
  const rows = await db.query<{ id: string }>(`select id::text as id from ${table} order by id`);
  return rows.map((row) => row.id);
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'case-router-backup-'));
  const source = join(root, 'source');
  const db = await openPglite({ dataDir: join(source, 'pglite') });
  await seedCasesDatabase(db);
  await setOnCall(db, 'spc_neurology', { primary: NEURO_PRIMARY, backup: null });
  const app = await buildCasesApp({ db, env: { BLOB_DIR: join(source, 'blobs') } });
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  const created: string[] = [];
  for (let index = 0; index < 3; index += 1) {
    const opened = await as(app, DOCTOR).post<Case>('/cases', neurologyCase(), {
      'idempotency-key': newKey(),
    });
    created.push(opened.body.id);
    for (const [bytes, name, type] of [
      [PDF, 'letter.pdf', 'application/pdf'],
      [png, 'scan.png', 'image/png'],
    ] as const) {
      const stored = await as(app, DOCTOR).post<Attachment>(
        `/cases/${opened.body.id}/attachments?fileName=${name}`,
        bytes,
        { 'content-type': type },
      );
      expect(stored.status).toBe(201);
      // The bytes as stored (metadata stripped), as the server serves them.
      uploads.set(stored.body.id, (await as(app, DOCTOR).get(`/media/attachments/${stored.body.id}`)).raw);
    }
  }
  expect((await as(app, NEURO_PRIMARY).post(`/cases/${created[0] ?? ''}/accept`)).status).toBe(200);
  original.cases = await ids(db, 'cases');
  original.attachments = await ids(db, 'attachments');
  original.audit = await ids(db, 'audit_events');
  await app.close();
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

it('backs up the embedded database and blobs, and restores every case, attachment and audit event into a fresh data folder', async () => {
  const backup = join(root, 'backup');
  const restored = join(root, 'restored');

  const made = await command('backup', backup, join(root, 'source'));
  expect(made.stdout).toContain(`Backed up ${original.cases.length} cases`);
  const back = await command('restore', backup, restored);
  expect(back.stdout).toContain(
    `Restored ${original.cases.length} cases, ${original.attachments.length} attachments`,
  );
  // The backup and the restored data folder hold the signing key, password hashes and clinical text.
  expect(readdirSync(join(backup, 'blobs')).length).toBeGreaterThan(0);
  expect(notOwnerOnly(backup)).toEqual([]);
  expect(notOwnerOnly(restored)).toEqual([]);

  const db = await openPglite({ dataDir: join(restored, 'pglite') });
  expect(await ids(db, 'cases')).toEqual(original.cases);
  expect(await ids(db, 'attachments')).toEqual(original.attachments);
  expect(await ids(db, 'audit_events')).toEqual(original.audit);
  expect(original.attachments).toHaveLength(6);
  // The restored installation serves every attachment's bytes again.
  const app = await buildCasesApp({ db, env: { BLOB_DIR: join(restored, 'blobs') } });
  try {
    for (const [id, bytes] of uploads) {
      const download = await as(app, DOCTOR).get(`/media/attachments/${id}`);
      expect(download.status, id).toBe(200);
      expect(download.raw.equals(bytes), id).toBe(true);
    }
  } finally {
    await app.close();
  }
});

it('refuses to restore over a data folder that holds a database', async () => {
  await expect(command('restore', join(root, 'backup'), join(root, 'source'))).rejects.toThrow(/not empty/);
});

describe.skipIf(postgresUrl === undefined)('on PostgreSQL (pg_dump and pg_restore)', () => {
  it('restores every case and audit event into an empty database, never naming the password on a command line', async () => {
    const source = await freshPostgres(postgresUrl ?? '');
    const target = await freshPostgres(postgresUrl ?? '', { empty: true });
    // The local server trusts every connection: a password in the URL is carried, not checked.
    const withPassword = (url: string) => {
      const parsed = new URL(url);
      parsed.password = 'Backup-Secret-42';
      return parsed.toString();
    };
    // pg_dump and pg_restore stand-ins that write down their command line and environment, then run the real tool.
    const bin = join(root, 'bin');
    const record = join(root, 'pg-tools.log');
    mkdirSync(bin, { recursive: true });
    for (const tool of ['pg_dump', 'pg_restore']) {
      const real = execFileSync('/bin/sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).trim();
      writeFileSync(
        join(bin, tool),
        `#!/bin/sh\nprintf '%s argv: %s\\n' "${tool}" "$*" >> "$RECORD"\nprintf '%s PGPASSWORD: %s\\n' "${tool}" "$PGPASSWORD" >> "$RECORD"\nexec ${real} "$@"\n`,
        { mode: 0o755 },
      );
    }
    try {
      const folder = join(root, 'pg-backup');
      const env = {
        PATH: `${bin}:${process.env['PATH'] ?? ''}`,
        DATA_DIR: join(root, 'pg-data'),
        LOG_LEVEL: 'silent',
        RECORD: record,
      };
      await run(
        '/bin/sh',
        ['-c', 'umask 000 && exec "$0" "$@"', process.execPath, join(COMMANDS, 'backup.ts'), folder],
        {
          env: { ...env, DATABASE_URL: withPassword(source.url) },
        },
      );
      expect(notOwnerOnly(folder)).toEqual([]);
      const back = await run(process.execPath, [join(COMMANDS, 'restore.ts'), folder], {
        env: { ...env, DATABASE_URL: withPassword(target.url) },
      });
      expect(back.stdout).toContain('Restored');
      for (const table of ['cases', 'audit_events', 'case_events', 'users']) {
        expect(await ids(target.db, table), table).toEqual(await ids(source.db, table));
      }
      expect((await ids(source.db, 'cases')).length).toBeGreaterThan(0);

      const lines = readFileSync(record, 'utf8').trim().split('\n');
      const argv = lines.filter((line) => line.includes(' argv: '));
      expect(argv.map((line) => line.split(' ')[0])).toEqual(['pg_dump', 'pg_restore']);
      for (const line of argv) expect(line).not.toContain('Backup-Secret-42');
      expect(lines.filter((line) => line.includes(' PGPASSWORD: '))).toEqual([
        'pg_dump PGPASSWORD: Backup-Secret-42',
        'pg_restore PGPASSWORD: Backup-Secret-42',
      ]);
    } finally {
      await source.drop();
      await target.drop();
    }
  });
});
