// A countdown to a target that nobody can misread: the time left; in the warning colour, with a clock, under a
// quarter of its whole span; past the target, "overdue by 0:04:10" in the danger colour with a warning sign.
// Readable without colour: the words and the icon change too.
//
// The clock ticks every second for every timer on the screen, so a tick renders nothing: the ticking value's
// text is written into its element (useClockText), and the value renders again only when its state changes
// (warning, overdue, stale). The label and its layout render once; the value is a leaf without any Mantine
// component.
//
// While the tab cannot reach the server a timer may count for a case that has moved on: it says "stale" beside
// its value, in words and in grey, until the connection is back and the screen refetched.
import { Stack, Text } from '@mantine/core';
import { type ReactNode, type RefObject, useCallback, useRef } from 'react';
import { useOfflineSince } from '../lib/connection.ts';
import { formatDuration } from '../lib/date-time.ts';
import { clockNow, useClockText, useClockValue } from '../lib/use-now.ts';
import classes from './countdown.module.css';
import { AlertTriangleIcon, ClockIcon } from './icons.tsx';

export type CountdownState = 'normal' | 'warning' | 'overdue';

/** Where a countdown stands: overdue past the target, warning under a quarter of its span from start to target. */
export function countdownState(startAt: number, dueAt: number, now: number): CountdownState {
  if (now > dueAt) return 'overdue';
  return dueAt - now < (dueAt - startAt) / 4 ? 'warning' : 'normal';
}

export interface CountdownProps {
  readonly label: string;
  /** When the span began (e.g. the case was opened), to know when a quarter is left. */
  readonly startAt: string;
  readonly dueAt: string;
}

export const STALE_WORD = 'stale';

/** The timer's words, with what a stale one means. */
function timerLabel(label: string, value: string, stale: boolean): string {
  return stale ? `${label}: ${value}, ${STALE_WORD}: live updates paused` : `${label}: ${value}`;
}

function StaleMark({ stale }: { stale: boolean }) {
  return stale ? (
    <span className={classes.stale} aria-hidden>
      {STALE_WORD}
    </span>
  ) : null;
}

/** What a countdown to `due` says at `now`: the time left, or how long it is overdue. */
function countdownText(due: number, now: number): string {
  return now > due ? `overdue by ${formatDuration(now - due)}` : formatDuration(due - now);
}

/** The countdown's value alone, for a place that labels it already (a table's column). */
export function CountdownValue({ label, startAt, dueAt }: CountdownProps) {
  const stale = useOfflineSince() !== null;
  const start = Date.parse(startAt);
  const due = Date.parse(dueAt);
  const state = useClockValue(useCallback((now: number) => countdownState(start, due, now), [start, due]));
  const time = useRef<HTMLSpanElement>(null);
  useClockText(
    time,
    (now) => countdownText(due, now),
    (value) => timerLabel(label, value, stale),
  );
  const value = countdownText(due, clockNow());
  return (
    <span className={classes.value} data-state={state} data-stale={stale || undefined}>
      {state === 'overdue' && <AlertTriangleIcon size={16} />}
      {state === 'warning' && <ClockIcon size={16} />}
      <span ref={time} className={classes.time} role="timer" aria-label={timerLabel(label, value, stale)}>
        {value}
      </span>
      <StaleMark stale={stale} />
    </span>
  );
}

/** A timer's label above its value; the value alone ticks. */
export function TimerField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0} className={classes.field}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {children}
    </Stack>
  );
}

export function Countdown(props: CountdownProps) {
  return (
    <TimerField label={props.label}>
      <CountdownValue {...props} />
    </TimerField>
  );
}

/** A duration counting up from a moment (e.g. time since door), or stopped at `until` once that is known. */
export function ElapsedTime({ label, since, until }: { label: string; since: string; until?: number }) {
  return until === undefined ? (
    <ElapsedValue label={label} since={since} />
  ) : (
    <TimerValue label={label} value={formatDuration(until - Date.parse(since))} />
  );
}

function ElapsedValue({ label, since }: { label: string; since: string }) {
  const stale = useOfflineSince() !== null;
  const start = Date.parse(since);
  const time = useRef<HTMLSpanElement>(null);
  useClockText(
    time,
    (now) => formatDuration(now - start),
    (value) => timerLabel(label, value, stale),
  );
  const value = formatDuration(clockNow() - start);
  return stale ? (
    <span className={classes.value} data-stale>
      <span ref={time} className={classes.time} role="timer" aria-label={timerLabel(label, value, true)}>
        {value}
      </span>
      <StaleMark stale />
    </span>
  ) : (
    <TimerValue label={label} value={value} timeRef={time} />
  );
}

/** A timer's value as text, read out with its label. */
export function TimerValue({
  label,
  value,
  timeRef,
}: {
  label: string;
  value: string;
  /** The element a ticking value's text is written into between renders. */
  timeRef?: RefObject<HTMLSpanElement | null>;
}) {
  return (
    <span ref={timeRef} className={classes.time} role="timer" aria-label={`${label}: ${value}`}>
      {value}
    </span>
  );
}
