// One clock for every timer on the screen: a single interval ticks each second while something listens,
// so timers count without refetching and stay in step with each other.
//
// A tick renders nothing: a timer's seconds are written into its own text by `useClockText`, straight into
// the element, and React renders a timer again only when what it derives from the clock changes
// (`useClockValue`: a countdown turning to its warning, then overdue). Rendering every timer each second cost
// a React render and commit per timer per second on every open screen, all shift long.
//
// A hidden tab rests: while the page is hidden the interval stops (no render, no work), and the moment it is
// visible again the clock reads the time and notifies at once, so every timer shows the right value before the
// next second. Only the clock rests: the event stream and its alerts run on their own.
import { type RefObject, useLayoutEffect, useRef, useSyncExternalStore } from 'react';

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
 * The clock's time as of its last tick (the time now when nothing listens), for a render that shows a ticking
 * text: `useClockText` keeps that text right afterwards.
 */
export function clockNow(): number {
  return listeners.size > 0 ? now : Date.now();
}

/**
 * A value derived from the clock (a countdown's state): the caller renders again only when it changes, not on
 * every tick. `derive` must return a primitive.
 */
export function useClockValue<T extends string | number | boolean | null>(derive: (time: number) => T): T {
  const read = (): T => derive(clockNow());
  return useSyncExternalStore(subscribe, read, read);
}

/**
 * Writes `text(now)` into the element on every tick, and `label(text)` into its aria-label when given, without
 * a render. The element's render must show the same text for `clockNow()`, so the two never disagree; the
 * first write comes as soon as the element is on the screen (the clock may have rested until then).
 */
export function useClockText(
  ref: RefObject<HTMLElement | null>,
  text: (time: number) => string,
  label?: (value: string) => string,
): void {
  const latest = useRef({ text, label });
  useLayoutEffect(() => {
    latest.current = { text, label };
  });
  useLayoutEffect(() => {
    const paint = (): void => {
      const element = ref.current;
      if (element === null) return;
      const value = latest.current.text(now);
      if (element.textContent !== value) element.textContent = value;
      const named = latest.current.label?.(value);
      if (named !== undefined && element.getAttribute('aria-label') !== named) {
        element.setAttribute('aria-label', named);
      }
    };
    const unsubscribe = subscribe(paint);
    paint();
    return unsubscribe;
  }, [ref]);
}
