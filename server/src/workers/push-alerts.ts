// Sends the alerts waiting in the outbox (push/push-outbox.ts) on its own tick, beside the case timers: a
// slow push service never holds up an escalation, and an escalation never waits for a push. The alerts
// live in the database, so a restart loses none: whatever fell due while no server ran goes on the next
// tick. Several servers may run this at once: `skip locked` gives each alert to one of them. The e-mails an
// escalation enqueued (mail/mail-outbox.ts) go on the same tick, after the pushes, and then the SMS whose
// offer went undelivered for the hospital's delay (sms/sms-outbox.ts).
import type { Database } from '../db/database.ts';
import type { Clock } from '../domain/escalation.ts';
import { sendDueMailAlerts } from '../mail/mail-outbox.ts';
import type { MailService } from '../mail/mail-service.ts';
import { sendDuePushAlerts } from '../push/push-outbox.ts';
import type { PushService } from '../push/push-service.ts';
import { dropDueSms, sendDueSms, type SmsService } from '../sms/sms-outbox.ts';

export interface PushAlertWorker {
  /** Sends what is due now (tests, and right after start-up); answers how many alerts, e-mails and SMS were handled. */
  tick(): Promise<number>;
  /**
   * Sends what is due now without waiting for the next tick (a change just enqueued an alert); a wake during a
   * tick runs one more after it, since that tick may have claimed before the new alert was committed.
   */
  wake(): void;
  stop(): Promise<void>;
}

export function startPushAlertWorker(options: {
  db: Database;
  clock: Clock;
  push: PushService;
  /** E-mail through SMTP; null when it is not configured. */
  mail: MailService | null;
  /** SMS through a provider; null when none is configured (due SMS are then dropped unsent). */
  sms: SmsService | null;
  tickMs: number;
  onError: (error: unknown) => void;
}): PushAlertWorker {
  let running: Promise<number> | undefined;
  let stopped = false;
  let again = false;
  const tick = (): Promise<number> => {
    running ??= (async () => {
      const pushed = await sendDuePushAlerts(options.db, options.clock, options.push);
      const mailed =
        options.mail === null ? 0 : await sendDueMailAlerts(options.db, options.clock, options.mail);
      const texted =
        options.sms === null
          ? await dropDueSms(options.db, options.clock)
          : await sendDueSms(options.db, options.clock, options.sms);
      return pushed + mailed + texted;
    })().finally(() => {
      running = undefined;
      if (again && !stopped) {
        again = false;
        tick().catch(options.onError);
      }
    });
    return running;
  };
  const timer = setInterval(() => {
    if (!stopped) tick().catch(options.onError);
  }, options.tickMs);
  timer.unref();
  return {
    tick,
    wake() {
      if (stopped) return;
      if (running === undefined) tick().catch(options.onError);
      else again = true;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
