// Sends the alerts a case's changes left in the outbox (push_outbox), off the request path: the worker
// claims the due ones, pushes each to every device of its user, and removes it, or tries again later with
// a growing delay when no device could be reached, up to MAX_ATTEMPTS. An offer's alert is sent only while
// the offer waits unseen: accepting, declining or seeing it anywhere stops every later push of it.
import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../db/database.ts';
import { drainOutbox, finishOutboxRow, MAX_ATTEMPTS, retryDelayMs, retryOutboxRowAt } from '../db/outbox.ts';
import { buildPushAlert, type PushAlertKind } from '../domain/push-alert.ts';
import type { Clock } from '../domain/escalation.ts';
import {
  deleteDeviceByEndpoint,
  deleteExpiredReceiptTokens,
  insertReceiptToken,
  markDeviceDelivered,
  markDeviceFailed,
  readAlertContext,
  readDevices,
  type AlertContextRow,
  PUSH_OUTBOX_COLUMNS,
  type PushOutboxRow,
} from './push-repository.ts';
import { pushTo, type PushOutcome } from './push-sender.ts';
import type { PushService } from './push-service.ts';

/** A claimed alert is due again after this if its process died while sending it. */
const LEASE_MS = 60_000;
/** How long a receipt credential stays good: longer than any push service keeps an alert. */
const RECEIPT_TTL_MS = 24 * 3600_000;

export function hashReceiptToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

const isOffer = (kind: string) => kind === 'case_offered' || kind === 'case_realerted';

/**
 * Whether the alert still has something to say when its turn comes. An offer is pushed whoever it went to
 * (being offered a case overrides quiet hours); anything else (a message, "accepted by …") is not pushed to a
 * specialist off shift: their quiet hours.
 */
function stillWanted(row: PushOutboxRow, context: AlertContextRow): boolean {
  if (isOffer(row.kind)) return context.offer_active === true && context.offer_seen_at === null;
  return !context.off_shift_specialist;
}

async function receiptFor(db: Database, push: PushService, offerId: string, now: Date) {
  const token = `prc_${randomBytes(32).toString('base64url')}`;
  await insertReceiptToken(db, {
    hash: hashReceiptToken(token),
    offerId,
    expiresAt: new Date(now.getTime() + RECEIPT_TTL_MS),
  });
  return { token, url: push.receiptUrl };
}

async function sendAlert(db: Database, push: PushService, row: PushOutboxRow, now: Date): Promise<void> {
  const context = await readAlertContext(db, row.case_id, row.user_id, row.actor_id, now);
  const devices = await readDevices(db, row.user_id);
  if (context === undefined || !stillWanted(row, context) || devices.length === 0) {
    await finishOutboxRow(db, 'push_outbox', row.id);
    return;
  }
  const settings = await push.settings();
  const path = context.is_opener ? '/emergency-room/doctor/cases/' : '/specialist/cases/';
  const alert = buildPushAlert({
    kind: row.kind as PushAlertKind,
    caseId: context.case_id,
    caseNumber: context.display_number,
    urgency: context.urgency,
    specialty: context.specialty_name,
    hospital: context.hospital_code,
    url: `${push.appUrl}${path}${encodeURIComponent(context.case_id)}`,
    acceptedBy: context.actor_name,
    ...(isOffer(row.kind) && context.offer_id !== null
      ? { receipt: await receiptFor(db, push, context.offer_id, now) }
      : {}),
  });
  const outcomes = await Promise.all(
    devices.map(async (device): Promise<PushOutcome> => {
      const sent = await pushTo(device, alert, settings);
      if (sent.outcome === 'delivered') await markDeviceDelivered(db, device.endpoint, now);
      else if (sent.outcome === 'gone') await deleteDeviceByEndpoint(db, device.endpoint);
      else {
        await markDeviceFailed(db, device.endpoint, now);
        push.warn(
          {
            alertId: row.id,
            caseId: row.case_id,
            deviceId: device.id,
            status: sent.status,
            attempt: row.attempts,
          },
          'push: an alert did not reach its push service',
        );
      }
      return sent.outcome;
    }),
  );
  if (outcomes.includes('failed') && !outcomes.includes('delivered') && row.attempts < MAX_ATTEMPTS) {
    await retryOutboxRowAt(db, 'push_outbox', row.id, new Date(now.getTime() + retryDelayMs(row.attempts)));
    return;
  }
  await finishOutboxRow(db, 'push_outbox', row.id);
}

/** Sends every alert due at the clock's now; answers how many were handled. */
export async function sendDuePushAlerts(db: Database, clock: Clock, push: PushService): Promise<number> {
  const handled = await drainOutbox<PushOutboxRow>(db, () => clock.now(), {
    table: 'push_outbox',
    columns: PUSH_OUTBOX_COLUMNS,
    leaseMs: LEASE_MS,
    send: (row, now) => sendAlert(db, push, row, now),
    crashed: (row, reason) => {
      push.warn({ alertId: row?.id, err: reason }, 'push: an alert failed; retried after its lease');
    },
  });
  await deleteExpiredReceiptTokens(db, clock.now());
  return handled;
}
