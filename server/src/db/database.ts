// The one database interface: PGlite (embedded default) and PostgreSQL (DATABASE_URL) both implement it.
// Timestamps come back as ISO 8601 strings on both.
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import pg from 'pg';
import { makePrivateDir, narrowTree } from './private-files.ts';

export type Row = Record<string, unknown>;

export interface QueryOptions {
  /**
   * Prepare the statement under this name, once per connection, and reuse it (hot queries). The same name
   * must always carry the same SQL. PGlite has one connection and plans each query anyway: it ignores it.
   */
  readonly prepare?: string;
}

export interface Queryable {
  query<R extends Row = Row>(sql: string, params?: readonly unknown[], options?: QueryOptions): Promise<R[]>;
  /** Runs a script of one or more statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * Calls handler with the payload of every NOTIFY on channel, from any process; resolves once listening.
   * Send with `select pg_notify($1, $2)` (inside a transaction it is delivered on commit).
   */
  listen(channel: string, handler: (payload: string) => void): Promise<Unlisten>;
}

export type Unlisten = () => Promise<void>;

/** Resolves when the database answers a query; throws what it answered otherwise. */
export async function ping(db: Queryable): Promise<void> {
  await db.query('select 1');
}

/** Runs fn inside a savepoint of the transaction tx: when it throws, only its own work is rolled back. */
export async function inSavepoint<T>(tx: Queryable, name: string, fn: () => Promise<T>): Promise<T> {
  await tx.query(`savepoint ${name}`);
  try {
    const result = await fn();
    await tx.query(`release savepoint ${name}`);
    return result;
  } catch (error) {
    await tx.query(`rollback to savepoint ${name}`);
    throw error;
  }
}

const TIMESTAMPTZ = 1184;
const INT8 = 20;
const DATE = 1082;

const TIMESTAMP_TEXT =
  /^(\d{4,}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}(?:\.\d+)?)([+-]\d{2})(?::?(\d{2}))?(?::?(\d{2}))?$/;

/** PostgreSQL's text form of a timestamptz (any session time zone) as an ISO 8601 UTC string. */
export function timestampToIso(text: string): string {
  const match = TIMESTAMP_TEXT.exec(text);
  if (!match) return text; // infinity, BC dates: nothing ISO can say better
  const [, date, time, hours, minutes = '00', seconds] = match;
  // ISO offsets have no seconds; the few historical zones with them are off by under a minute anyway.
  const parsed = new Date(`${date}T${time}${hours}:${minutes}`);
  return Number.isNaN(parsed.getTime()) || seconds !== undefined ? text : parsed.toISOString();
}

// int8 is counts and sums here: numbers, not strings (pg) or BigInts (PGlite) that JSON cannot carry.
// Dates stay 'YYYY-MM-DD' strings, as the contract carries them.
const parsers: Record<number, (value: string) => unknown> = {
  [TIMESTAMPTZ]: timestampToIso,
  [INT8]: Number,
  [DATE]: (value) => value,
};

export interface PgliteOptions {
  /** A folder to persist in; undefined keeps everything in memory (tests). */
  readonly dataDir?: string;
}

export async function openPglite(options: PgliteOptions = {}): Promise<Database> {
  if (options.dataDir !== undefined) makePrivateDir(options.dataDir);
  // btree_gist: the exclusion constraint that keeps one specialty's primary shifts from overlapping.
  const client = await PGlite.create(options.dataDir ?? 'memory://', { parsers, extensions: { btree_gist } });
  // A new database is written from PGlite's image with files open to everyone; what it writes later is 0600.
  if (options.dataDir !== undefined) narrowTree(options.dataDir);
  return {
    kind: 'pglite',
    async query<R extends Row = Row>(sql: string, params: readonly unknown[] = []) {
      const result = await client.query<R>(sql, [...params]);
      return result.rows;
    },
    async exec(sql: string) {
      await client.exec(sql);
    },
    transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      return client.transaction((tx) =>
        fn({
          async query<R extends Row = Row>(sql: string, params: readonly unknown[] = []) {
            const result = await tx.query<R>(sql, [...params]);
            return result.rows;
          },
          async exec(sql: string) {
            await tx.exec(sql);
          },
        }),
      );
    },
    async close() {
      if (!client.closed) await client.close();
    },
    async listen(channel: string, handler: (payload: string) => void) {
      const unsubscribe = await client.listen(channel, handler);
      return async () => {
        if (!client.closed) await unsubscribe();
      };
    },
  };
}

export interface PostgresOptions {
  readonly url: string;
  /** Sets search_path on every connection: tests give each file its own schema. */
  readonly searchPath?: string;
  readonly max?: number;
}

function clientQueryable(client: pg.PoolClient | pg.Pool): Queryable {
  return {
    async query<R extends Row = Row>(
      sql: string,
      params: readonly unknown[] = [],
      options: QueryOptions = {},
    ) {
      const result =
        options.prepare === undefined
          ? await client.query<R>(sql, [...params])
          : await client.query<R>({ name: options.prepare, text: sql, values: [...params] });
      return result.rows;
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  };
}

export function openPostgres(options: PostgresOptions): Database {
  const types = new pg.TypeOverrides();
  for (const [oid, parse] of Object.entries(parsers)) types.setTypeParser(Number(oid), parse);
  const pool = new pg.Pool({
    connectionString: options.url,
    types,
    max: options.max ?? 10,
    // No JIT compilation: our statements read bounded ranges through indexes, and compiling the insights'
    // plans cost seconds (2.4 s of a 3.5 s statement over a month of 42,000 cases) for nothing gained.
    options: [
      '-c jit=off',
      ...(options.searchPath === undefined ? [] : [`-c search_path=${options.searchPath}`]),
    ].join(' '),
  });
  // An idle client losing its server must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  let closed = false;
  const listener = createPostgresListener(options, types, () => closed);
  return {
    kind: 'postgres',
    ...clientQueryable(pool),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      const client = await pool.connect();
      let broken = false;
      try {
        await client.query('begin');
        const result = await fn(clientQueryable(client));
        await client.query('commit');
        return result;
      } catch (error) {
        // A connection that cannot even roll back is discarded rather than returned to the pool.
        await client.query('rollback').catch(() => {
          broken = true;
        });
        throw error;
      } finally {
        client.release(broken);
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await listener.close();
      await pool.end();
    },
    listen: listener.listen,
  };
}

const LISTENER_RECONNECT_MS = 1000;

// LISTEN needs a connection of its own for as long as anyone listens: a pooled one would be handed to
// other queries. A lost connection is re-established and every channel listened to again.
function createPostgresListener(
  options: PostgresOptions,
  types: pg.CustomTypesConfig,
  isClosed: () => boolean,
): { listen: Database['listen']; close(): Promise<void> } {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let connection: Promise<pg.Client> | undefined;
  const quote = (channel: string) => `"${channel.replace(/"/g, '""')}"`;

  const connect = (): Promise<pg.Client> => {
    const client = new pg.Client({
      connectionString: options.url,
      types,
      ...(options.searchPath === undefined ? {} : { options: `-c search_path=${options.searchPath}` }),
    });
    client.on('notification', (message) => {
      for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    const reconnect = () => {
      if (connection === undefined) return;
      connection = undefined;
      if (isClosed() || handlers.size === 0) return;
      setTimeout(() => {
        if (!isClosed() && connection === undefined) {
          connection = connect();
          connection.catch(reconnect);
        }
      }, LISTENER_RECONNECT_MS).unref();
    };
    client.on('error', reconnect);
    client.on('end', reconnect);
    return client.connect().then(async () => {
      for (const channel of handlers.keys()) await client.query(`listen ${quote(channel)}`);
      return client;
    });
  };

  return {
    async listen(channel, handler) {
      const existing = handlers.get(channel);
      const set = existing ?? new Set();
      set.add(handler);
      if (!existing) handlers.set(channel, set);
      connection ??= connect();
      const client = await connection;
      if (!existing) await client.query(`listen ${quote(channel)}`);
      return async () => {
        set.delete(handler);
        if (set.size > 0) return;
        handlers.delete(channel);
        const current = await connection?.catch(() => undefined);
        await current?.query(`unlisten ${quote(channel)}`).catch(() => undefined);
      };
    },
    async close() {
      const current = connection;
      connection = undefined;
      handlers.clear();
      const client = await current?.catch(() => undefined);
      await client?.end().catch(() => undefined);
    },
  };
}

/** The database the configuration names: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR. */
export async function openDatabase(config: {
  readonly databaseUrl: string | undefined;
  readonly dataDir: string;
}): Promise<Database> {
  if (config.databaseUrl !== undefined) return openPostgres({ url: config.databaseUrl });
  return openPglite({ dataDir: `${config.dataDir}/pglite` });
}
