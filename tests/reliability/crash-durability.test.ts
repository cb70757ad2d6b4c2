// Crash durability (CI size): the server process is killed with SIGKILL at random points of a load of case
// creations, accepts and messages, and restarted; nothing it acknowledged is lost or doubled, and the
// escalations that fell due while it was down run once after the restart. The full size runs in
// `npm run bench -- reliability`.
import { describe, expect, it } from 'vitest';
import { postgresUrl } from './support/databases.ts';
import { runCrashScenario } from './support/crash-scenario.ts';

describe.skipIf(postgresUrl === undefined)('crash durability on PostgreSQL', () => {
  it('loses and doubles nothing acknowledged across 3 kills (SIGKILL) and restarts', async () => {
    const report = await runCrashScenario({
      adminUrl: postgresUrl ?? '',
      port: 9420,
      kills: 3,
      requestsPerRound: 40,
      concurrency: 4,
      seed: Number(process.env['CRASH_SEED'] ?? 20_261_125),
    });
    console.log(`crash durability: ${JSON.stringify(report)}`);

    expect(report.violations).toEqual([]);
    expect(report.lost).toBe(0);
    expect(report.acknowledged.creates).toBeGreaterThan(20);
    expect(report.found).toEqual(report.acknowledged);
    expect(report.dueWhileDown).toBe(6);
    expect(report.escalatedOnceAfterRestart).toBeGreaterThan(0);
  });
});
