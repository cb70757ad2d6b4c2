// The schedule's rules in London, across the clock changes of 2026: 29 March (a 23-hour day) and
// 25 October (a 25-hour day).
import { describe, expect, it } from 'vitest';
import {
  availabilityWarnings,
  coverageWindow,
  gapsIn,
  overlaps,
  planHandover,
  repeatPattern,
  shiftByWeeks,
  type Interval,
} from '../../server/src/domain/schedules.ts';
import { fromWallTime, toWallTime } from '../../server/src/domain/zoned-time.ts';

const LONDON = 'Europe/London';
const HOUR = 3_600_000;
const at = (iso: string) => Date.parse(iso);
const hours = (interval: Interval) => (interval.end - interval.start) / HOUR;

describe('overlap', () => {
  it('counts a shared moment as overlap and touching ends as none', () => {
    const day = { start: at('2026-05-04T07:00:00Z'), end: at('2026-05-04T19:00:00Z') };
    expect(overlaps(day, { start: at('2026-05-04T18:00:00Z'), end: at('2026-05-05T07:00:00Z') })).toBe(true);
    expect(overlaps(day, { start: at('2026-05-04T19:00:00Z'), end: at('2026-05-05T07:00:00Z') })).toBe(false);
    expect(overlaps(day, { start: at('2026-05-04T09:00:00Z'), end: at('2026-05-04T10:00:00Z') })).toBe(true);
  });
});

describe('wall times in the hospital zone', () => {
  it('reads local midnight on each side of a clock change', () => {
    expect(new Date(fromWallTime('2026-03-29', 0, LONDON)).toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(new Date(fromWallTime('2026-03-30', 0, LONDON)).toISOString()).toBe('2026-03-29T23:00:00.000Z');
    expect(toWallTime(at('2026-10-25T23:30:00Z'), LONDON)).toMatchObject({
      date: '2026-10-25',
      time: '23:30',
    });
  });

  it('lands a skipped wall time just after the spring change and a repeated one on its first occurrence', () => {
    expect(new Date(fromWallTime('2026-03-29', 90, LONDON)).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(new Date(fromWallTime('2026-10-25', 90, LONDON)).toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });
});

describe('repeated patterns across a clock change', () => {
  it('gives the night shift across the spring change 11 hours and across the autumn change 13', () => {
    const [spring] = repeatPattern(
      { fromDate: '2026-03-28', toDate: '2026-03-28', weekdays: [6], startTime: '20:00', endTime: '08:00' },
      LONDON,
    );
    const [autumn] = repeatPattern(
      { fromDate: '2026-10-24', toDate: '2026-10-24', weekdays: [6], startTime: '20:00', endTime: '08:00' },
      LONDON,
    );
    expect(spring && hours(spring)).toBe(11);
    expect(autumn && hours(autumn)).toBe(13);
  });

  it('makes a midnight-to-midnight shift 23 hours on the spring day and 25 on the autumn day', () => {
    const week = [1, 2, 3, 4, 5, 6, 7];
    const spring = repeatPattern(
      { fromDate: '2026-03-28', toDate: '2026-03-29', weekdays: week, startTime: '00:00', endTime: '00:00' },
      LONDON,
    );
    expect(spring.map(hours)).toEqual([24, 23]);
    const autumn = repeatPattern(
      { fromDate: '2026-10-25', toDate: '2026-10-26', weekdays: week, startTime: '00:00', endTime: '00:00' },
      LONDON,
    );
    expect(autumn.map(hours)).toEqual([25, 24]);
  });

  it('repeats only the chosen weekdays (every weekday 08:00–20:00 for two weeks: ten shifts)', () => {
    const shifts = repeatPattern(
      {
        fromDate: '2026-05-04',
        toDate: '2026-05-17',
        weekdays: [1, 2, 3, 4, 5],
        startTime: '08:00',
        endTime: '20:00',
      },
      LONDON,
    );
    expect(shifts).toHaveLength(10);
    expect(shifts.every((shift) => toWallTime(shift.start, LONDON).time === '08:00')).toBe(true);
  });

  it('copies a week to the next at the same wall times across the clock change', () => {
    const friday = { start: at('2026-03-27T08:00:00Z'), end: at('2026-03-27T20:00:00Z') };
    const next = shiftByWeeks(friday, 1, LONDON);
    expect(new Date(next.start).toISOString()).toBe('2026-04-03T07:00:00.000Z');
    expect(hours(next)).toBe(12);
  });
});

describe('gaps over the 14-day window', () => {
  it('finds no gap when 00:00–00:00 shifts cover every local day, even the 23- and 25-hour ones', () => {
    for (const [from, now] of [
      ['2026-03-20', '2026-03-20T10:00:00Z'],
      ['2026-10-18', '2026-10-18T10:00:00Z'],
    ] as const) {
      const shifts = repeatPattern(
        {
          fromDate: from,
          toDate: '2026-12-31',
          weekdays: [1, 2, 3, 4, 5, 6, 7],
          startTime: '00:00',
          endTime: '00:00',
        },
        LONDON,
      ).slice(0, 15);
      const window = coverageWindow(at(now), LONDON);
      expect(gapsIn(shifts, window.start, window.end)).toEqual([]);
    }
  });

  it('reports the missing night of the spring change with its real 11 hours', () => {
    const days = repeatPattern(
      {
        fromDate: '2026-03-20',
        toDate: '2026-04-05',
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        startTime: '08:00',
        endTime: '20:00',
      },
      LONDON,
    );
    const nights = repeatPattern(
      {
        fromDate: '2026-03-19',
        toDate: '2026-04-05',
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        startTime: '20:00',
        endTime: '08:00',
      },
      LONDON,
    ).filter((night) => toWallTime(night.start, LONDON).date !== '2026-03-28');
    const window = coverageWindow(at('2026-03-20T10:00:00Z'), LONDON);
    const gaps = gapsIn([...days, ...nights], window.start, window.end);
    expect(gaps).toEqual([{ start: at('2026-03-28T20:00:00Z'), end: at('2026-03-29T07:00:00Z') }]);
    expect(gaps.map(hours)).toEqual([11]);
  });

  it('ends the window at the local midnight after the 14th day, and reports uncovered ends', () => {
    const window = coverageWindow(at('2026-03-20T10:00:00Z'), LONDON);
    expect(new Date(window.end).toISOString()).toBe('2026-04-03T23:00:00.000Z');
    const only = { start: at('2026-03-21T00:00:00Z'), end: at('2026-03-22T00:00:00Z') };
    expect(gapsIn([only], window.start, window.end)).toEqual([
      { start: window.start, end: only.start },
      { start: only.end, end: window.end },
    ]);
  });
});

describe('availability warnings', () => {
  const weekdaysDaytime = [1, 2, 3, 4, 5].map((weekday) => ({
    weekday,
    startTime: '08:00',
    endTime: '20:00',
  }));

  it('warns of nothing for a shift inside the weekly availability, in local time after the clock change', () => {
    // Monday 30 March 2026, 08:00–20:00 British Summer Time.
    const shift = { start: at('2026-03-30T07:00:00Z'), end: at('2026-03-30T19:00:00Z') };
    expect(availabilityWarnings(shift, weekdaysDaytime, [], LONDON)).toEqual([]);
  });

  it('warns when part of the shift is outside the availability', () => {
    const shift = { start: at('2026-03-30T07:00:00Z'), end: at('2026-03-30T21:00:00Z') };
    expect(availabilityWarnings(shift, weekdaysDaytime, [], LONDON)).toEqual(['outside_availability']);
  });

  it('accepts a night within an overnight window and warns nobody without availability recorded', () => {
    const nights = [{ weekday: 1, startTime: '20:00', endTime: '08:00' }];
    const shift = { start: at('2026-03-30T19:00:00Z'), end: at('2026-03-31T07:00:00Z') };
    expect(availabilityWarnings(shift, nights, [], LONDON)).toEqual([]);
    expect(availabilityWarnings(shift, [], [], LONDON)).toEqual([]);
  });

  it('warns of time off touching any part of the shift, by local whole days', () => {
    const shift = { start: at('2026-03-30T19:00:00Z'), end: at('2026-03-31T07:00:00Z') };
    expect(
      availabilityWarnings(shift, [], [{ startsOn: '2026-03-31', endsOn: '2026-04-02' }], LONDON),
    ).toEqual(['time_off']);
    expect(
      availabilityWarnings(shift, [], [{ startsOn: '2026-04-01', endsOn: '2026-04-02' }], LONDON),
    ).toEqual([]);
  });
});

describe('handover', () => {
  const shift = { start: at('2026-05-04T07:00:00Z'), end: at('2026-05-04T19:00:00Z') };

  it('hands a shift not yet started over whole', () => {
    expect(planHandover(shift, at('2026-05-04T06:00:00Z'))).toEqual({ kind: 'whole' });
  });

  it('splits a partly elapsed shift: the outgoing keeps the past, the incoming takes the rest', () => {
    expect(planHandover(shift, at('2026-05-04T13:30:00Z'))).toEqual({
      kind: 'split',
      kept: { start: shift.start, end: at('2026-05-04T13:30:00Z') },
      handed: { start: at('2026-05-04T13:30:00Z'), end: shift.end },
    });
  });

  it('has nothing to hand over once the shift has ended', () => {
    expect(planHandover(shift, shift.end)).toBeNull();
  });
});
