// What every benchmark shares: a token for a demo user, an app listening on loopback, percentiles, a bounded
// latency run, a PostgreSQL schema of its own, and the SQL an operation sends (to replay it through raw `pg`).
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { importJWK, SignJWT } from 'jose';
import pg from 'pg';
import { loadConfig, type Config } from '../server/src/config.ts';
import { openPostgres, type Database, type Queryable, type Row } from '../server/src/db/database.ts';
import { loadSigningKey } from '../server/src/identity/keys.ts';

/** How big a part runs: `full` in `npm run bench`, `smoke` (seconds) in `npm test`, which checks it still runs. */
export type BenchSize = 'full' | 'smoke';

/**
 * The configuration of an app a part builds in-process: silent, its data in `dataDir`, no SPA, and no per-user
 * rate limit (the load is the point: the limit would answer most of it with 429). `extra` adds to it.
 */
export function benchConfig(dataDir: string, extra: Readonly<Record<string, string>> = {}): Config {
  return loadConfig({
    PUBLIC_URL: 'https://localhost:8443',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SPA_DIR: join(dataDir, 'no-spa'),
    RATE_LIMIT_PER_USER: '1000000',
    ...extra,
  });
}

/** What a part measured: its figures as Markdown, and the counts a sound run keeps at 0 (lost, misdelivered…). */
export interface BenchResult {
  readonly markdown: string;
  readonly faults: Readonly<Record<string, number>>;
}

export const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

/** An access token for a user, signed with the app's own key, as the identity provider would issue it. */
export async function tokenFor(app: FastifyInstance, userId: string, role: string): Promise<string> {
  const jwk = await loadSigningKey(app.db);
  const { identity } = app.config;
  return new SignJWT({ roles: [role], scope: identity.apiScope })
    .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', ...(jwk.kid ? { kid: jwk.kid } : {}) })
    .setIssuer(identity.issuer)
    .setAudience(identity.apiAudience)
    .setSubject(userId)
    .setIssuedAt()
    .setExpirationTime('2h')
    .sign(await importJWK(jwk, 'RS256'));
}

export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

export interface Latencies {
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
  readonly failures: number;
}

export interface Target {
  readonly url: string;
  readonly headers?: Record<string, string>;
}

/** Sends `count` GETs of the target from `concurrency` clients at once: each one's milliseconds to the whole body. */
async function fire(
  target: Target,
  count: number,
  concurrency: number,
): Promise<{ times: number[]; failures: number }> {
  const times: number[] = [];
  let failures = 0;
  let left = count;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (left > 0) {
        left -= 1;
        const started = performance.now();
        const response = await fetch(target.url, { headers: target.headers ?? {} });
        await response.arrayBuffer();
        if (!response.ok) failures += 1;
        times.push(performance.now() - started);
      }
    }),
  );
  return { times, failures };
}

/**
 * Latencies of several targets measured side by side: after `warmUp` (20) unmeasured requests each (JIT, plans,
 * caches), `requests` each from `concurrency` clients, in rounds that alternate between the targets so a
 * shared machine's noise falls on all of them alike. Bounded in requests, not time.
 */
export async function measureSideBySide(
  targets: readonly Target[],
  options: { requests?: number; concurrency?: number; rounds?: number; warmUp?: number } = {},
): Promise<Latencies[]> {
  const { requests = 400, concurrency = 4, rounds = 8, warmUp = 20 } = options;
  for (const target of targets) await fire(target, warmUp, 1);
  const collected = targets.map(() => ({ times: [] as number[], failures: 0 }));
  for (let round = 0; round < rounds; round += 1) {
    for (const [index, target] of targets.entries()) {
      const result = await fire(target, Math.ceil(requests / rounds), concurrency);
      const into = collected[index];
      if (!into) continue;
      into.times.push(...result.times);
      into.failures += result.failures;
    }
  }
  return collected.map(({ times, failures }) => {
    const sorted = times.sort((a, b) => a - b);
    return {
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      failures,
    };
  });
}

export const ms = (value: number): string => value.toFixed(1);

export interface Statement {
  readonly sql: string;
  readonly params: readonly unknown[];
}

/** A Queryable that runs every statement on db and remembers it: the SQL an operation sends, to replay. */
export function recording(db: Queryable): { db: Queryable; statements: Statement[] } {
  const statements: Statement[] = [];
  return {
    statements,
    db: {
      query<R extends Row = Row>(sql: string, params: readonly unknown[] = []) {
        statements.push({ sql, params });
        return db.query<R>(sql, params);
      },
      exec: (sql: string) => db.exec(sql),
    },
  };
}

export interface PostgresSchema {
  readonly db: Database;
  /** A connection string whose sessions see the schema first (for raw `pg`). */
  readonly rawUrl: string;
  readonly drop: () => Promise<void>;
}

/** A fresh schema on the server of DATABASE_URL, so a benchmark never touches another run's tables. */
export async function postgresSchema(url: string, prefix: string): Promise<PostgresSchema> {
  const schema = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const db = openPostgres({ url, searchPath: schema });
  return {
    db,
    rawUrl: `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    drop: async () => {
      await db.close().catch(() => undefined);
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    },
  };
}
