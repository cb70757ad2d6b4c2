// Sends the alerts waiting in the outbox (push/push-outbox.ts) on its own tick, beside the case timers: a
// slow push service never holds up an escalation, and an escalation never waits for a push. The alerts
// live in the database, so a restart loses none: whatever fell due while no server ran goes on the next
// tick. Several servers may run this at once: `skip locked` gives each alert to one of them.
import type { Database } from '../db/database.ts';
import type { Clock } from '../domain/escalation.ts';
import { sendDuePushAlerts } from '../push/push-outbox.ts';
import type { PushService } from '../push/push-service.ts';

export interface PushAlertWorker {
  /** Sends what is due now (tests, and right after start-up); answers how many alerts were handled. */
  tick(): Promise<number>;
  stop(): Promise<void>;
}

export function startPushAlertWorker(options: {
  db: Database;
  clock: Clock;
  push: PushService;
  tickMs: number;
  onError: (error: unknown) => void;
}): PushAlertWorker {
  let running: Promise<number> | undefined;
  let stopped = false;
  const tick = (): Promise<number> => {
    running ??= sendDuePushAlerts(options.db, options.clock, options.push).finally(() => {
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
