// Reliability at full size, on PostgreSQL (DATABASE_URL): crash durability (SIGKILL at random points, restarts),
// two processes behind a round-robin proxy (simultaneous accepts), event streams at scale on one process and
// split over two. The same scenarios run at CI size in tests/reliability/. Figures as Markdown for
// docs/benchmarks.md (bench/run.ts).
import type { Case } from '../generated/types.gen.ts';
import { DOCTOR, NEURO_PRIMARY, neurologyCase } from '../tests/api/support/cases-app.ts';
import { call, signerFor } from '../tests/reliability/support/client.ts';
import { runCrashScenario } from '../tests/reliability/support/crash-scenario.ts';
import { freshPostgres } from '../tests/reliability/support/databases.ts';
import { startRoundRobinProxy } from '../tests/reliability/support/round-robin-proxy.ts';
import { runSafetySimulation } from '../tests/reliability/support/safety-simulation.ts';
import { startServerProcess } from '../tests/reliability/support/server-process.ts';
import { runStreamsScenario, type StreamsReport } from '../tests/reliability/support/streams-scenario.ts';

// Above the test suites' own ports (9400-9449), inside the range reserved for this work.
const PORTS = { crash: 9470, a: 9471, b: 9472, proxy: 9473, streams: [9474], split: [9475, 9476] };

async function acceptRace(adminUrl: string, cases: number, accepts: number) {
  const database = await freshPostgres(adminUrl);
  const env = { DATABASE_URL: database.url, DATA_DIR: '/tmp/case-router-bench-race', LOG_LEVEL: 'warn' };
  const servers = await Promise.all([PORTS.a, PORTS.b].map((port) => startServerProcess({ port, env })));
  const proxy = await startRoundRobinProxy(
    PORTS.proxy,
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

const streamsRow = (report: StreamsReport) =>
  `| ${report.processes} | ${report.streams} | ${report.cases} | ${report.delivered} | ${report.p50Ms} | ${report.p99Ms} | ${report.memoryPerStreamKb} | ${report.misdelivered} |`;

export async function runReliabilityBenchmarks(): Promise<string> {
  const adminUrl = process.env['DATABASE_URL'];
  if (!adminUrl) return 'Not measured: these run on PostgreSQL only (set `DATABASE_URL`).';
  const crash = await runCrashScenario({
    adminUrl,
    port: PORTS.crash,
    kills: 6,
    requestsPerRound: 150,
    concurrency: 6,
    seed: 20_261_125,
  });
  const race = await acceptRace(adminUrl, 20, 50);
  const one = await runStreamsScenario({ adminUrl, ports: PORTS.streams, streams: 1000, cases: 200 });
  const two = await runStreamsScenario({ adminUrl, ports: PORTS.split, streams: 1000, cases: 200 });
  const perCase = race.winners.every((count) => count === 1)
    ? 'exactly 1 in every case'
    : race.winners.join(', ');
  return [
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
    'Streams of distinct specialists held open, then cases created one after another, each offered to one of them: time from sending the creation to that specialist’s stream receiving it; growth of the server processes’ resident memory per open stream; events that reached any other stream.',
    '',
    '| processes | streams | cases | delivered | p50 ms | p99 ms | memory per stream kB | delivered to a wrong user |',
    '| --------- | ------- | ----- | --------- | ------ | ------ | -------------------- | ------------------------- |',
    streamsRow(one),
    streamsRow(two),
  ].join('\n');
}

/** The clinical-safety simulation at full size (fake clock), on PostgreSQL when DATABASE_URL is set. */
export async function runSimulationBenchmark(cases = 10_000): Promise<string> {
  const adminUrl = process.env['DATABASE_URL'];
  const database = adminUrl ? await freshPostgres(adminUrl, { empty: true }) : undefined;
  const started = performance.now();
  const report = await runSafetySimulation({
    cases,
    seed: 20_261_125,
    ...(database ? { db: database.db } : {}),
  }).finally(() => database?.drop());
  const minutes = ((performance.now() - started) / 60_000).toFixed(1);
  return [
    `On ${database ? 'PostgreSQL' : 'the embedded database'}: ${report.cases} cases in ${report.steps} steps (${minutes} min): ${report.events} timeline events, ${report.escalations} escalations on time-out, ${report.accepts} accepts (each raced by a second one where two were offered), ${report.declines} declines, ${report.handovers} handovers, ${report.gaps} gaps in the rota, ${report.restarts} restarts.`,
    '',
    `Invariant violations, checked after every step: ${report.violations.length}.`,
    ...report.violations.slice(0, 5).map((violation) => `- ${violation}`),
  ].join('\n');
}

if (import.meta.main) console.log(await runReliabilityBenchmarks());
