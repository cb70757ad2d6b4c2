// Sends the SMS that offers left in the outbox (sms_outbox) when their delay ran out, off the request path and
// off any case transaction: the worker claims the due ones and, while the offer still waits undelivered and
// unseen, sends each through the provider. Every attempt is on the case's timeline ("sms_sent", or
// "sms_failed" with whether it is tried again), by the recipient's user id, never the number. A provider that
// fails or times out is tried again with a growing delay, up to MAX_ATTEMPTS; one that refuses the message
// outright (a 4xx) is not. A delivered, seen, accepted or declined offer stops its SMS, retries included.
import type { Database } from '../db/database.ts';
import {
  drainOutbox,
  dropDueRows,
  finishOutboxRow,
  MAX_ATTEMPTS,
  retryDelayMs,
  retryOutboxRowAt,
} from '../db/outbox.ts';
import type { Clock } from '../domain/escalation.ts';
import { buildSmsAlert, e164, MOBILE_NUMBER } from '../domain/sms-alert.ts';
import { insertCaseEvent } from '../cases/case-thread-repository.ts';
import { publishChange } from '../events/case-change-channel.ts';
import type { SmsOutcome, SmsProvider } from './sms-provider.ts';
import {
  readSmsContext,
  SMS_OUTBOX_COLUMNS,
  type SmsContextRow,
  type SmsOutboxRow,
} from './sms-repository.ts';

/** A claimed SMS is due again after this if its process died while sending it. */
const LEASE_MS = 60_000;

export interface SmsService {
  readonly provider: SmsProvider;
  /** The app's origin, e.g. https://case-router.example-hospital.org. */
  readonly appUrl: string;
  /** Logs a channel's failure: ids and codes only, never a number, a text or patient data. */
  readonly warn: (details: Record<string, unknown>, message: string) => void;
}

/** Whether the SMS still has something to say, and somewhere to say it. */
function stillWanted(context: SmsContextRow | undefined): context is SmsContextRow & { phone: string } {
  return (
    context !== undefined &&
    context.undelivered &&
    context.user_active &&
    context.sms_fallback &&
    context.phone !== null &&
    MOBILE_NUMBER.test(context.phone)
  );
}

async function record(
  db: Database,
  row: SmsOutboxRow,
  context: SmsContextRow,
  now: Date,
  event: { kind: 'sms_sent' | 'sms_failed'; data: Record<string, unknown> },
  next: 'finish' | Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await insertCaseEvent(tx, {
      caseId: row.case_id,
      at: now.toISOString(),
      kind: event.kind,
      actorId: null,
      data: { recipientId: row.user_id, offerId: row.offer_id, attempt: row.attempts, ...event.data },
    });
    if (next === 'finish') await finishOutboxRow(tx, 'sms_outbox', row.id);
    else await retryOutboxRowAt(tx, 'sms_outbox', row.id, next);
    // Open case pages (the ER's, the recipient's) refetch and show the attempt.
    await publishChange(tx, {
      caseId: row.case_id,
      caseStatus: context.status,
      notifications: [],
      watchers: [row.user_id, context.opened_by],
    });
  });
}

async function sendSms(db: Database, sms: SmsService, row: SmsOutboxRow, now: Date): Promise<void> {
  const context = await readSmsContext(db, row);
  if (!stillWanted(context)) {
    await finishOutboxRow(db, 'sms_outbox', row.id);
    return;
  }
  const text = buildSmsAlert({
    caseNumber: context.display_number,
    urgency: context.urgency,
    specialty: context.specialty_name,
    hospital: context.hospital_code,
    url: `${sms.appUrl}/specialist/cases/${encodeURIComponent(context.case_id)}`,
  });
  const sent: SmsOutcome = await sms.provider.send(e164(context.phone), text);
  if (sent.outcome === 'sent') {
    await record(db, row, context, now, { kind: 'sms_sent', data: {} }, 'finish');
    return;
  }
  const retried = sent.retryable && row.attempts < MAX_ATTEMPTS;
  const failure = { status: sent.status, code: sent.code };
  sms.warn(
    { smsId: row.id, caseId: row.case_id, userId: row.user_id, attempt: row.attempts, ...failure },
    retried ? 'sms: an SMS did not reach its provider; retried' : 'sms: an SMS was given up',
  );
  await record(
    db,
    row,
    context,
    now,
    { kind: 'sms_failed', data: { ...failure, final: !retried } },
    retried ? new Date(now.getTime() + retryDelayMs(row.attempts)) : 'finish',
  );
}

/** Sends every SMS due at the clock's now; answers how many were handled. */
export async function sendDueSms(db: Database, clock: Clock, sms: SmsService): Promise<number> {
  return drainOutbox<SmsOutboxRow>(db, () => clock.now(), {
    table: 'sms_outbox',
    columns: SMS_OUTBOX_COLUMNS,
    leaseMs: LEASE_MS,
    send: (row, now) => sendSms(db, sms, row, now),
    crashed: (row) => {
      sms.warn({ smsId: row?.id }, 'sms: an SMS failed; retried after its lease');
    },
  });
}

/** Without a provider, nothing is sent: the SMS that fall due are dropped, so none piles up. */
export async function dropDueSms(db: Database, clock: Clock): Promise<number> {
  return dropDueRows(db, 'sms_outbox', clock.now());
}
