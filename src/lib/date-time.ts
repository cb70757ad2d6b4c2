// How the app writes a moment for people, on every screen: `22 Nov 2026, 08:41`, 24-hour, in the hospital's
// zone (else the browser's).
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

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
