// The calendar's arithmetic in the hospital's zone (London, whose clocks went back on 25 October 2026): a
// shift moved a day keeps its local start and its real length, the arrow keys' moves per view, a month's
// weeks, and the board's line naming to whom a case is offered.
import { describe, expect, it } from 'vitest';
import { offeredToLine } from '../../src/features/cases/labels.ts';
import { keyMove } from '../../src/features/schedules/calendar-keys.ts';
import { clockUntil, movedByDays, weeksOfMonth } from '../../src/features/schedules/week.ts';

const LONDON = 'Europe/London';
const iso = (ms: number) => new Date(ms).toISOString();
const noKeys = { altKey: false, ctrlKey: false, metaKey: false, shiftKey: false };

describe('moving a shift', () => {
  it('by a day keeps its local start across the clock change, and its real length', () => {
    // Saturday 24 October 08:00 BST (07:00 UTC), 12 hours; on Sunday 25 October 08:00 is GMT (08:00 UTC).
    const moved = movedByDays(
      { startsAt: '2026-10-24T07:00:00.000Z', endsAt: '2026-10-24T19:00:00.000Z' },
      1,
      LONDON,
    );
    expect(iso(moved.start)).toBe('2026-10-25T08:00:00.000Z');
    expect(iso(moved.end)).toBe('2026-10-25T20:00:00.000Z');
  });

  it('by the arrow keys: half hours and days in the week, days and weeks in the month', () => {
    const shift = { startsAt: '2031-02-03T08:00:00.000Z', endsAt: '2031-02-03T20:00:00.000Z' };
    const move = (key: string, view: 'week' | 'month') => {
      const to = keyMove({ key, ...noKeys }, shift, view, LONDON);
      return to === null ? null : iso(to.start);
    };
    expect(move('ArrowDown', 'week')).toBe('2031-02-03T08:30:00.000Z');
    expect(move('ArrowUp', 'week')).toBe('2031-02-03T07:30:00.000Z');
    expect(move('ArrowRight', 'week')).toBe('2031-02-04T08:00:00.000Z');
    expect(move('ArrowLeft', 'month')).toBe('2031-02-02T08:00:00.000Z');
    expect(move('ArrowDown', 'month')).toBe('2031-02-10T08:00:00.000Z');
    expect(move('ArrowUp', 'month')).toBe('2031-01-27T08:00:00.000Z');
    expect(move('Enter', 'week')).toBeNull();
    expect(keyMove({ key: 'ArrowDown', ...noKeys, altKey: true }, shift, 'week', LONDON)).toBeNull();
  });
});

describe('the month', () => {
  it('shows the weeks from that of its first day to that of its last', () => {
    expect(weeksOfMonth('2026-11-01')).toEqual([
      '2026-10-26',
      '2026-11-02',
      '2026-11-09',
      '2026-11-16',
      '2026-11-23',
      '2026-11-30',
    ]);
    // February 2027 starts on a Monday and fills four weeks exactly.
    expect(weeksOfMonth('2027-02-01')).toHaveLength(4);
  });

  it('ends a span that runs to midnight at 24:00', () => {
    const dayEnd = Date.parse('2026-11-24T00:00:00.000Z');
    expect(clockUntil(dayEnd, dayEnd, LONDON)).toBe('24:00');
    expect(clockUntil(dayEnd - 3_600_000, dayEnd, LONDON)).toBe('23:00');
  });
});

describe('to whom a case is offered', () => {
  const to = (name: string, step: 'primary' | 'backup' | 'all') => ({
    specialist: { displayName: name },
    step,
  });

  it('names each specialist with their step, and counts the rest at the last step', () => {
    expect(offeredToLine([])).toBeNull();
    expect(offeredToLine([to('Dr A', 'primary')])).toBe('Offered to Dr A (on-call primary)');
    expect(offeredToLine([to('Dr A', 'primary'), to('Dr B', 'backup')])).toBe(
      'Offered to Dr A (on-call primary); Dr B (on-call backup)',
    );
    expect(offeredToLine(['Dr A', 'Dr B', 'Dr C', 'Dr D', 'Dr E'].map((name) => to(name, 'all')))).toBe(
      'Offered to every specialist of the specialty: Dr A, Dr B, Dr C and 2 more',
    );
  });
});
