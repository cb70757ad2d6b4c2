// The cases table's timers: the step of the routing chain a case is on and when it escalates or alerts again,
// claimed by the timer worker when due, and the waiting cases' figures for the metrics.
import type { RoutingStep } from '../../../generated/types.gen.ts';
import type { Queryable } from '../db/database.ts';
import { CASE_STATE_COLUMNS, CASE_STATE_FROM, type CaseStateRow } from './cases-repository.ts';

/** A case moved to a step of its routing chain, with the timers of that step. */
export async function setRouting(
  tx: Queryable,
  caseId: string,
  routing: {
    readonly step: RoutingStep;
    readonly ackDueAt: Date | null;
    readonly realertDueAt: Date;
    readonly noCoverage: boolean;
    readonly at: Date;
  },
): Promise<void> {
  await tx.query(
    `update cases set routing_step = $2, ack_due_at = $3, realert_due_at = $4, updated_at = $5,
       no_coverage = no_coverage or $6
     where id = $1`,
    [
      caseId,
      routing.step,
      routing.ackDueAt?.toISOString() ?? null,
      routing.realertDueAt.toISOString(),
      routing.at.toISOString(),
      routing.noCoverage,
    ],
  );
}

/** Stops the case's escalation and re-alerts. */
export async function clearTimers(tx: Queryable, caseId: string): Promise<void> {
  await tx.query('update cases set ack_due_at = null, realert_due_at = null where id = $1', [caseId]);
}

/** A waiting case whose escalation or re-alert is due. */
export interface DueCaseRow extends CaseStateRow {
  ack_due_at: string | null;
  realert_due_at: string | null;
}

/**
 * Up to `limit` waiting cases due at `now`, earliest first, locked for this transaction. Several servers
 * may claim at once: `skip locked` gives each due case to one of them.
 */
export function claimDueCases(tx: Queryable, now: Date, limit: number): Promise<DueCaseRow[]> {
  return tx.query<DueCaseRow>(
    `select ${CASE_STATE_COLUMNS}, c.ack_due_at, c.realert_due_at
     from ${CASE_STATE_FROM}
     where c.next_due_at <= $1 and c.status in ('pending', 'escalated')
     order by c.next_due_at
     limit ${limit}
     for update of c skip locked`,
    [now.toISOString()],
  );
}

export async function setRealertDue(tx: Queryable, caseId: string, at: Date): Promise<void> {
  await tx.query('update cases set realert_due_at = $2 where id = $1', [caseId, at.toISOString()]);
}

/** Puts the case's due times off to `until` at the earliest (those that are set). */
export async function postponeDueTimes(tx: Queryable, caseId: string, until: Date): Promise<void> {
  await tx.query(
    `update cases set
       ack_due_at = case when ack_due_at is null then null else greatest(ack_due_at, $2::timestamptz) end,
       realert_due_at = case when realert_due_at is null then null else greatest(realert_due_at, $2::timestamptz) end
     where id = $1`,
    [caseId, until.toISOString()],
  );
}

export interface WaitingCaseFigures {
  /** Waiting cases whose escalation timer runs. */
  readonly pendingEscalations: number;
  /** Of those, the ones whose escalation is already due: the timer worker is behind when this stays above 0. */
  readonly overdueEscalations: number;
  /** The age of the oldest case nobody has accepted yet, in seconds; 0 when none waits. */
  readonly oldestUnacceptedSeconds: number;
}

/** The figures of the waiting cases across every hospital, for the metrics. */
export async function readWaitingCaseFigures(db: Queryable, now: Date): Promise<WaitingCaseFigures> {
  const [row] = await db.query<{ pending: number; overdue: number; oldest: string | null }>(
    `select count(*) filter (where ack_due_at is not null)::int8 as pending,
       count(*) filter (where ack_due_at <= $1)::int8 as overdue,
       min(created_at) as oldest
     from cases
     where status in ('pending', 'escalated')`,
    [now.toISOString()],
    { prepare: 'waiting_case_figures' },
  );
  const oldest = row?.oldest == null ? null : new Date(row.oldest).getTime();
  return {
    pendingEscalations: row?.pending ?? 0,
    overdueEscalations: row?.overdue ?? 0,
    oldestUnacceptedSeconds: oldest === null ? 0 : Math.max(0, (now.getTime() - oldest) / 1000),
  };
}
