// Wires cases into the app: the context case handlers use (request.server.cases), the event hub and the
// timer worker. Options let tests give a fake clock, a fast worker tick, or no worker at all.
import type { FastifyInstance } from 'fastify';
import { s3BlobStore } from './blobs/s3-store.ts';
import { directoryBlobStore, type BlobStore } from './blobs/store.ts';
import { USER_CHANGED_CHANNEL } from './auth/authenticate.ts';
import { auditRefusedAccess, CaseAccessRefused } from './cases/case-authorization.ts';
import type { CasesContext } from './cases/cases-context.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { systemClock, type AckOverrides, type Clock } from './domain/escalation.ts';
import { listenForChanges } from './events/case-change-channel.ts';
import { startEventHub, type EventHub } from './events/hub.ts';
import { findUserById } from './users/users-repository.ts';
import { createMailService, type MailService } from './mail/mail-service.ts';
import { createPushService, type PushService } from './push/push-service.ts';
import type { SmsService } from './sms/sms-outbox.ts';
import { createSmsProvider } from './sms/sms-provider.ts';
import { startCaseTimerWorker, type CaseTimerWorker } from './workers/case-timers.ts';
import { startPushAlertWorker, type PushAlertWorker } from './workers/push-alerts.ts';

export interface CasesOptions {
  readonly clock?: Clock;
  /** How often the worker looks for due escalations and re-alerts; false runs no worker. */
  readonly worker?: { readonly tickMs: number } | false;
  readonly blobs?: BlobStore;
  /** Acknowledgement and re-alert times that win over every hospital's; default from the configuration. */
  readonly ackOverrides?: AckOverrides;
}

export interface CasesRuntime {
  readonly context: CasesContext;
  readonly hub: EventHub;
  readonly worker: CaseTimerWorker | null;
  /** Web Push: the keys and settings, and the worker that sends the outbox (none when worker is false). */
  readonly push: PushService;
  readonly pushWorker: PushAlertWorker | null;
  /** E-mail through SMTP, sent by the push worker's tick; null when SMTP is not configured. */
  readonly mail: MailService | null;
  /** SMS through a provider, sent by the push worker's tick; null when no provider is configured. */
  readonly sms: SmsService | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    readonly cases: CasesRuntime;
  }
}

export async function registerCases(
  app: FastifyInstance,
  { config, db, options = {} }: { config: Config; db: Database; options?: CasesOptions },
): Promise<void> {
  const clock = options.clock ?? systemClock;
  const onError = (error: unknown) => {
    app.log.error({ err: error }, 'cases: background work failed');
  };
  const hub = await startEventHub(db, onError);
  const tickMs = options.worker === false ? null : (options.worker?.tickMs ?? config.caseTimers.tickMs);
  const ackOverrides = options.ackOverrides ?? config.caseTimers.ackOverrides;
  // An S3-compatible bucket when BLOB_S3_BUCKET is set (several processes share it), else BLOB_DIR.
  const s3 =
    options.blobs === undefined && config.operations.s3 ? s3BlobStore(config.operations.s3) : undefined;
  const blobs = options.blobs ?? s3 ?? directoryBlobStore(config.blobDir);
  const push = createPushService(db, config, (details, message) => {
    app.log.warn(details, message);
  });
  const mail = createMailService(config.alerts.mail, config.publicUrl, (details, message) => {
    app.log.warn(details, message);
  });
  const provider = createSmsProvider(config.alerts.sms);
  const sms: SmsService | null =
    provider === null
      ? null
      : {
          provider,
          appUrl: config.publicUrl,
          warn: (details, message) => {
            app.log.warn(details, message);
          },
        };
  const runtime: CasesRuntime = {
    context: {
      db,
      clock,
      mediaUrl: config.api.mediaUrl,
      blobs,
      ackOverrides,
    },
    hub,
    worker:
      tickMs === null
        ? null
        : startCaseTimerWorker({ db, clock, tickMs, overrides: ackOverrides, mail: mail !== null, onError }),
    push,
    pushWorker:
      tickMs === null ? null : startPushAlertWorker({ db, clock, push, mail, sms, tickMs, onError }),
    mail,
    sms,
  };
  app.decorate('cases', runtime);
  // A change that notifies someone (an offer above all) wakes the push worker at its commit, on every
  // process, rather than leaving the alert to the next tick: the offer reaches the phone in milliseconds, not
  // up to a tick later. The tick still sends whatever a wake missed. Only the worker that ticks on the
  // configuration's own interval is woken: tests that give a tick of their own send by hand.
  const unlistenPushWakes =
    options.worker === undefined && runtime.pushWorker !== null
      ? await listenForChanges(
          db,
          (change) => {
            if (change.notifications.length > 0) runtime.pushWorker?.wake();
          },
          onError,
        )
      : undefined;
  // A deactivated account hears nothing more: the users table announces every change of a user (the same
  // notification that empties the callers' cache), and each process ends the streams it holds for a user who
  // is now inactive or gone. The stream's client reconnects and its token is then refused.
  const unlistenUsers = await db.listen(USER_CHANGED_CHANNEL, (userId) => {
    if (hub.streamsOf(userId) === 0) return;
    findUserById(db, userId)
      .then((user) => {
        if (user?.active !== true) hub.endStreamsOf(userId);
      })
      .catch(onError);
  });
  // A refused access to an existing case is audited on it, outside the transaction the refusal rolled back.
  app.addHook('onError', async (request, _reply, error) => {
    if (!(error instanceof CaseAccessRefused)) return;
    await auditRefusedAccess(db, error, request.ip, clock.now()).catch(onError);
  });
  app.addHook('onReady', async () => {
    // Whatever fell due while no server ran fires now, not a tick later.
    await runtime.worker?.tick().catch(onError);
    await runtime.pushWorker?.tick().catch(onError);
  });
  app.addHook('preClose', (done) => {
    hub.endStreams();
    done();
  });
  app.addHook('onClose', async () => {
    await unlistenUsers().catch(onError);
    await unlistenPushWakes?.().catch(onError);
    await runtime.worker?.stop();
    await runtime.pushWorker?.stop();
    runtime.mail?.close();
    await hub.close().catch(onError);
    s3?.close();
  });
}
