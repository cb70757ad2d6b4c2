// The SMS part of the alerts benchmark at its smoke size (3 offers): it runs from start to end, every offer's
// SMS reaches the provider's stand-in, and its figures are well-formed (finite, complete, nothing lost).
// Never how fast: the full size runs in `npm run bench -- alerts`.
import { describe, expect, it } from 'vitest';
import { runAlertsSmsBenchmark } from '../../bench/alerts-sms.ts';
import { figureProblems } from '../../bench/well-formed.ts';

describe('bench: SMS sent after its due time, at the smoke size', () => {
  it('measures every offer’s SMS and answers well-formed figures', async () => {
    const result = await runAlertsSmsBenchmark('smoke');
    console.log(result.markdown);
    expect(figureProblems(result, 1)).toEqual([]);
    expect(result.offers).toBe(3);
    expect(result.sent).toBe(3);
    for (const figure of [result.p50Ms, result.p99Ms, result.maxMs])
      expect(Number.isFinite(figure)).toBe(true);
    expect(result.p50Ms).toBeLessThanOrEqual(result.p99Ms);
    expect(result.p99Ms).toBeLessThanOrEqual(result.maxMs);
    expect(result.withinOneSecond).toBeGreaterThanOrEqual(0);
    expect(result.withinOneSecond).toBeLessThanOrEqual(1);
  });
});
