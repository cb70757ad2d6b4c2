// Sends one alert to one device through its push service: the payload encrypted for the device (RFC 8291,
// aes128gcm) and the request signed with the server's VAPID key (RFC 8292), both by the web-push library.
// The request itself is ours, so that the SSRF guard holds where it matters: at connect time, every address
// the host resolves to is checked again (a name that turned inward since the device subscribed is refused).
import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import webpush from 'web-push';
import type { PushAlert } from '../domain/push-alert.ts';
import { endpointProblem, endpointProblems, isPublicAddress } from './endpoint-guard.ts';
import type { VapidKeys } from './vapid-keys.ts';

export interface PushTarget {
  readonly endpoint: string;
  readonly p256dh: string;
  readonly auth: string;
}

export interface PushSettings {
  readonly vapid: VapidKeys;
  readonly subject: string;
  readonly timeoutMs: number;
  readonly allowInsecureLocal: boolean;
}

/** delivered: the push service took it; gone: it no longer knows the device (404/410); failed: try again. */
export type PushOutcome = 'delivered' | 'gone' | 'failed';

/** How long a push service keeps an alert for a device that is off: an offer is stale after an hour. */
const TTL_SECONDS = 3600;

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** The system's lookup, refusing any answer with an address that is not on the public internet. */
function guardedLookup(hostname: string, options: object, callback: LookupCallback): void {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error !== null) {
      callback(error, []);
      return;
    }
    if (addresses.length === 0 || !addresses.every((entry) => isPublicAddress(entry.address))) {
      callback(Object.assign(new Error(endpointProblems.inward), { code: 'EPUSHINWARD' }), []);
      return;
    }
    if ((options as { all?: boolean }).all === true) callback(null, addresses);
    else callback(null, addresses[0]?.address ?? '', addresses[0]?.family);
  });
}

function send(
  details: {
    endpoint: string;
    method: string;
    headers: Record<string, string | number>;
    body: Buffer | null;
  },
  timeoutMs: number,
): Promise<number> {
  const url = new URL(details.endpoint);
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: details.method,
        headers: details.headers,
        timeout: timeoutMs,
        ...(url.protocol === 'https:' ? { lookup: guardedLookup } : {}),
      },
      (response) => {
        response.resume();
        response.on('end', () => {
          resolve(response.statusCode ?? 0);
        });
        response.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('The push service did not answer in time')));
    outgoing.on('error', reject);
    outgoing.end(details.body ?? undefined);
  });
}

export async function pushTo(
  target: PushTarget,
  alert: PushAlert,
  settings: PushSettings,
): Promise<{ outcome: PushOutcome; status: number | null; problem?: string }> {
  const problem = await endpointProblem(target.endpoint, settings.allowInsecureLocal);
  if (problem !== null) return { outcome: 'failed', status: null, problem };
  const details = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    JSON.stringify(alert),
    {
      vapidDetails: {
        subject: settings.subject,
        publicKey: settings.vapid.publicKey,
        privateKey: settings.vapid.privateKey,
      },
      TTL: TTL_SECONDS,
      urgency: alert.urgency === 'emergent' || alert.kind === 'test' ? 'high' : 'normal',
      contentEncoding: 'aes128gcm',
    },
  );
  try {
    const status = await send(details, settings.timeoutMs);
    if (status >= 200 && status < 300) return { outcome: 'delivered', status };
    if (status === 404 || status === 410) return { outcome: 'gone', status };
    return { outcome: 'failed', status, problem: `The push service answered ${status}` };
  } catch (error) {
    return {
      outcome: 'failed',
      status: null,
      problem: error instanceof Error ? error.message : String(error),
    };
  }
}
