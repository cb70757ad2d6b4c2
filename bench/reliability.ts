// Reliability at full size, on PostgreSQL (DATABASE_URL): crash durability (SIGKILL at random points, restarts),
// two processes behind a round-robin proxy (simultaneous accepts), event streams at scale on one process and
// split over two. The same scenarios run at CI size in tests/reliability/, and at the smoke size (seconds) in
// tests/reliability/bench-smoke.test.ts. Figures as Markdown for docs/benchmarks.md (bench/run.ts).
import type { Case } from '../generated/types.gen.ts';
import { DOCTOR, NEURO_PRIMARY, neurologyCase } from '../tests/api/support/cases-app.ts';
import { call, signerFor } from '../tests/reliability/support/client.ts';
import { runCrashScenario } from '../tests/reliability/support/crash-scenario.ts';
import { freshPostgres } from '../tests/reliability/support/databases.ts';
import { startRoundRobinProxy } from '../tests/reliability/support/round-robin-proxy.ts';
import { runSafetySimulation } from '../tests/reliability/support/safety-simulation.ts';
import { startServerProcess } from '../tests/reliability/support/server-process.ts';
import { runStreamsScenario, type StreamsReport } from '../tests/reliability/support/streams-scenario.ts';
import type { BenchResult, BenchSize } from './support.ts';

interface Ports {
  readonly crash: number;
  readonly a: number;
  readonly b: number;
  readonly proxy: number;
  readonly streams: readonly number[];
  readonly split: readonly number[];
}

interface ReliabilitySize {
  readonly kills: number;
  readonly requestsPerRound: number;
  readonly concurrency: number;
  readonly raceCases: number;
  readonly accepts: number;
  /** The streams held open at the second stage (the first holds one), and the cases measured at each. */
  readonly streams: number;
  readonly streamCases: number;
  readonly streamWarmUp: number;
  readonly ports: Ports;
}

const SIZES: Record<BenchSize, ReliabilitySize> = {
  full: {
    kills: 6,
    requestsPerRound: 150,
    concurrency: 6,
    raceCases: 20,
    accepts: 50,
    streams: 1000,
    streamCases: 200,
    streamWarmUp: 20,
    // Above the test suites' own ports (9400-9449), inside the range reserved for this work.
    ports: { crash: 9470, a: 9471, b: 9472, proxy: 9473, streams: [9474], split: [9475, 9476] },
  },
  smoke: {
    kills: 1,
    requestsPerRound: 10,
    concurrency: 2,
    raceCases: 2,
    accepts: 3,
    streams: 12,
    streamCases: 3,
    streamWarmUp: 1,
    // The smoke run is one of the test suites': its own ports, apart from the full run's.
    ports: { crash: 9450, a: 9451, b: 9452, proxy: 9453, streams: [9454], split: [9455, 9456] },
  },
};

async function acceptRace(adminUrl: string, ports: Ports, cases: number, accepts: number) {
  const database = await freshPostgres(adminUrl);
  const env = { DATABASE_URL: database.url, DATA_DIR: '/tmp/case-router-bench-race', LOG_LEVEL: 'warn' };
  const servers = await Promise.all([ports.a, ports.b].map((port) => startServerProcess({ port, env })));
  const proxy = await startRoundRobinProxy(
    ports.proxy,
    servers.map((server) => server.url),
  );
  try {
    const sign = signerFor(database.jwk);
    const doctor = await sign(DOCTOR, ['er_doctor']);
    const specialist = await sign(NEURO_PRIMARY, ['specialist']);
    const winners: number[] = [];
    let conflicts = 0;
    let other = 0;
    for (let index = 0; index < cases; index += 1) {
      const created = await call<Case>(
        proxy.url,
        doctor,
        'POST',
        '/cases',
        neurologyCase({ urgency: 'routine' }),
        {
          'idempotency-key': `bench-race-${index}-${Date.now()}`,
        },
      );
      const answers = await Promise.all(
        Array.from({ length: accepts }, () =>
          call(proxy.url, specialist, 'POST', `/cases/${created.body.id}/accept`),
        ),
      );
      winners.push(answers.filter((answer) => answer.status === 200).length);
      conflicts += answers.filter((answer) => answer.status === 409).length;
      other += answers.filter((answer) => answer.status !== 200 && answer.status !== 409).length;
    }
    return { cases, accepts, winners, conflicts, other };
  } finally {
    await proxy.close();
    await Promise.all(servers.map((server) => server.stop('SIGTERM')));
    await database.drop();
  }
}

const sum = (values: readonly number[]): number => values.reduce((total, value) => total + value, 0);

/** The last stage's p99 over the first's, and whether it meets the goal (at most twice). */
function growth(stages: readonly StreamsReport[]): string {
  const [first, last] = [stages[0], stages.at(-1)];
  if (!first || !last) return 'not measured';
  const ratio = last.p99Ms / first.p99Ms;
  return `${ratio.toFixed(2)} (${ratio <= 2 ? 'met' : 'not met'})`;
}

const streamsRow = (report: StreamsReport) =>
  `| ${report.processes} | ${report.streams} | ${report.cases} | ${report.delivered} | ${report.p50Ms} | ${report.p99Ms} | ${report.memoryPerStreamKb ?? '–'} | ${report.misdelivered} |`;

export async function runReliabilityBenchmarks(sizeName: BenchSize = 'full'): Promise<BenchResult> {
  const size = SIZES[sizeName];
  const { ports } = size;
  const adminUrl = process.env['DATABASE_URL'];
  if (!adminUrl)
    return { markdown: 'Not measured: these run on PostgreSQL only (set `DATABASE_URL`).', faults: {} };
  const crash = await runCrashScenario({
    adminUrl,
    port: ports.crash,
    kills: size.kills,
    requestsPerRound: size.requestsPerRound,
    concurrency: size.concurrency,
    seed: 20_261_125,
  });
  const race = await acceptRace(adminUrl, ports, size.raceCases, size.accepts);
  // One stream, then the many beside it, on the same processes in one run: the many's p99 against the one's.
  const streams = {
    adminUrl,
    streams: [1, size.streams],
    cases: size.streamCases,
    warmUp: size.streamWarmUp,
  };
  const one = await runStreamsScenario({ ...streams, ports: ports.streams });
  const two = await runStreamsScenario({ ...streams, ports: ports.split });
  const stages = [...one, ...two];
  const perCase = race.winners.every((count) => count === 1)
    ? 'exactly 1 in every case'
    : race.winners.join(', ');
  const markdown = [
    '### Crash durability (SIGKILL at random points)',
    '',
    `${crash.kills} kills and restarts during ${crash.requests} requests (${crash.unanswered} unanswered at a kill; unanswered creations retried with their key).`,
    '',
    '| change | acknowledged | found | lost |',
    '| ------ | ------------ | ----- | ---- |',
    `| case created (201) | ${crash.acknowledged.creates} | ${crash.found.creates} | ${crash.acknowledged.creates - crash.found.creates} |`,
    `| case accepted (200) | ${crash.acknowledged.accepts} | ${crash.found.accepts} | ${crash.acknowledged.accepts - crash.found.accepts} |`,
    `| message posted (201) | ${crash.acknowledged.messages} | ${crash.found.messages} | ${crash.acknowledged.messages - crash.found.messages} |`,
    '',
    `Lost: ${crash.lost}. Escalations due while the server was down: ${crash.dueWhileDown}, run once after the restart: ${crash.escalatedOnceAfterRestart} (a case accepted before its escalation ran is left out). Invariant violations (duplicates, a second acceptor, missing audit events): ${crash.violations.length}.`,
    '',
    '### Two processes behind a round-robin proxy',
    '',
    `${race.cases} cases, ${race.accepts} simultaneous accepts each, spread over both processes: winners per case ${perCase}; ${race.conflicts} answered 409, ${race.other} anything else.`,
    '',
    '### Event streams at scale',
    '',
    `Streams of distinct specialists held open, then cases created one after another, each offered to one of them: time from sending the creation to that specialist’s stream receiving it; growth of the server processes’ resident memory per stream, over the ${(size.streams - 1).toLocaleString('en')} opened beside the first; events that reached any other stream. On the same processes in one run: ${size.streamCases} cases with one stream open (after ${size.streamWarmUp} unmeasured), then ${size.streamCases} with ${size.streams.toLocaleString('en')}.`,
    '',
    '| processes | streams | cases | delivered | p50 ms | p99 ms | memory per stream kB | delivered to a wrong user |',
    '| --------- | ------- | ----- | --------- | ------ | ------ | -------------------- | ------------------------- |',
    ...stages.map(streamsRow),
    '',
    `p99 with ${size.streams.toLocaleString('en')} open streams ÷ p99 with one (goal ≤ 2): ${growth(one)} on one process, ${growth(two)} on two.`,
  ].join('\n');
  return {
    markdown,
    faults: {
      'changes lost at a crash': crash.lost,
      'invariants broken at a crash': crash.violations.length,
      'cases without exactly one winner': race.winners.filter((count) => count !== 1).length,
      'accepts answered other than 200 or 409': race.other,
      'cases never delivered to their stream': sum(stages.map((stage) => stage.cases - stage.delivered)),
      'events delivered to a wrong user': sum(stages.map((stage) => stage.misdelivered)),
    },
  };
}

/**
 * The clinical-safety simulation (fake clock), 10,000 cases at full size and 10 at the smoke size, on
 * PostgreSQL when DATABASE_URL is set.
 */
export async function runSimulationBenchmark(size: BenchSize = 'full'): Promise<BenchResult> {
  const cases = size === 'full' ? 10_000 : 10;
  const adminUrl = process.env['DATABASE_URL'];
  const database = adminUrl ? await freshPostgres(adminUrl, { empty: true }) : undefined;
  const started = performance.now();
  const report = await runSafetySimulation({
    cases,
    seed: 20_261_125,
    ...(database ? { db: database.db } : {}),
  }).finally(() => database?.drop());
  const minutes = ((performance.now() - started) / 60_000).toFixed(1);
  const markdown = [
    `On ${database ? 'PostgreSQL' : 'the embedded database'}: ${report.cases} cases in ${report.steps} steps (${minutes} min): ${report.events} timeline events, ${report.escalations} escalations on time-out, ${report.accepts} accepts (each raced by a second one where two were offered), ${report.declines} declines, ${report.handovers} handovers, ${report.gaps} gaps in the rota, ${report.restarts} restarts.`,
    '',
    `Invariant violations, checked after every step: ${report.violations.length}.`,
    ...report.violations.slice(0, 5).map((violation) => `- ${violation}`),
  ].join('\n');
  return { markdown, faults: { 'invariant violations': report.violations.length } };
}

if (import.meta.main) console.log((await runReliabilityBenchmarks()).markdown);
