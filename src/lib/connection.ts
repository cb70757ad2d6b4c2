// Whether the tab can reach the server, for every signed-in screen: "a screen that could not reach the server
// says so". Two sources, each with the moment it went: the API (a request that got no answer, or the browser
// saying it is offline) and the live event stream (dropped and not back within a few seconds). Any answer of the
// API brings the API back; only a frame of the stream brings the stream back. The tab is offline while either is.
import { useSyncExternalStore } from 'react';

export type ConnectionSource = 'api' | 'stream';

const since: Record<ConnectionSource, number | null> = { api: null, stream: null };
const listeners = new Set<() => void>();
let snapshot: number | null = null;

function publish(): void {
  const times = [since.api, since.stream].filter((time): time is number => time !== null);
  const next = times.length === 0 ? null : Math.min(...times);
  if (next === snapshot) return;
  snapshot = next;
  for (const listener of listeners) listener();
}

/** The source could not be reached at `at` (kept when it was already down: the first moment counts). */
export function reportUnreachable(source: ConnectionSource, at: number = Date.now()): void {
  if (since[source] !== null) return;
  since[source] = at;
  publish();
}

/** The source answered. */
export function reportReachable(source: ConnectionSource): void {
  if (since[source] === null) return;
  since[source] = null;
  publish();
}

/** When the tab lost the server (ms since the epoch), or null while it reaches it. */
export function offlineSince(): number | null {
  return snapshot;
}

export function subscribeConnection(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** For tests and sign-out: both sources reachable again. */
export function resetConnection(): void {
  since.api = null;
  since.stream = null;
  publish();
}

/** When the tab lost the server, or null while it reaches it; re-renders the caller when that changes. */
export function useOfflineSince(): number | null {
  return useSyncExternalStore(subscribeConnection, offlineSince, offlineSince);
}

// The browser knows first when the device loses its network: no request needs to fail for the screen to say so.
if (typeof window !== 'undefined') {
  window.addEventListener('offline', () => {
    reportUnreachable('api');
  });
}
