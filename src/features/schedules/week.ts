// The calendar's arithmetic in the hospital's time zone: weeks start on Monday at local midnight, a day is
// 23, 24 or 25 hours long, and gaps are the parts of a range no shift covers.
import type { Shift } from '../../../generated/types.gen.ts';
import { isoToWallTime, wallTimeToIso } from '../../lib/date-time.ts';

export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** The calendar date `days` after `date` (YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** ISO weekday of a date: 1 Monday … 7 Sunday. */
export function weekdayOf(date: string): number {
  return ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
}

/** The local date of an instant in the zone. */
export function localDate(iso: string | number, timeZone: string): string {
  return isoToWallTime(iso, timeZone).slice(0, 10);
}

/** The Monday of the week holding `date`. */
export function mondayOf(date: string): string {
  return addDays(date, 1 - weekdayOf(date));
}

/** The instant of a local wall time. */
export function instantOf(date: string, time: string, timeZone: string): number {
  return Date.parse(wallTimeToIso(`${date}T${time}`, timeZone) ?? `${date}T${time}:00Z`);
}

export interface Span {
  readonly start: number;
  readonly end: number;
}

/** The parts of [from, to) that no shift covers. */
export function gapsBetween(shifts: readonly Shift[], from: number, to: number): Span[] {
  const spans = shifts
    .map((shift) => ({ start: Date.parse(shift.startsAt), end: Date.parse(shift.endsAt) }))
    .sort((a, b) => a.start - b.start);
  const gaps: Span[] = [];
  let cursor = from;
  for (const span of spans) {
    if (span.end <= cursor) continue;
    if (span.start >= to) break;
    if (span.start > cursor) gaps.push({ start: cursor, end: span.start });
    cursor = Math.max(cursor, span.end);
  }
  if (cursor < to) gaps.push({ start: cursor, end: to });
  return gaps;
}

/** Where a span falls in one local day, as fractions of that day (its real length). */
export function placeInDay(
  span: Span,
  dayStart: number,
  dayEnd: number,
): { top: number; height: number } | null {
  const start = Math.max(span.start, dayStart);
  const end = Math.min(span.end, dayEnd);
  if (end <= start) return null;
  const length = dayEnd - dayStart;
  return { top: (start - dayStart) / length, height: (end - start) / length };
}

const timeFormat = new Map<string, Intl.DateTimeFormat>();

/** HH:MM in the zone. */
export function clock(iso: string | number, timeZone: string): string {
  return isoToWallTime(iso, timeZone).slice(11, 16);
}

/** HH:MM in the zone of a span's end within a day: a span that runs to the day's end ends at 24:00. */
export function clockUntil(end: number, dayEnd: number, timeZone: string): string {
  return end >= dayEnd ? '24:00' : clock(end, timeZone);
}

/** "Mon 23 Nov" in the zone. */
export function dayLabel(date: string): string {
  let format = timeFormat.get('day');
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    });
    timeFormat.set('day', format);
  }
  return format.format(new Date(`${date}T12:00:00Z`));
}

export const WARNING_TEXT: Record<string, string> = {
  outside_availability: 'Outside their weekly availability',
  time_off: 'During their time off',
};

/** The first day (YYYY-MM-01) of the month holding `date`. */
export function monthOf(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

/** The first day of the month `months` after the month starting on `first`. */
export function addMonths(first: string, months: number): string {
  const day = new Date(`${first.slice(0, 7)}-01T00:00:00Z`);
  day.setUTCMonth(day.getUTCMonth() + months);
  return day.toISOString().slice(0, 10);
}

/** "November 2026". */
export function monthLabel(first: string): string {
  return new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${first.slice(0, 7)}-15T12:00:00Z`),
  );
}

/** The Mondays of the weeks a month's calendar shows: from the week of its first day to that of its last. */
export function weeksOfMonth(first: string): string[] {
  const last = addDays(addMonths(first, 1), -1);
  const weeks: string[] = [];
  for (let monday = mondayOf(first); monday <= last; monday = addDays(monday, 7)) weeks.push(monday);
  return weeks;
}

/** Whole calendar days from one date to another (both YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * A shift moved by whole days, keeping its local start time and its real length: Tuesday 08:00–20:00 moved
 * a day is Wednesday 08:00–20:00, even across a clock change.
 */
export function movedByDays(shift: Pick<Shift, 'startsAt' | 'endsAt'>, days: number, timeZone: string): Span {
  const start = Date.parse(shift.startsAt);
  const length = Date.parse(shift.endsAt) - start;
  const moved = instantOf(addDays(localDate(start, timeZone), days), clock(start, timeZone), timeZone);
  return { start: moved, end: moved + length };
}

/** A shift moved by minutes, keeping its real length. */
export function movedByMinutes(shift: Pick<Shift, 'startsAt' | 'endsAt'>, minutes: number): Span {
  const start = Date.parse(shift.startsAt) + minutes * 60_000;
  return { start, end: start + Date.parse(shift.endsAt) - Date.parse(shift.startsAt) };
}

/** The shifts and gaps of one local day, by start: what a day of the list view shows. */
export function dayAgenda(
  shifts: readonly Shift[],
  gaps: readonly Span[],
  dayStart: number,
  dayEnd: number,
): ({ kind: 'shift'; shift: Shift; start: number } | { kind: 'gap'; gap: Span; start: number })[] {
  const overlaps = (span: Span) => span.start < dayEnd && span.end > dayStart;
  return [
    ...shifts
      .filter((shift) => overlaps({ start: Date.parse(shift.startsAt), end: Date.parse(shift.endsAt) }))
      .map((shift) => ({ kind: 'shift' as const, shift, start: Date.parse(shift.startsAt) })),
    ...gaps.filter(overlaps).map((gap) => ({ kind: 'gap' as const, gap, start: gap.start })),
  ].sort((a, b) => a.start - b.start);
}
