// Starts Case Router: configuration -> database -> migrations -> demo data -> app -> listen.
// `node server/src/main.ts --dev` serves the SPA through Vite with HMR on the same origin.
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { setPasswordHashCost } from './auth/passwords.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase, type Database } from './db/database.ts';
import { narrowTree } from './db/private-files.ts';
import { migrate } from './db/migrate.ts';
import { seedDemo } from './demo/seed.ts';
import { demoAccountsText } from './demo/users.ts';
import { createLogger } from './logger.ts';
import { FIRST_ADMIN_HINT } from './users/first-admin.ts';
import { countRealAccounts } from './users/users-repository.ts';
import { loadTls } from './tls.ts';

const SHUTDOWN_TIMEOUT_MS = 10_000;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();
const dev = process.argv.includes('--dev');
const logger = createLogger(config.logLevel);
let db: Database | undefined;
let app: FastifyInstance | undefined;

/**
 * What the server keeps on disk is owner-only: a start on folders that an older version or a loose umask left
 * readable by other local users narrows them, and says so. The data folder itself is narrowed, not walked:
 * what else an operator keeps in it is theirs.
 */
function narrowDataFolders(): void {
  const folders: { path: string; only?: 'root' }[] = [
    { path: config.dataDir, only: 'root' },
    { path: join(config.dataDir, 'pglite') },
    { path: config.blobDir },
    ...(config.tls.mode === 'generated' ? [{ path: config.tls.dir }] : []),
  ];
  for (const { path, only } of folders) {
    const changed = narrowTree(path, only === undefined ? {} : { only });
    if (changed.length > 0) {
      logger.warn(
        { folder: path, changed: changed.length, examples: changed.slice(0, 5) },
        'narrowed files and folders that other local users could read to owner-only (0600 files, 0700 folders)',
      );
    }
  }
}

async function start(): Promise<void> {
  narrowDataFolders();
  if (config.tenantProblems.length > 0) {
    logger.warn(
      { problems: config.tenantProblems },
      'The tenant configuration has problems: the SPA will show its Configuration Error screen',
    );
  }
  // Before the demo is seeded: its accounts are hashed with the configured cost too.
  setPasswordHashCost(config.passwordHashCost);
  db = await openDatabase(config);
  const applied = await migrate(db);
  if (applied.length > 0) logger.info({ applied }, 'database migrated');
  if (config.seedDemo) {
    await seedDemo(db, { password: config.demoPassword, resetPasswords: config.demoPasswordGenerated });
  }
  const tls = await loadTls(config);
  if (tls) logger.info({ certificate: tls.certFile, source: tls.source }, 'serving HTTPS');
  else logger.info('TLS=off: serving plain HTTP (expecting a TLS-terminating proxy in front)');
  app = await buildApp({ config, db, logger, ...(tls ? { https: tls } : {}), dev });
  await app.listen({ port: config.port, host: config.host });
  console.log(`Case Router is running at ${config.publicUrl}`);
  if (config.seedDemo) console.log(demoAccountsText(config.demoPassword));
  else if ((await countRealAccounts(db)) === 0) console.log(FIRST_ADMIN_HINT);
}

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) {
    logger.warn(`${signal} again: exiting now`);
    process.exit(1);
  }
  stopping = true;
  logger.info(`${signal}: shutting down`);
  const drainMs = config.operations.shutdownDrainMs;
  setTimeout(() => {
    logger.error('shutdown took too long: exiting');
    process.exit(1);
  }, drainMs + SHUTDOWN_TIMEOUT_MS).unref();
  // Readiness answers 503 from now on; for SHUTDOWN_DRAIN_SECONDS the server still serves, so that a load
  // balancer has time to stop sending it requests before it stops accepting them.
  app?.operations.markStopping();
  if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
  // Then the server: it stops accepting connections, ends every event stream (the clients reconnect, to
  // another process behind the balancer), lets the requests in flight finish, and stops the timer worker
  // after its round (its row locks go with that round's transaction). The database last, so no request is
  // left without it.
  await app?.close();
  await db?.close();
  process.exit(0);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void stop(signal);
  });
}

try {
  await start();
} catch (error) {
  logger.fatal({ err: error }, 'Case Router could not start');
  console.error(`Case Router could not start: ${error instanceof Error ? error.message : String(error)}`);
  await app?.close().catch(() => undefined);
  await db?.close().catch(() => undefined);
  process.exit(1);
}
