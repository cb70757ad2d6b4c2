// Runs the due times the database keeps: escalation when a case is not accepted within its acknowledgement
// time, and the re-alert of the offered specialists every 2 minutes. Due times live in the cases table, so a
// restart loses nothing: whatever fell due while no server ran fires on the next tick. Several servers may
// run this at once: `for update skip locked` gives each due case to one of them.
import { claimDueCases, postponeDueTimes } from '../cases/case-timers-repository.ts';
import { handleDueCase } from '../cases/escalation.ts';
import { inSavepoint, type Database } from '../db/database.ts';
import type { AckOverrides, Clock } from '../domain/escalation.ts';

const BATCH = 20;
/** How long a case whose timer failed waits before it is tried again. */
const FAILURE_BACKOFF_MS = 30_000;

/**
 * Handles every case due at the clock's now; returns how many it handled. Each case runs in a savepoint of
 * the batch's transaction, so one that fails is rolled back alone and put off by FAILURE_BACKOFF_MS, while
 * the others go ahead. The failures are thrown together, naming their cases, once every due case had its
 * turn.
 */
export async function runDueTimers(
  db: Database,
  clock: Clock,
  overrides: AckOverrides = {},
  options: { readonly mail?: boolean } = {},
): Promise<number> {
  let handled = 0;
  const failures: { caseId: string; error: unknown }[] = [];
  for (;;) {
    const now = clock.now();
    const count = await db.transaction(async (tx) => {
      const due = await claimDueCases(tx, now, BATCH);
      for (const row of due) {
        try {
          await inSavepoint(tx, 'due_case', () => handleDueCase(tx, row, now, overrides, options.mail));
        } catch (error) {
          // Claiming takes the earliest due first: a case that fails every time would otherwise be claimed
          // first on every tick, ahead of the cases behind it.
          await postponeDueTimes(tx, row.id, new Date(now.getTime() + FAILURE_BACKOFF_MS));
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
  /**
   * For the readiness check: `stopped` once stop() was called; `stalled` when no tick has finished (well or
   * not) for ten ticks and at least 30 s, as when one hangs on a lock; `ok` otherwise.
   */
  state(): 'ok' | 'stalled' | 'stopped';
}

const STALLED_AFTER_MS = 30_000;

/** Ticks every tickMs until stopped; a failing tick is logged and the next one tries again. */
export function startCaseTimerWorker(options: {
  db: Database;
  clock: Clock;
  tickMs: number;
  overrides: AckOverrides;
  /** E-mail is configured: an escalation enqueues its e-mails. */
  mail?: boolean;
  onError: (error: unknown) => void;
}): CaseTimerWorker {
  let running: Promise<number> | undefined;
  let stopped = false;
  // Wall time, not the clock the timers use: a test's fake clock stands still while the worker turns.
  let lastFinishedAt = Date.now();
  const tick = (): Promise<number> => {
    running ??= runDueTimers(options.db, options.clock, options.overrides, {
      mail: options.mail ?? false,
    }).finally(() => {
      running = undefined;
      lastFinishedAt = Date.now();
    });
    return running;
  };
  const timer = setInterval(() => {
    if (!stopped) tick().catch(options.onError);
  }, options.tickMs);
  timer.unref();
  return {
    tick,
    state() {
      if (stopped) return 'stopped';
      const idleMs = Date.now() - lastFinishedAt;
      return running !== undefined && idleMs > Math.max(10 * options.tickMs, STALLED_AFTER_MS)
        ? 'stalled'
        : 'ok';
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
