// Holds rolled-up insight figures to the per-case ones: counts equal, shares equal (to rounding), and each
// median and 90th percentile within the sketch's stated error of percentile_cont over the cases' values.
import { expect } from 'vitest';
import type { InsightFigures } from '../../../generated/types.gen.ts';
import {
  INTERVALS,
  summarise,
  type CaseMeasures,
  type Interval,
} from '../../../server/src/domain/measures.ts';
import { allowedError } from '../../../server/src/insights/rollup-sketch.ts';

const SECONDS: Record<Interval, keyof CaseMeasures> = {
  doorToRequest: 'doorToRequestSeconds',
  requestToFirstOffer: 'requestToFirstOfferSeconds',
  requestToAccept: 'requestToAcceptSeconds',
  acceptToConsultation: 'acceptToConsultationSeconds',
  requestToConsultation: 'requestToConsultationSeconds',
};

/** The error the sketch may make on the p-th percentile of these values (the two values it lies between). */
export function allowedAt(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = p * (sorted.length - 1);
  return allowedError(sorted[Math.floor(rank)] ?? 0, sorted[Math.ceil(rank)] ?? 0);
}

/** The problems of `actual` against the exact figures of these cases; empty when it holds. */
export function sketchProblems(actual: InsightFigures, cases: readonly CaseMeasures[], where = ''): string[] {
  const exact = summarise(cases);
  const problems: string[] = [];
  for (const key of ['volume', 'cancelled', 'escalated', 'declines', 'noCoverage'] as const)
    if (actual[key] !== exact[key]) problems.push(`${where} ${key}: ${actual[key]} ≠ ${exact[key]}`);
  for (const key of ['withinAckShare', 'withinTargetShare'] as const) {
    const [a, b] = [actual[key], exact[key]];
    if ((a === null) !== (b === null) || (a !== null && b !== null && Math.abs(a - b) > 1e-9))
      problems.push(`${where} ${key}: ${a} ≠ ${b}`);
  }
  const live = cases.filter((measures) => !measures.cancelled);
  for (const interval of INTERVALS) {
    const values = live.flatMap((measures) => {
      const value = measures[SECONDS[interval]];
      return typeof value === 'number' ? [value] : [];
    });
    for (const [name, p] of [
      ['median', 0.5],
      ['p90', 0.9],
    ] as const) {
      const got = actual.intervals[interval][name];
      const want = exact.intervals[interval][name];
      const ok =
        got === null || want === null ? got === want : Math.abs(got - want) <= allowedAt(values, p) + 1e-6;
      if (!ok) problems.push(`${where} ${interval} ${name}: ${got} not within the sketch's error of ${want}`);
    }
  }
  return problems;
}

export function expectSketched(actual: InsightFigures, cases: readonly CaseMeasures[]): void {
  expect(sketchProblems(actual, cases)).toEqual([]);
}
