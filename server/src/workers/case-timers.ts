// Runs the due times the database keeps: escalation when a case is not accepted within its acknowledgement
// time, and the re-alert of the offered specialists every 2 minutes. Due times live in the cases table, so a
// restart loses nothing: whatever fell due while no server ran fires on the next tick. Several servers may
// run this at once: `for update skip locked` gives each due case to one of them.
import type { CaseStatus } from '../../../generated/types.gen.ts';
import type { Database, Queryable } from '../db/database.ts';
import { transition } from '../domain/case-state.ts';
import { dueAction, nextRealert, type AckOverrides, type Clock } from '../domain/escalation.ts';
import { CaseChanges } from '../cases/changes.ts';
import type { CaseStateRow } from '../cases/repository.ts';
import { readPolicy } from '../cases/routing-io.ts';
import { advanceChain } from '../cases/service.ts';

const BATCH = 20;
/** How long a case whose timer failed waits before it is tried again. */
const FAILURE_BACKOFF_MS = 30_000;

interface DueRow extends CaseStateRow {
  ack_due_at: string | null;
  realert_due_at: string | null;
}

async function realert(
  tx: Queryable,
  changes: CaseChanges,
  row: DueRow,
  now: Date,
  overrides: AckOverrides,
): Promise<void> {
  const offered = await tx.query<{ specialist_id: string }>(
    `update case_offers set last_alerted_at = $2, alert_count = alert_count + 1
     where case_id = $1 and active returning specialist_id`,
    [row.id, now.toISOString()],
  );
  const policy = await readPolicy(tx, row.hospital_id, overrides);
  await tx.query('update cases set realert_due_at = $2 where id = $1', [
    row.id,
    nextRealert(now, policy).toISOString(),
  ]);
  const ids = offered.map((offer) => offer.specialist_id).sort();
  if (ids.length === 0) return;
  await changes.event('realerted', null, { specialistIds: ids, step: row.routing_step });
  await changes.notify(ids, {
    kind: 'case_realerted',
    actorId: null,
    action: `Reminder: case ${row.display_number} (${row.specialty_name}, ${row.urgency}) is waiting for you`,
    message: row.chief_complaint,
  });
}

async function handleDue(tx: Queryable, row: DueRow, now: Date, overrides: AckOverrides): Promise<void> {
  const action = dueAction(now, {
    ackDueAt: row.ack_due_at === null ? null : new Date(row.ack_due_at),
    realertDueAt: row.realert_due_at === null ? null : new Date(row.realert_due_at),
  });
  const changes = new CaseChanges(tx, row.id, now);
  let status: CaseStatus = row.status;
  if (action === 'escalate') {
    // The first escalation moves pending to escalated; later steps of the chain keep it escalated.
    const moved = transition(row.status, 'escalate');
    if (moved.ok) {
      status = moved.to;
      await tx.query('update cases set status = $2 where id = $1', [row.id, status]);
    }
    await advanceChain(tx, changes, { ...row, status }, now, 'not accepted in time', overrides);
    await changes.audit(null, 'case.escalate', null);
  } else if (action === 'realert') {
    await realert(tx, changes, row, now, overrides);
    await changes.audit(null, 'case.realert', null);
  }
  await changes.publish(status);
}

/**
 * Puts a failed case's due times off by FAILURE_BACKOFF_MS. Claiming takes the earliest due first, so a case
 * that fails every time would otherwise be claimed first on every tick, ahead of the cases behind it.
 */
async function putOff(tx: Queryable, caseId: string, now: Date): Promise<void> {
  const later = new Date(now.getTime() + FAILURE_BACKOFF_MS).toISOString();
  await tx.query(
    `update cases set
       ack_due_at = case when ack_due_at is null then null else greatest(ack_due_at, $2::timestamptz) end,
       realert_due_at = case when realert_due_at is null then null else greatest(realert_due_at, $2::timestamptz) end
     where id = $1`,
    [caseId, later],
  );
}

/**
 * Handles every case due at the clock's now; returns how many it handled. Each case runs in a savepoint of
 * the batch's transaction, so one that fails is rolled back alone and put off, while the others go ahead.
 * The failures are thrown together, naming their cases, once every due case had its turn.
 */
export async function runDueTimers(
  db: Database,
  clock: Clock,
  overrides: AckOverrides = {},
): Promise<number> {
  let handled = 0;
  const failures: { caseId: string; error: unknown }[] = [];
  for (;;) {
    const now = clock.now();
    const count = await db.transaction(async (tx) => {
      const due = await tx.query<DueRow>(
        `select c.id, c.hospital_id, h.hospital_system_id, c.display_number, c.status, c.urgency, c.specialty_id,
           s.name as specialty_name, c.opened_by, c.assigned_to, c.routing_step, c.chief_complaint,
           c.ack_due_at, c.realert_due_at
         from cases c join hospitals h on h.id = c.hospital_id join specialties s on s.id = c.specialty_id
         where c.next_due_at <= $1 and c.status in ('pending', 'escalated')
         order by c.next_due_at
         limit ${BATCH}
         for update of c skip locked`,
        [now.toISOString()],
      );
      for (const row of due) {
        await tx.query('savepoint due_case');
        try {
          await handleDue(tx, row, now, overrides);
          await tx.query('release savepoint due_case');
        } catch (error) {
          await tx.query('rollback to savepoint due_case');
          await putOff(tx, row.id, now);
          failures.push({ caseId: row.id, error });
        }
      }
      return due.length;
    });
    handled += count;
    if (count < BATCH) break;
  }
  if (failures.length > 0) throw timersFailed(failures);
  return handled;
}

/** One error for the log naming every failed case, each failure kept with its cause. */
function timersFailed(failures: readonly { caseId: string; error: unknown }[]): AggregateError {
  const errors = failures.map(
    ({ caseId, error }) =>
      new Error(`Timer of case ${caseId} failed: ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      }),
  );
  const ids = failures.map((failure) => failure.caseId).join(', ');
  return new AggregateError(
    errors,
    `Timers of ${failures.length} due case(s) failed and wait ${FAILURE_BACKOFF_MS / 1000} s: ${ids}`,
  );
}

export interface CaseTimerWorker {
  stop(): Promise<void>;
  /** Runs one tick now (tests, and right after start-up). */
  tick(): Promise<number>;
}

/** Ticks every tickMs until stopped; a failing tick is logged and the next one tries again. */
export function startCaseTimerWorker(options: {
  db: Database;
  clock: Clock;
  tickMs: number;
  overrides: AckOverrides;
  onError: (error: unknown) => void;
}): CaseTimerWorker {
  let running: Promise<number> | undefined;
  let stopped = false;
  const tick = (): Promise<number> => {
    running ??= runDueTimers(options.db, options.clock, options.overrides).finally(() => {
      running = undefined;
    });
    return running;
  };
  const timer = setInterval(() => {
    if (!stopped) tick().catch(options.onError);
  }, options.tickMs);
  timer.unref();
  return {
    tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
