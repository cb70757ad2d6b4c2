import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDuration, isoToWallTime, wallTimeToIso } from '../../src/lib/date-time.ts';

describe('hospital wall times', () => {
  it('reads a wall time in the hospital zone, on both sides of a daylight-saving change', () => {
    expect(wallTimeToIso('2026-11-22T08:41', 'Europe/London')).toBe('2026-11-22T08:41:00.000Z');
    expect(wallTimeToIso('2026-07-01T08:41', 'Europe/London')).toBe('2026-07-01T07:41:00.000Z');
    expect(wallTimeToIso('2026-11-22T08:41', 'America/New_York')).toBe('2026-11-22T13:41:00.000Z');
    expect(wallTimeToIso('2026-03-29T03:30', 'Europe/London')).toBe('2026-03-29T02:30:00.000Z');
  });

  it('refuses what is not a wall time', () => {
    expect(wallTimeToIso('', 'Europe/London')).toBeNull();
    expect(wallTimeToIso('22/11/2026 08:41', 'Europe/London')).toBeNull();
  });

  it('writes an instant as the hospital clock shows it', () => {
    expect(isoToWallTime('2026-11-22T13:41:30.000Z', 'America/New_York')).toBe('2026-11-22T08:41');
    expect(isoToWallTime('2026-07-01T23:30:00.000Z', 'Europe/London')).toBe('2026-07-02T00:30');
  });

  it('formats for people in the hospital zone', () => {
    expect(formatDateTime('2026-07-01T07:41:00.000Z', 'Europe/London')).toBe('1 Jul 2026, 08:41');
  });
});

describe('durations', () => {
  it('counts hours, minutes and seconds, with days in front', () => {
    expect(formatDuration(0)).toBe('0:00:00');
    expect(formatDuration(65_999)).toBe('0:01:05');
    expect(formatDuration((3 * 3600 + 4 * 60 + 5) * 1000)).toBe('3:04:05');
    expect(formatDuration((2 * 86_400 + 5) * 1000)).toBe('2 d 0:00:05');
    expect(formatDuration(-5000)).toBe('0:00:00');
  });
});
