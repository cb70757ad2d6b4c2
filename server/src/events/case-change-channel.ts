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
}

export async function publishChange(tx: Queryable, change: PublishedChange): Promise<void> {
  await tx.query('select pg_notify($1, $2)', [EVENTS_CHANNEL, JSON.stringify(change)]);
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
