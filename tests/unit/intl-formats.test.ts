// Intl formatters are made once per locale and options: the insights tables format hundreds of cells, and
// each new formatter costs the browser far more than the formatting itself.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatCount, formatDuration, formatShare } from '../../src/features/insights/format.ts';
import { todayIn } from '../../src/features/insights/use-insights-filters.ts';
import { dateTimeFormat, numberFormat } from '../../src/lib/intl-formats.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the formatter cache', () => {
  it('gives the same formatter for the same locale and options, another for others', () => {
    expect(numberFormat('en-GB', { style: 'percent' })).toBe(numberFormat('en-GB', { style: 'percent' }));
    expect(numberFormat('en-GB', { style: 'percent' })).not.toBe(numberFormat('de-DE', { style: 'percent' }));
    expect(dateTimeFormat('en-GB', { timeZone: 'Europe/London' })).toBe(
      dateTimeFormat('en-GB', { timeZone: 'Europe/London' }),
    );
    expect(dateTimeFormat('en-GB', { timeZone: 'Europe/London' }).resolvedOptions().timeZone).toBe(
      'Europe/London',
    );
  });

  it('keeps nothing for a zone the runtime does not know', () => {
    expect(() => dateTimeFormat('en-GB', { timeZone: 'Mars/Olympus' })).toThrow(RangeError);
    expect(() => dateTimeFormat('en-GB', { timeZone: 'Mars/Olympus' })).toThrow(RangeError);
  });

  it('makes no new formatter for each insights cell or each day asked', () => {
    formatCount(1);
    formatDuration(61);
    formatShare(0.5);
    todayIn('Europe/London');
    const numbers = vi.spyOn(Intl, 'NumberFormat');
    const dates = vi.spyOn(Intl, 'DateTimeFormat');
    for (let cell = 0; cell < 50; cell += 1) {
      expect(formatCount(1200 + cell)).toMatch(/^1[,.\s]?2\d\d$/);
      expect(formatDuration(252)).toMatch(/^4 min 12 s$/);
      expect(formatShare(0.25)).toMatch(/25/);
    }
    expect(todayIn('Europe/London', new Date('2026-11-26T23:30:00Z'))).toBe('2026-11-26');
    expect(todayIn('Asia/Tokyo', new Date('2026-11-26T23:30:00Z'))).toBe('2026-11-27');
    expect(todayIn('Asia/Tokyo', new Date('2026-11-26T23:30:00Z'))).toBe('2026-11-27');
    expect(numbers).not.toHaveBeenCalled();
    expect(dates).toHaveBeenCalledTimes(1);
  });
});
