// How insights read: numbers and shares in the user's locale, durations as minutes and seconds.
import { numberFormat } from '../../lib/intl-formats.ts';

const locale = () => (typeof navigator === 'undefined' ? undefined : navigator.language);

export const NO_FIGURE = '—';

export function formatCount(value: number): string {
  return numberFormat(locale()).format(value);
}

/** A duration in seconds as `4 min 12 s` (`42 s` under a minute); a dash for none. */
/** A median or 90th percentile as shown: "≈" before it when the answer says it is approximate. */
export function formatPercentile(seconds: number | null, approximate: boolean): string {
  const text = formatDuration(seconds);
  return approximate && seconds !== null ? `≈ ${text}` : text;
}

export function formatDuration(seconds: number | null): string {
  if (seconds === null) return NO_FIGURE;
  const total = Math.round(seconds);
  const minutes = Math.floor(total / 60);
  const rest = total % 60;
  const number = numberFormat(locale());
  return minutes === 0
    ? `${number.format(rest)} s`
    : `${number.format(minutes)} min ${number.format(rest)} s`;
}

/** A share (0..1) as a percentage; a dash for none. */
export function formatShare(share: number | null): string {
  if (share === null) return NO_FIGURE;
  return numberFormat(locale(), { style: 'percent', maximumFractionDigits: 0 }).format(share);
}

/** Seconds as minutes with one decimal, for a chart's axis. */
export function toMinutes(seconds: number | null): number | null {
  return seconds === null ? null : Math.round(seconds / 6) / 10;
}

/** A day (YYYY-MM-DD) as every screen writes a date (`5 Oct 2026`): lib/date-time.ts decides. */
export { formatDate as formatDay } from '../../lib/date-time.ts';

export const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

/** The change against the previous range, as words: `+12% on the previous period`. */
export function formatChange(current: number | null, previous: number | null): string | null {
  if (current === null || previous === null || previous === 0) return null;
  const change = (current - previous) / previous;
  const text = numberFormat(locale(), {
    style: 'percent',
    maximumFractionDigits: 0,
    signDisplay: 'exceptZero',
  }).format(change);
  return `${text} on the previous period`;
}
