// The schedule's rules with no I/O: overlaps, coverage gaps, availability warnings, repeated patterns,
// copying a week and handing over the rest of a shift. Instants are ms since the epoch (UTC); local days and
// wall times are the hospital's zone (zoned-time.ts), so a day across a clock change has its real length.
import { addDays, fromWallTime, minutesOf, toWallTime, weekdayOf } from './zoned-time.ts';

/** [start, end): a shift from 08:00 to 20:00 and one from 20:00 touch but do not overlap. */
export interface Interval {
  readonly start: number;
  readonly end: number;
}

export function overlaps(a: Interval, b: Interval): boolean {
  return a.start < b.end && b.start < a.end;
}

/**
 * A shift lasts at most 7 days: a week of on-call is the longest rota hospitals keep, and every rule that walks
 * a shift day by day (availability warnings, coverage) then costs what a week costs.
 */
export const MAX_SHIFT_DAYS = 7;
export const MAX_SHIFT_MS = MAX_SHIFT_DAYS * 86_400_000;

/**
 * The part of a shift whose warnings are computed: what falls inside the window asked for, or without one its
 * first MAX_SHIFT_DAYS (all of it, for every shift saved under that bound). Null when none of it is inside.
 */
export function warningSpan(shift: Interval, window?: Interval): Interval | null {
  const span = window ?? { start: shift.start, end: shift.start + MAX_SHIFT_MS };
  const start = Math.max(shift.start, span.start);
  const end = Math.min(shift.end, span.end);
  return start < end ? { start, end } : null;
}

/** The parts of [from, to) that no interval covers, in order. */
export function gapsIn(covered: readonly Interval[], from: number, to: number): Interval[] {
  const sorted = [...covered].filter((i) => i.end > from && i.start < to).sort((a, b) => a.start - b.start);
  const gaps: Interval[] = [];
  let cursor = from;
  for (const interval of sorted) {
    if (interval.start > cursor) gaps.push({ start: cursor, end: Math.min(interval.start, to) });
    cursor = Math.max(cursor, interval.end);
    if (cursor >= to) break;
  }
  if (cursor < to) gaps.push({ start: cursor, end: to });
  return gaps;
}

/**
 * The coverage window: from now to the end of the 14th local day after today in the hospital's zone (so the
 * last day shown is whole, whatever its length).
 */
export function coverageWindow(now: number, zone: string, days = 14): Interval {
  const today = toWallTime(now, zone).date;
  return { start: now, end: fromWallTime(addDays(today, days + 1), 0, zone) };
}

/** Recurring weekly availability: ISO weekday and wall times; an end at or before the start is next day. */
export interface AvailabilityWindow {
  readonly weekday: number;
  readonly startTime: string;
  readonly endTime: string;
}

/** Time off: whole local days, both ends included. */
export interface TimeOff {
  readonly startsOn: string;
  readonly endsOn: string;
}

export type ShiftWarning = 'outside_availability' | 'time_off';

/** The UTC intervals of a window on each local day from `firstDate` to `lastDate`. */
function windowsOnDays(
  windows: readonly AvailabilityWindow[],
  firstDate: string,
  lastDate: string,
  zone: string,
): Interval[] {
  const intervals: Interval[] = [];
  for (let date = firstDate; date <= lastDate; date = addDays(date, 1)) {
    const weekday = weekdayOf(date);
    for (const window of windows) {
      if (window.weekday !== weekday) continue;
      const start = minutesOf(window.startTime);
      const end = minutesOf(window.endTime);
      const endDate = end <= start ? addDays(date, 1) : date;
      intervals.push({ start: fromWallTime(date, start, zone), end: fromWallTime(endDate, end, zone) });
    }
  }
  return intervals;
}

/** The UTC interval of a time-off period: from its first local midnight to the midnight after its last day. */
export function timeOffInterval(timeOff: TimeOff, zone: string): Interval {
  return {
    start: fromWallTime(timeOff.startsOn, 0, zone),
    end: fromWallTime(addDays(timeOff.endsOn, 1), 0, zone),
  };
}

/**
 * What to warn about when the specialist takes the shift: part of it outside their weekly availability (a
 * specialist with no availability recorded is not warned), or during their time off. Warned, not refused:
 * the admin knows things the schedule does not.
 */
export function availabilityWarnings(
  shift: Interval,
  windows: readonly AvailabilityWindow[],
  timeOff: readonly TimeOff[],
  zone: string,
): ShiftWarning[] {
  const warnings: ShiftWarning[] = [];
  if (windows.length > 0) {
    // A window from the evening before can reach into the shift's first day.
    const first = addDays(toWallTime(shift.start, zone).date, -1);
    const last = toWallTime(shift.end, zone).date;
    if (gapsIn(windowsOnDays(windows, first, last, zone), shift.start, shift.end).length > 0) {
      warnings.push('outside_availability');
    }
  }
  if (timeOff.some((period) => overlaps(timeOffInterval(period, zone), shift))) warnings.push('time_off');
  return warnings;
}

export interface RepeatPattern {
  /** First and last local dates, both included. */
  readonly fromDate: string;
  readonly toDate: string;
  readonly weekdays: readonly number[];
  readonly startTime: string;
  /** At or before the start: the shift ends on the next day. */
  readonly endTime: string;
}

/** The shifts of a pattern (e.g. every weekday 08:00–20:00 for four weeks), in order. */
export function repeatPattern(pattern: RepeatPattern, zone: string): Interval[] {
  const days = new Set(pattern.weekdays);
  const shifts: Interval[] = [];
  const start = minutesOf(pattern.startTime);
  const end = minutesOf(pattern.endTime);
  for (let date = pattern.fromDate; date <= pattern.toDate; date = addDays(date, 1)) {
    if (!days.has(weekdayOf(date))) continue;
    const endDate = end <= start ? addDays(date, 1) : date;
    shifts.push({ start: fromWallTime(date, start, zone), end: fromWallTime(endDate, end, zone) });
  }
  return shifts;
}

/** The same wall times `weeks` weeks later: a shift 08:00–20:00 stays 08:00–20:00 across a clock change. */
export function shiftByWeeks(interval: Interval, weeks: number, zone: string): Interval {
  const move = (instant: number) => {
    const wall = toWallTime(instant, zone);
    return fromWallTime(addDays(wall.date, 7 * weeks), wall.minutes, zone);
  };
  return { start: move(interval.start), end: move(interval.end) };
}

export type HandoverPlan =
  { readonly kind: 'whole' } | { readonly kind: 'split'; readonly kept: Interval; readonly handed: Interval };

/**
 * Handing over a shift at `at`: a shift not yet started goes over whole; one partly elapsed is split, the
 * outgoing specialist keeping what has passed and the incoming one taking the rest. Null when the shift
 * has ended: there is nothing left to hand over.
 */
export function planHandover(shift: Interval, at: number): HandoverPlan | null {
  if (at >= shift.end) return null;
  if (at <= shift.start) return { kind: 'whole' };
  return { kind: 'split', kept: { start: shift.start, end: at }, handed: { start: at, end: shift.end } };
}
