// Every server part of `npm run bench` at its smoke size (seconds): it still runs from start to end and its
// figures are well-formed (finite numbers, complete tables, nothing lost or misdelivered), so a part that
// breaks fails here rather than on the next full run. Never how fast: the full sizes run in `npm run bench`.
// The parts that need PostgreSQL are skipped without DATABASE_URL. The browser parts: e2e/bench-smoke.spec.ts.
// Nothing here writes docs/benchmarks.md (bench/run.ts does, at full size).
import { describe, expect, it } from 'vitest';
import { runAlertsBenchmark } from '../../bench/alerts.ts';
import { runCasesBenchmarks } from '../../bench/cases.ts';
import { runInsightsBenchmark } from '../../bench/insights.ts';
import { runReliabilityBenchmarks, runSimulationBenchmark } from '../../bench/reliability.ts';
import { runSchedulesBenchmark } from '../../bench/schedules.ts';
import type { BenchResult } from '../../bench/support.ts';
import { figureProblems } from '../../bench/well-formed.ts';
import { postgresUrl } from './support/databases.ts';

const onPostgres = postgresUrl !== undefined;
const withoutPostgres = onPostgres ? '' : ' (skipped: needs DATABASE_URL)';

function expectWellFormed(result: BenchResult, tables: number): void {
  console.log(result.markdown);
  expect(figureProblems(result, tables)).toEqual([]);
}

describe('bench parts at the smoke size', () => {
  it(`cases, on PGlite${onPostgres ? ' and PostgreSQL' : ''}`, async () => {
    expectWellFormed(await runCasesBenchmarks('smoke'), onPostgres ? 2 : 1);
  });

  it(`simulation, on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, async () => {
    expectWellFormed(await runSimulationBenchmark('smoke'), 0);
  });

  it.skipIf(!onPostgres)(`schedules${withoutPostgres}`, async () => {
    expectWellFormed(await runSchedulesBenchmark('smoke'), 1);
  });

  it.skipIf(!onPostgres)(`insights${withoutPostgres}`, async () => {
    expectWellFormed(await runInsightsBenchmark('smoke'), 2);
  });

  it(`alerts, on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, async () => {
    expectWellFormed(await runAlertsBenchmark('smoke'), 2);
  });

  it.skipIf(!onPostgres)(`reliability${withoutPostgres}`, async () => {
    expectWellFormed(await runReliabilityBenchmarks('smoke'), 2);
  });
});
