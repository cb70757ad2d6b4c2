// One clock for every timer on the screen: a single interval ticks each second while something listens,
// so timers count without refetching and stay in step with each other.
//
// A hidden tab rests: while the page is hidden the interval stops (no render, no work), and the moment it is
// visible again the clock reads the time and notifies at once, so every timer shows the right value before the
// next second. Only the clock rests: the event stream and its alerts run on their own.
import { useSyncExternalStore } from 'react';

const TICK_MS = 1000;
const listeners = new Set<() => void>();
let now = Date.now();
let interval: ReturnType<typeof setInterval> | undefined;

function tick(): void {
  now = Date.now();
  for (const notify of listeners) notify();
}

function isHidden(): boolean {
  return typeof document !== 'undefined' && document.hidden;
}

function stopTicking(): void {
  if (interval === undefined) return;
  clearInterval(interval);
  interval = undefined;
}

function startTicking(): void {
  if (interval !== undefined || isHidden()) return;
  interval = setInterval(tick, TICK_MS);
}

function onVisibilityChange(): void {
  if (isHidden()) {
    stopTicking();
    return;
  }
  // Back in view: the right time at once, then the ticks again.
  tick();
  startTicking();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    now = Date.now();
    if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisibilityChange);
    startTicking();
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    stopTicking();
    if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisibilityChange);
  };
}

function snapshot(): number {
  return now;
}

/** The current time in milliseconds, re-rendering the caller every second while the page is visible. */
export function useNow(): number {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/**
 * A value derived from the current time (past a deadline or not, whole minutes overdue), re-rendering the
 * caller only when that value changes, not every second: a board row turns red once, when its case becomes
 * overdue. `derive` must answer a primitive, so that an unchanged value is the same value.
 */
export function useClockValue<T extends string | number | boolean | null>(derive: (now: number) => T): T {
  const read = () => derive(snapshot());
  return useSyncExternalStore(subscribe, read, read);
}
