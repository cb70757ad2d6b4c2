// What the push area needs at run time, made once per process: the VAPID keys (read at first use, made at
// the first start), the settings from the configuration, and the app's addresses the alerts link to.
import type { Config } from '../config.ts';
import type { Queryable } from '../db/database.ts';
import type { PushSettings } from './push-sender.ts';
import { loadVapidKeys } from './vapid-keys.ts';

export interface PushService {
  settings(): Promise<PushSettings>;
  readonly allowInsecureLocal: boolean;
  /** The app's origin, e.g. https://case-router.example-hospital.org. */
  readonly appUrl: string;
  /** Where a service worker reports an offer's receipt. */
  readonly receiptUrl: string;
  /** Logs a channel's failure: ids and status only, never patient data or an endpoint (a device secret). */
  readonly warn: (details: Record<string, unknown>, message: string) => void;
}

export function createPushService(
  db: Queryable,
  config: Pick<Config, 'alerts' | 'publicUrl' | 'api'>,
  warn: PushService['warn'],
): PushService {
  let loaded: Promise<PushSettings> | undefined;
  return {
    settings() {
      loaded ??= loadVapidKeys(db).then((vapid) => ({
        vapid,
        subject: config.alerts.vapidSubject,
        timeoutMs: config.alerts.pushTimeoutMs,
        allowInsecureLocal: config.alerts.allowInsecureLocalPush,
      }));
      // A failed read is tried again on the next use.
      loaded.catch(() => {
        loaded = undefined;
      });
      return loaded;
    },
    allowInsecureLocal: config.alerts.allowInsecureLocalPush,
    appUrl: config.publicUrl,
    receiptUrl: `${config.api.baseUrl}/public/push-receipts`,
    warn,
  };
}
