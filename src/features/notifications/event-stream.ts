// The signed-in tab's one server-sent event connection. It goes through the generated SSE client, and so
// through lib/api's configured fetch: the bearer, the 403 refresh-and-retry and the 401 sign-in-again apply
// to it as to every call. The generated client's own retry never resets its backoff and stops for good when
// the server ends the stream, so it is held to one attempt per connection and reconnecting happens here.
import { streamEvents } from '../../../generated/sdk.gen.ts';
import type { ServerEvent } from '../../../generated/types.gen.ts';
import { zServerEvent } from '../../../generated/zod.gen.ts';
import { ApiError } from '../../lib/api/index.ts';
import { reportReachable, reportUnreachable } from '../../lib/connection.ts';

export const RECONNECT_INITIAL_DELAY_MS = 1_000;
export const RECONNECT_MAX_DELAY_MS = 30_000;
/**
 * A stream that drops is said to be down once it has stayed down this long: the server ends streams in order
 * (a token's end, a restart) and the reconnect after that is no outage to announce; a failed attempt is at once.
 */
export const STREAM_DOWN_GRACE_MS = 5_000;

export interface EventStreamOptions {
  readonly onEvent: (event: ServerEvent) => void;
  /** The stream is open again after a drop: whatever happened in between was missed. */
  readonly onReconnect: () => void;
  /** In [0, 1]; spreads the reconnects of many tabs after a server restart. */
  readonly random?: () => number;
}

export interface EventStream {
  stop(): void;
}

/**
 * The wait before the next attempt: the base (the server's `retry:` hint once it gave one) after a drop,
 * doubled per attempt in a row that failed to open, capped, and with its upper half jittered.
 */
export function reconnectDelay(failedAttempts: number, base: number, random: number): number {
  const ceiling = Math.min(base * 2 ** failedAttempts, RECONNECT_MAX_DELAY_MS);
  return ceiling / 2 + (ceiling / 2) * random;
}

/** An API error from lib/api means the session ended there (it already sends the user to sign in). */
function endsSession(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

export function startEventStream({
  onEvent,
  onReconnect,
  random = Math.random,
}: EventStreamOptions): EventStream {
  const controller = new AbortController();
  const { signal } = controller;
  let baseDelay = RECONNECT_INITIAL_DELAY_MS;
  let failedAttempts = 0;
  let everOpened = false;
  let downTimer: ReturnType<typeof setTimeout> | undefined;
  /** The connection now open, to drop it when the browser says the network is back (it may be half dead). */
  let current: AbortController | undefined;
  /** Ends the wait before the next attempt. */
  let wake: (() => void) | undefined;

  const streamUp = (): void => {
    clearTimeout(downTimer);
    downTimer = undefined;
    reportReachable('stream');
  };
  const streamDown = (at: number, graceMs: number): void => {
    if (downTimer !== undefined) return;
    if (graceMs === 0) {
      reportUnreachable('stream', at);
      return;
    }
    downTimer = setTimeout(() => {
      reportUnreachable('stream', at);
    }, graceMs);
  };

  const deliver = (data: unknown): void => {
    const parsed = zServerEvent.safeParse(data);
    // Data that is not JSON reaches here unvalidated; it is not an event of this contract.
    if (!parsed.success) return;
    try {
      onEvent(parsed.data);
    } catch (error) {
      // A failing handler must not drop the connection for every other event.
      console.error(error);
    }
  };

  /** One connection, until it drops: whether it opened, and whether lib/api ended the session. */
  const connectOnce = async (): Promise<{ opened: boolean; sessionEnded: boolean }> => {
    let opened = false;
    let failure: unknown;
    const connection = new AbortController();
    current = connection;
    const stopConnection = (): void => {
      connection.abort();
    };
    signal.addEventListener('abort', stopConnection, { once: true });
    const markOpened = (): void => {
      streamUp();
      if (opened) return;
      opened = true;
      failedAttempts = 0;
      if (everOpened) onReconnect();
      everOpened = true;
    };
    try {
      const { stream } = await streamEvents({
        signal: connection.signal,
        sseMaxRetryAttempts: 1,
        sseDefaultRetryDelay: baseDelay,
        // Every frame, the server's opening `retry:` too, proves the stream open.
        onSseEvent: (event) => {
          if (event.retry !== undefined && event.retry > 0) baseDelay = event.retry;
          markOpened();
        },
        onSseError: (error) => {
          failure = error;
        },
      });
      for await (const data of stream) deliver(data);
    } catch (error) {
      failure = error;
    } finally {
      signal.removeEventListener('abort', stopConnection);
      current = undefined;
    }
    return { opened, sessionEnded: endsSession(failure) };
  };

  const wait = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const timer = setTimeout(finish, ms);
      wake = finish;
      function finish(): void {
        clearTimeout(timer);
        wake = undefined;
        signal.removeEventListener('abort', finish);
        resolve();
      }
      signal.addEventListener('abort', finish, { once: true });
    });

  // A call, not a property read: the flag changes while the loop awaits.
  const stopped = (): boolean => signal.aborted;

  const run = async (): Promise<void> => {
    while (!stopped()) {
      const { opened, sessionEnded } = await connectOnce();
      if (stopped() || sessionEnded) return;
      // Dropped after it was open: down once it stays down past the grace; never opened: down now.
      streamDown(Date.now(), opened ? STREAM_DOWN_GRACE_MS : 0);
      if (!opened) failedAttempts += 1;
      await wait(reconnectDelay(failedAttempts, baseDelay, random()));
    }
  };

  // The network is back: try now rather than at the end of a backoff of up to half a minute, and drop a
  // connection that may have died unseen while the network was gone (its reconnect refetches what was missed).
  const onOnline = (): void => {
    failedAttempts = 0;
    if (wake) wake();
    else current?.abort();
  };
  // Only a browser has the event (the stream also runs in tests under Node).
  const events = typeof window === 'undefined' ? undefined : window;
  events?.addEventListener('online', onOnline);

  void run();
  return {
    stop: () => {
      events?.removeEventListener('online', onOnline);
      controller.abort();
      // Signed out, not offline.
      streamUp();
    },
  };
}
