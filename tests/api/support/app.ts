// A whole Case Router app for API tests, answering through app.inject() (no port, no TLS):
//
//   const app = await buildTestApp();                         // PGlite in memory, migrated and seeded
//   const app = await buildTestApp({ db: await open() });     // on a database from forEachDatabase
//   const app = await buildTestApp({ env: { AUTH_CLIENT_ID: '' } });   // configuration as environment
//   const response = await app.inject({ method: 'GET', url: '/api/v1/health' });
//   await app.close();                                        // closes the database too
//
// The app owns the database it is given: it migrates and seeds it, and closes it on app.close().
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/src/app.ts';
import { loadConfig, type Config } from '../../../server/src/config.ts';
import type { Database } from '../../../server/src/db/database.ts';
import { migrate } from '../../../server/src/db/migrate.ts';
import { seedDemoOrganisation } from '../../../server/src/demo/organisation.ts';
import { openTestPglite } from './databases.ts';

export const TEST_PUBLIC_URL = 'https://localhost:8443';
export const TEST_PASSWORD_HASH_COST = 2 ** 14;

/** The environment tests start from: quiet, the public URL above, no built SPA unless a test gives one. */
export function testEnv(dataDir: string, env: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    PUBLIC_URL: TEST_PUBLIC_URL,
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SPA_DIR: join(dataDir, 'no-spa'),
    // Tests hash at a lower cost than production's minimum (2^17, ~128 MiB and a fraction of a second each);
    // tests/unit/passwords.test.ts proves the production default.
    PASSWORD_HASH_COST: String(TEST_PASSWORD_HASH_COST),
    ...env,
  };
}

export interface TestAppOptions {
  /** Defaults to a fresh in-memory PGlite. */
  readonly db?: Database;
  /** Environment variables on top of testEnv(); DATABASE_URL is ignored (the db option decides). */
  readonly env?: NodeJS.ProcessEnv;
  /** Seed the demo organisation (default true). */
  readonly seed?: boolean;
  readonly logger?: FastifyBaseLogger;
  /** Build the app as a production installation would be (what it serves), the rest as configured. */
  readonly production?: boolean;
}

export async function buildTestApp(options: TestAppOptions = {}): Promise<FastifyInstance> {
  const dataDir = mkdtempSync(join(tmpdir(), 'case-router-test-'));
  const loaded: Config = loadConfig(testEnv(dataDir, { ...options.env, DATABASE_URL: '' }));
  const config: Config = options.production === true ? { ...loaded, production: true } : loaded;
  const db = options.db ?? (await openTestPglite());
  await migrate(db);
  if (options.seed !== false) await seedDemoOrganisation(db);
  const app = await buildApp({ config, db, ...(options.logger ? { logger: options.logger } : {}) });
  app.addHook('onClose', async () => {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  await app.ready();
  return app;
}
