// Whether the server can serve: today, whether its database answers.
import { ping, type Database } from '../db/database.ts';

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
