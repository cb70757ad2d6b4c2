// Whether the server can serve. Liveness is the process answering at all (no check here); health is the
// database answering; readiness adds the migrations, the timer worker and whether the process is stopping.
import { ping, type Database } from '../db/database.ts';
import { pendingMigrations, readMigrations, type Migration } from '../db/migrate.ts';

export type HealthCheck =
  | { readonly ok: true; readonly database: Database['kind'] }
  | { readonly ok: false; readonly error: unknown };

export async function checkHealth(db: Database): Promise<HealthCheck> {
  try {
    await ping(db);
  } catch (error) {
    return { ok: false, error };
  }
  return { ok: true, database: db.kind };
}

export interface ReadinessChecks {
  readonly database: 'ok' | 'unavailable';
  readonly migrations: 'ok' | 'pending' | 'unknown';
  readonly worker: 'ok' | 'stalled' | 'stopped' | 'off';
  readonly accepting: 'ok' | 'stopping';
}

export interface Readiness {
  readonly ready: boolean;
  /** Why not, for a person: every failing check named. */
  readonly detail: string | null;
  readonly checks: ReadinessChecks;
  readonly error?: unknown;
}

const WHY: Record<string, string> = {
  'database:unavailable': 'the database does not answer',
  'migrations:pending': 'migrations pending',
  'worker:stalled': 'the timer worker has stalled',
  'worker:stopped': 'the timer worker is stopped',
  'accepting:stopping': 'the server is stopping',
};

let knownMigrations: readonly Migration[] | undefined;

export async function checkReadiness(
  db: Database,
  state: { readonly worker: ReadinessChecks['worker']; readonly stopping: boolean },
): Promise<Readiness> {
  knownMigrations ??= readMigrations();
  let database: ReadinessChecks['database'] = 'ok';
  let migrations: ReadinessChecks['migrations'];
  let error: unknown;
  try {
    migrations = (await pendingMigrations(db, knownMigrations)).length > 0 ? 'pending' : 'ok';
  } catch (caught) {
    database = 'unavailable';
    migrations = 'unknown';
    error = caught;
  }
  const checks: ReadinessChecks = {
    database,
    migrations,
    worker: state.worker,
    accepting: state.stopping ? 'stopping' : 'ok',
  };
  const reasons = Object.entries(checks)
    .map(([name, value]) => WHY[`${name}:${value}`])
    .filter((reason) => reason !== undefined);
  const detail = reasons.length === 0 ? null : `Not ready: ${reasons.join('; ')}`;
  return { ready: detail === null, detail, checks, ...(error === undefined ? {} : { error }) };
}
