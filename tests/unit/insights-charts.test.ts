import { describe, expect, it } from 'vitest';
import { labelEvery, niceTicks } from '../../src/features/insights/charts.tsx';

describe('the value axis of the insights charts', () => {
  it.each([
    [4, [0, 1, 2, 3, 4]],
    [14, [0, 5, 10, 15]],
    [16, [0, 5, 10, 15, 20]],
    [100, [0, 25, 50, 75, 100]],
    [0.3, [0, 0.1, 0.2, 0.3]],
  ])('runs from 0 to a round number at or above %s', (max, ticks) => {
    expect(niceTicks(max).map((tick) => Math.round(tick * 1000) / 1000)).toEqual(ticks);
  });

  it('has a scale even when there is nothing to show', () => {
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(Number.NaN)).toEqual([0, 1]);
  });
});

describe('the labels under a chart', () => {
  it('are all written where they fit, and thinned out where they would touch', () => {
    expect(labelEvery(60, 20)).toBe(1);
    expect(labelEvery(12, 16)).toBe(2);
    expect(labelEvery(10, 90)).toBe(10);
  });
});
