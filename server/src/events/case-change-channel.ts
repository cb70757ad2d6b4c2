// The PostgreSQL channel that carries each change of a case to every server's event streams. A change is
// published inside its own transaction, so it is delivered on commit and never for a change rolled back.
import type { CaseStatus } from '../../../generated/types.gen.ts';
import type { Database, Queryable, Unlisten } from '../db/database.ts';

const EVENTS_CHANNEL = 'case_router_events';

/** Who gets which notification, and who only hears that the case changed. */
export interface PublishedChange {
  readonly caseId: string;
  readonly caseStatus: CaseStatus;
  readonly notifications: readonly { readonly userId: string; readonly id: string }[];
  readonly watchers: readonly string[];
  /** The case's hospital: the staff who see its whole emergency room hear of every change (its live board). */
  readonly hospitalId?: string | null;
}

export async function publishChange(tx: Queryable, change: PublishedChange): Promise<void> {
  // The hospital is read from the case in the same statement, so no caller has to carry it.
  await tx.query(
    `select pg_notify($1, jsonb_set($2::jsonb, '{hospitalId}',
       coalesce((select to_jsonb(hospital_id) from cases where id = $3), 'null'::jsonb))::text)`,
    [EVENTS_CHANNEL, JSON.stringify(change), change.caseId],
  );
}

/** Calls onChange with every change any server publishes; resolves once listening. */
export function listenForChanges(
  db: Database,
  onChange: (change: PublishedChange) => void,
  onError: (error: unknown) => void,
): Promise<Unlisten> {
  return db.listen(EVENTS_CHANNEL, (payload) => {
    let change: PublishedChange;
    try {
      change = JSON.parse(payload) as PublishedChange;
    } catch (error) {
      onError(error);
      return;
    }
    onChange(change);
  });
}
