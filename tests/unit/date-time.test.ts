import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from '../../src/lib/date-time.ts';
import { formatDay } from '../../src/features/insights/format.ts';

describe('a moment written for people', () => {
  const iso = '2026-07-01T12:00:00.000Z';

  it("is day-first and 24-hour, in the hospital's zone", () => {
    expect(formatDateTime(iso, 'Asia/Tokyo')).toBe('1 Jul 2026, 21:00');
    expect(formatDateTime(iso, 'America/New_York')).toBe('1 Jul 2026, 08:00');
    expect(formatDateTime('2026-11-22T06:37:00.000Z', 'Europe/London')).toBe('22 Nov 2026, 06:37');
  });

  it("falls back to the browser's zone when there is none, or one nobody knows", () => {
    const browser = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(iso));
    expect(formatDateTime(iso, null)).toBe(browser);
    expect(formatDateTime(iso)).toBe(browser);
    expect(formatDateTime(iso, 'Not/A_Zone')).toBe(browser);
  });
});

describe('a date written for people', () => {
  it('reads the same on every screen, whatever the browser language: day, short month, year', () => {
    expect(formatDate('2026-12-02')).toBe('2 Dec 2026');
    expect(formatDate('2026-11-27')).toBe('27 Nov 2026');
    // A day is a calendar day: never moved by a zone.
    expect(formatDate('2026-01-01')).toBe('1 Jan 2026');
  });

  it('is the insights screens’ date too', () => {
    expect(formatDay('2026-10-05')).toBe(formatDate('2026-10-05'));
  });
});
