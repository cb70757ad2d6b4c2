// The clinical-safety simulation at CI size (1,000 cases on a fake clock); 10,000 in the benchmark.
import { expect, it } from 'vitest';
import { runSafetySimulation } from './support/safety-simulation.ts';

it('keeps every invariant after every step over 1,000 cases with gaps, declines, timeouts, handovers, restarts', async () => {
  const report = await runSafetySimulation({
    cases: Number(process.env['SIMULATION_CASES'] ?? 1000),
    seed: 7,
  });
  console.log(`safety simulation: ${JSON.stringify(report)}`);

  expect(report.violations).toEqual([]);
  expect(report.cases).toBe(Number(process.env['SIMULATION_CASES'] ?? 1000));
  expect(report.escalations).toBeGreaterThan(0);
  expect(report.gaps).toBeGreaterThan(0);
  expect(report.restarts).toBeGreaterThan(0);
});
