// How the app reads and writes dates and moments for people, on every screen: the one module for them. A
// date is written `22 Nov 2026`; a moment `22 Nov 2026, 08:41`, 24-hour, in the hospital's zone (else the
// browser's). Times travel in UTC; an input of type datetime-local
// holds a wall time without a zone, read and written here in the hospital's zone whatever the browser's is.
import { dateTimeFormat } from './intl-formats.ts';

/** One formatter per time zone for these options, made when a zone is first asked for. */
function formatterCache(
  locale: string,
  options: Intl.DateTimeFormatOptions,
): (timeZone: string | undefined) => Intl.DateTimeFormat {
  return (timeZone) => dateTimeFormat(locale, { ...options, timeZone });
}

/** How every screen writes a moment: `22 Nov 2026, 08:41`. */
export const MOMENT_LOCALE = 'en-GB';
export const MOMENT_OPTIONS: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

const formatterFor = formatterCache(MOMENT_LOCALE, MOMENT_OPTIONS);

/** A date and time in `timeZone`; no zone, or one the browser does not know, writes it in the browser's. */
export function formatDateTime(iso: string, timeZone?: string | null): string {
  let formatter: Intl.DateTimeFormat;
  try {
    formatter = formatterFor(timeZone ?? undefined);
  } catch {
    // An unknown zone name from a hospital's settings must not hide the time.
    formatter = formatterFor(undefined);
  }
  return formatter.format(new Date(iso));
}

const timeOfDayFor = formatterCache(MOMENT_LOCALE, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** The time of day alone, `02:14`, in `timeZone` (else the browser's): for moments of the last hours. */
export function formatTimeOfDay(at: number | string, timeZone?: string | null): string {
  let formatter: Intl.DateTimeFormat;
  try {
    formatter = timeOfDayFor(timeZone ?? undefined);
  } catch {
    formatter = timeOfDayFor(undefined);
  }
  return formatter.format(new Date(at));
}

const clockTimeFor = formatterCache(MOMENT_LOCALE, {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The time of day to the second, `02:14:03`, in `timeZone` (else the browser's): for attempts a minute apart. */
export function formatClockTime(at: string, timeZone?: string | null): string {
  let formatter: Intl.DateTimeFormat;
  try {
    formatter = clockTimeFor(timeZone ?? undefined);
  } catch {
    formatter = clockTimeFor(undefined);
  }
  return formatter.format(new Date(at));
}

const dateFormatter = formatterCache(MOMENT_LOCALE, { day: 'numeric', month: 'short', year: 'numeric' });

/** A calendar day (`YYYY-MM-DD`, as the API writes days) as every screen writes a date: `2 Dec 2026`. */
export function formatDate(day: string): string {
  return dateFormatter('UTC').format(new Date(`${day.slice(0, 10)}T00:00:00Z`));
}

/**
 * Makes the formatter for `timeZone` ahead of the first moment shown: the first one costs the browser its
 * locale and zone data (tens of milliseconds on a phone), better spent while data is on its way.
 */
export function prepareDateTimeFormat(timeZone?: string | null): void {
  formatDateTime('1970-01-01T00:00:00Z', timeZone);
}

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

const partsFormatter = formatterCache('en-US', {
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

interface WallParts {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

function wallParts(instant: number, timeZone: string): WallParts {
  const parts = partsFormatter(timeZone).formatToParts(new Date(instant));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/** How far the zone's wall clock is ahead of UTC at that instant, in milliseconds. */
function zoneOffset(instant: number, timeZone: string): number {
  const wall = wallParts(instant, timeZone);
  const wallAsUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return wallAsUtc - Math.floor(instant / 1000) * 1000;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** `YYYY-MM-DDTHH:mm` as the hospital's clock shows the instant: the value of a datetime-local input. */
export function isoToWallTime(iso: string | number | Date, timeZone: string): string {
  const wall = wallParts(new Date(iso).getTime(), timeZone);
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}`;
}

/** The instant a hospital wall time names, as an ISO string; null when the text is not a wall time. */
export function wallTimeToIso(wallTime: string, timeZone: string): string | null {
  const match = WALL_TIME.exec(wallTime);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const wallAsUtc = Date.UTC(year, month - 1, day, hour, minute);
  if (Number.isNaN(wallAsUtc)) return null;
  // The offset at the first guess may be the other side of a daylight-saving change: correct once with it.
  const guess = wallAsUtc - zoneOffset(wallAsUtc, timeZone);
  return new Date(wallAsUtc - zoneOffset(guess, timeZone)).toISOString();
}

/** A length of time as `h:mm:ss`, with days in front when there are any: `2 d 3:04:05`. Never negative. */
export function formatDuration(milliseconds: number): string {
  const total = Math.max(0, Math.floor(milliseconds / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const clock = `${hours}:${pad(minutes)}:${pad(seconds)}`;
  return days > 0 ? `${days} d ${clock}` : clock;
}

/**
 * An instant as ISO 8601 with the zone's offset, to the second: `2026-11-27T23:04:00+00:00` (for files other
 * programs read). A zone the browser does not know writes it in UTC.
 */
export function isoWithOffset(iso: string, timeZone?: string | null): string {
  const instant = new Date(iso).getTime();
  let offset = 0;
  let wall: WallParts;
  try {
    wall = wallParts(instant, timeZone ?? 'UTC');
    offset = zoneOffset(instant, timeZone ?? 'UTC');
  } catch {
    wall = wallParts(instant, 'UTC');
  }
  const minutes = Math.round(offset / 60_000);
  const sign = minutes < 0 ? '-' : '+';
  const zone = `${sign}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}${zone}`;
}

/** The zone a printed time is in, with its offset then: `Europe/London, UTC+01:00`. */
export function formatZone(iso: string, timeZone: string): string {
  return `${timeZone}, UTC${isoWithOffset(iso, timeZone).slice(19)}`;
}

/** The emergency room's shift handovers, in hours of the hospital's clock: a day shift and a night shift. */
export const ER_SHIFT_HANDOVER_HOURS: readonly number[] = [7, 19];

/**
 * When the emergency room's current shift began: the latest handover at or before `now` on the hospital's
 * clock (yesterday evening's, before this morning's handover).
 */
export function currentShiftStart(now: number, timeZone: string): number {
  const today = isoToWallTime(now, timeZone).slice(0, 10);
  const yesterday = isoToWallTime(Date.parse(`${today}T12:00:00Z`) - 86_400_000, 'UTC').slice(0, 10);
  const handovers = [yesterday, today].flatMap((day) =>
    ER_SHIFT_HANDOVER_HOURS.map((hour) => {
      const iso = wallTimeToIso(`${day}T${pad(hour)}:00`, timeZone);
      return iso === null ? Number.NEGATIVE_INFINITY : Date.parse(iso);
    }),
  );
  return Math.max(...handovers.filter((at) => at <= now));
}
