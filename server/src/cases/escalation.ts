// What a waiting case does when one of its times falls due: not accepted within its acknowledgement time,
// it moves along the routing chain; every re-alert interval, the specialists it is offered to are alerted
// again. When they fall due is domain/escalation.ts; running them on time is workers/case-timers.ts. With
// e-mail on, an offer not acknowledged when its step ends also goes by e-mail to the specialist and to the
// hospital's ER admins (mail/mail-outbox.ts sends them).
import type { CaseStatus } from '../../../generated/types.gen.ts';
import type { Queryable } from '../db/database.ts';
import { newId } from '../db/ids.ts';
import { transition } from '../domain/case-state.ts';
import { dueAction, nextRealert, type AckOverrides } from '../domain/escalation.ts';
import { insertMailAlerts, unacknowledgedOfferees, type MailRecipientRole } from '../mail/mail-repository.ts';
import { userIdsWithRole } from '../users/users-repository.ts';
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

/**
 * The e-mails of a step that ended with offers not acknowledged (active, never seen): one to each such
 * specialist and one to each ER admin of the case's hospital, in the escalation's transaction.
 */
async function enqueueEscalationMails(tx: Queryable, row: DueCaseRow, now: Date): Promise<void> {
  const specialists = await unacknowledgedOfferees(tx, row.id);
  if (specialists.length === 0) return;
  const admins = await userIdsWithRole(tx, row.hospital_id, 'emergency_room_admin');
  const recipients: { userId: string; role: MailRecipientRole }[] = [
    ...specialists.map((userId) => ({ userId, role: 'specialist' as const })),
    ...admins
      .filter((userId) => !specialists.includes(userId))
      .map((userId) => ({ userId, role: 'er_admin' as const })),
  ];
  await insertMailAlerts(tx, {
    ids: recipients.map(() => newId('eml')),
    userIds: recipients.map((recipient) => recipient.userId),
    roles: recipients.map((recipient) => recipient.role),
    caseId: row.id,
    at: now,
  });
}

/**
 * Escalates or re-alerts the due case (locked by the caller's transaction), and publishes the change; `mail`
 * says whether e-mail is configured (no SMTP: nothing is enqueued).
 */
export async function handleDueCase(
  tx: Queryable,
  row: DueCaseRow,
  now: Date,
  overrides: AckOverrides,
  mail = false,
): Promise<void> {
  const action = dueAction(now, {
    ackDueAt: row.ack_due_at === null ? null : new Date(row.ack_due_at),
    realertDueAt: row.realert_due_at === null ? null : new Date(row.realert_due_at),
  });
  const journal = new CaseJournal(tx, row.id, now);
  let status: CaseStatus = row.status;
  if (action === 'escalate') {
    // Before the chain moves on: whose offers are still unanswered is read as the step ends.
    if (mail) await enqueueEscalationMails(tx, row, now);
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
