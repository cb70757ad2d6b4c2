// The clinical-safety simulation at CI size (1,000 cases on a fake clock); 10,000 in the benchmark. On
// PostgreSQL when DATABASE_URL is set (a database of its own), else on the embedded database.
import { expect, it } from 'vitest';
import { freshPostgres, postgresUrl } from './support/databases.ts';
import { runSafetySimulation } from './support/safety-simulation.ts';

const CASES = Number(process.env['SIMULATION_CASES'] ?? 1000);

it(
  `keeps every invariant after every step over ${CASES} cases with gaps, declines, timeouts, handovers, restarts`,
  async () => {
    const database =
      postgresUrl === undefined ? undefined : await freshPostgres(postgresUrl, { empty: true });
    try {
      const report = await runSafetySimulation({
        cases: CASES,
        seed: 7,
        ...(database ? { db: database.db } : {}),
      });
      console.log(`safety simulation: ${JSON.stringify(report)}`);

      expect(report.violations).toEqual([]);
      expect(report.cases).toBe(CASES);
      expect(report.escalations).toBeGreaterThan(0);
      expect(report.gaps).toBeGreaterThan(0);
      expect(report.restarts).toBeGreaterThan(0);
    } finally {
      await database?.drop();
    }
  },
  // A ceiling for a stuck run on a loaded machine, not a speed limit.
  600_000,
);
