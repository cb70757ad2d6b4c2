// The Lighthouse bench writes a page's median run, with the lowest and highest score beside it.
import { describe, expect, it } from 'vitest';
import { medianRun } from '../../bench/lighthouse-median.ts';
import type { LighthouseRow } from '../../bench/lighthouse.ts';

const run = (performance: number, extra: Partial<LighthouseRow> = {}): LighthouseRow => ({
  page: 'er_doctor home',
  profile: 'mobile',
  scores: { performance, accessibility: 100, 'best-practices': 100, seo: 100 },
  lcpMs: 2000 + performance,
  tbtMs: 100 + performance,
  ...extra,
});

describe('the median Lighthouse run', () => {
  it('is the middle score, with its own LCP and TBT, and the range beside it', () => {
    expect(medianRun([run(91), run(78), run(86)])).toEqual({ ...run(86), range: [78, 91] });
  });

  it('leaves out unscored runs, and keeps one run as it is', () => {
    expect(medianRun([run(0, { error: 'NO_LCP' }), run(88), run(93)])).toEqual({
      ...run(88),
      range: [88, 93],
    });
    // One scored run of three: written as it is, without a range of one.
    expect(medianRun([run(0, { error: 'NO_LCP' }), run(0, { error: 'NO_LCP' }), run(90)])).toEqual(run(90));
    expect(medianRun([run(95)])).toEqual(run(95));
  });

  it('writes the error when no run was scored', () => {
    expect(medianRun([run(0, { error: 'NO_FCP' })])?.error).toBe('NO_FCP');
  });
});
