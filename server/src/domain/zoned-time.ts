// Wall times in a hospital's IANA time zone and the UTC instants they stand for. Times are stored in UTC and
// entered and shown in the hospital's zone, so a local day is 23, 24 or 25 hours long. Pure: Intl only.

const MINUTE = 60_000;
const DAY = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

export interface WallTime {
  /** YYYY-MM-DD */
  readonly date: string;
  /** HH:MM */
  readonly time: string;
  /** ISO weekday: 1 Monday … 7 Sunday. */
  readonly weekday: number;
  /** Minutes since the local midnight. */
  readonly minutes: number;
}

function parts(instant: number, zone: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of formatterFor(zone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') out[part.type] = Number(part.value);
  }
  return out;
}

/** How far the zone's wall clock is ahead of UTC at the instant, in ms. */
export function offsetAt(instant: number, zone: string): number {
  const p = parts(instant, zone);
  const wall = Date.UTC(
    p['year'] ?? 0,
    (p['month'] ?? 1) - 1,
    p['day'] ?? 1,
    p['hour'],
    p['minute'],
    p['second'],
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The wall date and time of the instant in the zone. */
export function toWallTime(instant: number, zone: string): WallTime {
  const p = parts(instant, zone);
  const year = p['year'] ?? 0;
  const month = p['month'] ?? 1;
  const day = p['day'] ?? 1;
  const hour = p['hour'] ?? 0;
  const minute = p['minute'] ?? 0;
  const weekday = ((new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7) + 1;
  return {
    date: `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`,
    time: `${pad(hour)}:${pad(minute)}`,
    weekday,
    minutes: hour * 60 + minute,
  };
}

function parseDate(date: string): [number, number, number] {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return [year, month, day];
}

/** The local date `days` after `date` (calendar days, whatever their length). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = parseDate(date);
  return new Date(Date.UTC(year, month - 1, day) + days * DAY).toISOString().slice(0, 10);
}

/** ISO weekday (1 Monday … 7 Sunday) of a calendar date. */
export function weekdayOf(date: string): number {
  const [year, month, day] = parseDate(date);
  return ((new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7) + 1;
}

/** Minutes since midnight of 'HH:MM'. */
export function minutesOf(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/**
 * The UTC instant (ms) of a wall date and time in the zone. A wall time skipped by a clock change
 * (02:30 on the spring morning) is read with the offset before the change, so it lands just after it;
 * a repeated one (01:30 on the autumn morning) is its first occurrence.
 */
export function fromWallTime(date: string, minutes: number, zone: string): number {
  const [year, month, day] = parseDate(date);
  const wall = Date.UTC(year, month - 1, day) + minutes * MINUTE;
  const before = offsetAt(wall - DAY / 2, zone);
  const after = offsetAt(wall + DAY / 2, zone);
  // The offset in force before the change first: that is the first occurrence of a repeated wall time.
  for (const offset of [before, after]) {
    const candidate = wall - offset;
    if (offsetAt(candidate, zone) === offset) return candidate;
  }
  return wall - before;
}

/** The UTC instant of the local midnight starting `date`. */
export function startOfDay(date: string, zone: string): number {
  return fromWallTime(date, 0, zone);
}
