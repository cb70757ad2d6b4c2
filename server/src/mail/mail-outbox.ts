// Sends the e-mails an escalation left in the outbox (mail_outbox), off the request path and off the
// escalation's transaction: the worker claims the due ones, sends each through SMTP, records "e-mail sent"
// on the case's timeline (the recipient's user id, never the address), and removes it; an SMTP server that
// fails is tried again with a growing delay, up to MAX_ATTEMPTS, then the e-mail is given up and logged.
import type { Database } from '../db/database.ts';
import { drainOutbox, finishOutboxRow, MAX_ATTEMPTS, retryDelayMs, retryOutboxRowAt } from '../db/outbox.ts';
import { buildMailAlert } from '../domain/mail-alert.ts';
import type { Clock } from '../domain/escalation.ts';
import { insertCaseEvent } from '../cases/case-thread-repository.ts';
import { publishChange } from '../events/case-change-channel.ts';
import { MAIL_OUTBOX_COLUMNS, readMailContext, type MailOutboxRow } from './mail-repository.ts';
import type { MailService } from './mail-service.ts';

/** A claimed e-mail is due again after this if its process died while sending it. */
const LEASE_MS = 120_000;

const PATHS = { specialist: '/specialist/cases/', er_admin: '/emergency-room/doctor/cases/' } as const;

/** What an SMTP failure may log: its codes, never the server's text (it may quote the address). */
function failureOf(error: unknown): Record<string, unknown> {
  if (typeof error !== 'object' || error === null) return {};
  const { code, responseCode, command } = error as Record<string, unknown>;
  return { code, responseCode, command };
}

async function sendMail(db: Database, mail: MailService, row: MailOutboxRow, now: Date): Promise<void> {
  const context = await readMailContext(db, row.case_id, row.user_id);
  if (context === undefined || !context.active) {
    await finishOutboxRow(db, 'mail_outbox', row.id);
    return;
  }
  const alert = buildMailAlert({
    role: row.recipient_role,
    caseNumber: context.display_number,
    urgency: context.urgency,
    specialty: context.specialty_name,
    hospital: context.hospital_code,
    url: `${mail.appUrl}${PATHS[row.recipient_role]}${encodeURIComponent(context.case_id)}`,
  });
  try {
    await mail.send(context.email, alert);
  } catch (error) {
    const details = { mailId: row.id, caseId: row.case_id, userId: row.user_id, attempt: row.attempts };
    if (row.attempts < MAX_ATTEMPTS) {
      mail.warn(
        { ...details, ...failureOf(error) },
        'mail: an e-mail did not reach the SMTP server; retried',
      );
      await retryOutboxRowAt(db, 'mail_outbox', row.id, new Date(now.getTime() + retryDelayMs(row.attempts)));
    } else {
      mail.warn({ ...details, ...failureOf(error) }, 'mail: an e-mail was given up after its last attempt');
      await finishOutboxRow(db, 'mail_outbox', row.id);
    }
    return;
  }
  await db.transaction(async (tx) => {
    await insertCaseEvent(tx, {
      caseId: row.case_id,
      at: now.toISOString(),
      kind: 'email_sent',
      actorId: null,
      data: { recipientId: row.user_id },
    });
    await finishOutboxRow(tx, 'mail_outbox', row.id);
    // Open case pages (the recipient's, and the hospital's live board) refetch and show the timeline's entry.
    await publishChange(tx, {
      caseId: row.case_id,
      caseStatus: context.status,
      notifications: [],
      watchers: [row.user_id],
    });
  });
}

/** Sends every e-mail due at the clock's now; answers how many were handled. */
export async function sendDueMailAlerts(db: Database, clock: Clock, mail: MailService): Promise<number> {
  return drainOutbox<MailOutboxRow>(db, () => clock.now(), {
    table: 'mail_outbox',
    columns: MAIL_OUTBOX_COLUMNS,
    leaseMs: LEASE_MS,
    send: (row, now) => sendMail(db, mail, row, now),
    crashed: (row) => {
      mail.warn({ mailId: row?.id }, 'mail: an e-mail failed; retried after its lease');
    },
  });
}
