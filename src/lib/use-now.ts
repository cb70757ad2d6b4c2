// One clock for every timer on the screen: a single interval ticks each second while something listens,
// so timers count without refetching and stay in step with each other.
import { useSyncExternalStore } from 'react';

const TICK_MS = 1000;
const listeners = new Set<() => void>();
let now = Date.now();
let interval: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (interval === undefined) {
    now = Date.now();
    interval = setInterval(() => {
      now = Date.now();
      for (const notify of listeners) notify();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && interval !== undefined) {
      clearInterval(interval);
      interval = undefined;
    }
  };
}

function snapshot(): number {
  return now;
}

/** The current time in milliseconds, re-rendering the caller every second. */
export function useNow(): number {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
