// Forward-only SQL migrations: server/src/db/migrations/NNNN_name.sql, applied in order at start-up, each in
// its own transaction, recorded with a checksum. Anything unexpected stops the boot with MigrationError.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Database, Queryable } from './database.ts';

export const MIGRATIONS_DIR = resolve(import.meta.dirname, 'migrations');

const FILE_NAME = /^(\d{4})_([a-z0-9_]+)\.sql$/;
// Any number will do as long as every process uses the same one: it serialises concurrent start-ups.
const MIGRATION_LOCK = 7_262_837;
const UNDEFINED_TABLE = '42P01';

export class MigrationError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'MigrationError';
  }
}

export interface Migration {
  readonly version: string;
  readonly name: string;
  readonly file: string;
  readonly sql: string;
  readonly checksum: string;
}

interface AppliedRow {
  version: string;
  name: string;
  checksum: string;
  [column: string]: unknown;
}

export function readMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  const migrations: Migration[] = [];
  for (const file of readdirSync(dir).sort()) {
    if (!file.endsWith('.sql')) continue;
    const match = FILE_NAME.exec(file);
    if (!match?.[1] || !match[2]) {
      throw new MigrationError(`Migration file ${file} is not named NNNN_name.sql (lower case, digits, _)`);
    }
    const version = match[1];
    const previous = migrations.at(-1);
    if (previous?.version === version) {
      throw new MigrationError(`Migrations ${previous.file} and ${file} share the number ${version}`);
    }
    const sql = readFileSync(join(dir, file), 'utf8');
    const checksum = createHash('sha256').update(sql).digest('hex');
    migrations.push({ version, name: match[2], file, sql, checksum });
  }
  return migrations;
}

/** Applies every pending migration; returns the file names it applied (empty when up to date). */
export async function migrate(db: Database, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  const migrations = readMigrations(dir);
  await db.exec(`
    create table if not exists schema_migrations (
      version text primary key,
      name text not null,
      checksum text not null,
      applied_at timestamptz not null default now()
    )`);

  const known = new Set(migrations.map((migration) => migration.version));
  const applied = await db.query<AppliedRow>('select version, name, checksum from schema_migrations');
  const unknown = applied.filter((row) => !known.has(row.version));
  if (unknown.length > 0) {
    const names = unknown.map((row) => `${row.version}_${row.name}.sql`).join(', ');
    throw new MigrationError(
      `The database has migrations this server does not know (${names}): it was migrated by a newer version.`,
    );
  }

  const done: string[] = [];
  for (const migration of migrations) {
    const wasApplied = await db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const [row] = await tx.query<AppliedRow>(
        'select version, name, checksum from schema_migrations where version = $1',
        [migration.version],
      );
      if (row) {
        if (row.checksum !== migration.checksum) {
          throw new MigrationError(
            `Migration ${migration.file} was changed after it was applied (checksum ${row.checksum} in the ` +
              `database, ${migration.checksum} on disk). Applied migrations are never edited: add a new one.`,
          );
        }
        return false;
      }
      try {
        await tx.exec(migration.sql);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new MigrationError(`Migration ${migration.file} failed: ${reason}`, { cause: error });
      }
      await tx.query('insert into schema_migrations (version, name, checksum) values ($1, $2, $3)', [
        migration.version,
        migration.name,
        migration.checksum,
      ]);
      return true;
    });
    if (wasApplied) done.push(migration.file);
  }
  return done;
}

/**
 * The migrations this server knows that the database has not applied (the readiness check); throws when the
 * database does not answer. A database migrated by a newer server counts as ready: its own start-up refuses.
 */
export async function pendingMigrations(
  db: Queryable,
  known: readonly Migration[] = readMigrations(),
): Promise<string[]> {
  const rows = await db
    .query<AppliedRow>('select version, name, checksum from schema_migrations')
    .catch((error: unknown) => {
      // No table yet: nothing is applied.
      if ((error as { code?: unknown }).code === UNDEFINED_TABLE) return [];
      throw error;
    });
  const applied = new Set(rows.map((row) => row.version));
  return known.filter((migration) => !applied.has(migration.version)).map((migration) => migration.file);
}
