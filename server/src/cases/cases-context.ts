// What every operation on cases works with: the database, the clock, where attachments are served and kept,
// and the configuration's acknowledgement times. Built once by the app (cases-runtime.ts).
import type { BlobStore } from '../blobs/store.ts';
import type { Database } from '../db/database.ts';
import type { AckOverrides, Clock } from '../domain/escalation.ts';

export interface CasesContext {
  readonly db: Database;
  readonly clock: Clock;
  /** The base URL attachments are served under (API_MEDIA_URL). */
  readonly mediaUrl: string;
  readonly blobs: BlobStore;
  readonly ackOverrides: AckOverrides;
}
