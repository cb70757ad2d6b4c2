// What a waiting case does when one of its times falls due: not accepted within its acknowledgement time,
// it moves along the routing chain; every re-alert interval, the specialists it is offered to are alerted
// again. When they fall due is domain/escalation.ts; running them on time is workers/case-timers.ts.
import type { CaseStatus } from '../../../generated/types.gen.ts';
import type { Queryable } from '../db/database.ts';
import { transition } from '../domain/case-state.ts';
import { dueAction, nextRealert, type AckOverrides } from '../domain/escalation.ts';
import { CaseJournal } from './case-journal.ts';
import { setRealertDue, type DueCaseRow } from './case-timers-repository.ts';
import { setCaseStatus } from './cases-repository.ts';
import { realertActiveOffers } from './offers-repository.ts';
import { advanceChain, readPolicy } from './routing.ts';

async function realert(
  tx: Queryable,
  journal: CaseJournal,
  row: DueCaseRow,
  now: Date,
  overrides: AckOverrides,
): Promise<void> {
  const offered = await realertActiveOffers(tx, row.id, now);
  const policy = await readPolicy(tx, row.hospital_id, overrides);
  await setRealertDue(tx, row.id, nextRealert(now, policy));
  const ids = offered.sort();
  if (ids.length === 0) return;
  await journal.event('realerted', null, { specialistIds: ids, step: row.routing_step });
  await journal.notify(ids, {
    kind: 'case_realerted',
    actorId: null,
    action: `Reminder: case ${row.display_number} (${row.specialty_name}, ${row.urgency}) is waiting for you`,
    message: row.chief_complaint,
  });
}

/** Escalates or re-alerts the due case (locked by the caller's transaction), and publishes the change. */
export async function handleDueCase(
  tx: Queryable,
  row: DueCaseRow,
  now: Date,
  overrides: AckOverrides,
): Promise<void> {
  const action = dueAction(now, {
    ackDueAt: row.ack_due_at === null ? null : new Date(row.ack_due_at),
    realertDueAt: row.realert_due_at === null ? null : new Date(row.realert_due_at),
  });
  const journal = new CaseJournal(tx, row.id, now);
  let status: CaseStatus = row.status;
  if (action === 'escalate') {
    // The first escalation moves pending to escalated; later steps of the chain keep it escalated.
    const moved = transition(row.status, 'escalate');
    if (moved.ok) {
      status = moved.to;
      await setCaseStatus(tx, row.id, status);
    }
    await advanceChain(tx, journal, { ...row, status }, now, 'not accepted in time', overrides);
    await journal.audit(null, 'case.escalate', null);
  } else if (action === 'realert') {
    await realert(tx, journal, row, now, overrides);
    await journal.audit(null, 'case.realert', null);
  }
  await journal.publish(status);
}
