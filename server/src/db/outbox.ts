// The outboxes the alert channels send from (push_outbox, mail_outbox, sms_outbox): one row per message, due
// at a time. A worker claims the due rows with a lease, committed at once, so the sending happens outside any
// transaction and `skip locked` gives each row to one process; a process that dies while sending leaves its
// rows to be claimed again when the lease ends. A channel that fails tries again with a growing delay, up to
// MAX_ATTEMPTS, then gives the message up.
import type { Database, Queryable } from './database.ts';

export type OutboxTable = 'push_outbox' | 'mail_outbox' | 'sms_outbox';

/** What every outbox row carries: its id, and how many times it has been claimed (1-based once claimed). */
export interface OutboxRow {
  id: string;
  attempts: number;
  [column: string]: unknown;
}

export const MAX_ATTEMPTS = 5;

/** The delay after a failed attempt (1-based): 5 s, 10 s, 20 s, 40 s. */
export function retryDelayMs(attempt: number): number {
  return 5_000 * 2 ** (attempt - 1);
}

/**
 * Up to `limit` rows due at `now`, earliest first, each leased until `leaseUntil`, with `columns` besides id
 * and attempts (the table's own, named in code, never from a request).
 */
export async function claimDueRows<Row extends OutboxRow>(
  db: Queryable,
  table: OutboxTable,
  columns: readonly string[],
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<Row[]> {
  return db.query<Row>(
    `update ${table} set due_at = $2, attempts = attempts + 1
     where id in (select id from ${table} where due_at <= $1 order by due_at, id limit $3 for update skip locked)
     returning ${['id', ...columns, 'attempts'].join(', ')}`,
    [now.toISOString(), leaseUntil.toISOString(), limit],
  );
}

export async function finishOutboxRow(db: Queryable, table: OutboxTable, id: string): Promise<void> {
  await db.query(`delete from ${table} where id = $1`, [id]);
}

export async function retryOutboxRowAt(
  db: Queryable,
  table: OutboxTable,
  id: string,
  at: Date,
): Promise<void> {
  await db.query(`update ${table} set due_at = $2 where id = $1`, [id, at.toISOString()]);
}

/** Drops the rows due at `now` unsent (a channel that is not configured): none piles up. */
export async function dropDueRows(db: Queryable, table: OutboxTable, now: Date): Promise<number> {
  const rows = await db.query(`delete from ${table} where due_at <= $1 returning id`, [now.toISOString()]);
  return rows.length;
}

export interface Drain<Row extends OutboxRow> {
  readonly table: OutboxTable;
  readonly columns: readonly string[];
  /** A claimed row is due again after this if its process died while sending it. */
  readonly leaseMs: number;
  readonly send: (row: Row, now: Date) => Promise<void>;
  /** A send that threw: the row is tried again after its lease. */
  readonly crashed: (row: Row | undefined, reason: unknown) => void;
}

const BATCH = 20;

/** Sends every row due at `now()`, a batch at a time, each batch side by side; answers how many were handled. */
export async function drainOutbox<Row extends OutboxRow>(
  db: Database,
  now: () => Date,
  drain: Drain<Row>,
): Promise<number> {
  let handled = 0;
  for (;;) {
    const at = now();
    const claimed = await claimDueRows<Row>(
      db,
      drain.table,
      drain.columns,
      at,
      new Date(at.getTime() + drain.leaseMs),
      BATCH,
    );
    const results = await Promise.allSettled(claimed.map((row) => drain.send(row, at)));
    for (const [index, result] of results.entries()) {
      if (result.status === 'rejected') drain.crashed(claimed[index], result.reason);
    }
    handled += claimed.length;
    if (claimed.length < BATCH) break;
  }
  return handled;
}
