// npm run bench: builds, starts a real server of its own, measures, prints the figures and writes them
// into docs/benchmarks.md between this run's markers. `npm run bench -- bundle` (or `lighthouse`, `cases`,
// `schedules`, `insights`, `reliability`, `simulation`, `screen`, `idle`, `alerts`) runs one part. `--smoke` runs the parts at
// the size `npm test` runs them (seconds), and only prints their figures. `--no-build` measures the build already in
// dist/ (two parts run side by side: a second build would rewrite the files the first one's server is serving).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { format, resolveConfig } from 'prettier';
import { E2E_PORT } from '../e2e/server-env.ts';
import { specServer } from '../e2e/support/server.ts';
import { runAlertsBenchmark } from './alerts.ts';
import { bundleMarkdown, measureBundle } from './bundle.ts';
import { runCasesBenchmarks } from './cases.ts';
import { runInsightsBenchmark } from './insights.ts';
import { idleBenchmark } from './idle.ts';
import { lighthouseMarkdown, measureFreshAndAged } from './lighthouse.ts';
import { runSchedulesBenchmark } from './schedules.ts';
import { runScreenBenchmark } from './screen.ts';
import { runReliabilityBenchmarks, runSimulationBenchmark } from './reliability.ts';
import type { BenchResult } from './support.ts';

const BENCHMARKS = 'docs/benchmarks.md';

function replaceSection(document: string, name: string, body: string): string {
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  const section = `${start}\n${body}\n${end}`;
  const from = document.indexOf(start);
  const to = document.indexOf(end);
  if (from === -1 || to === -1) return `${document.trimEnd()}\n\n${section}\n`;
  return `${document.slice(0, from)}${section}${document.slice(to + end.length)}`;
}

const smoke = process.argv.includes('--smoke');
const size = smoke ? 'smoke' : 'full';

// The load when the run starts: a shared machine's figures mean little without it.
const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}, load average ${(loadavg()[0] ?? 0).toFixed(1)} (1 min) at the start`;
// The file is written through Prettier: `npm test` checks its formatting like every other file.
const write = async (name: string, body: string): Promise<void> => {
  console.log(body);
  if (smoke) return;
  const document = replaceSection(readFileSync(BENCHMARKS, 'utf8'), name, body);
  const options = (await resolveConfig(BENCHMARKS)) ?? {};
  writeFileSync(BENCHMARKS, await format(document, { ...options, filepath: BENCHMARKS }));
};

const parts = process.argv.slice(2).filter((argument) => !argument.startsWith('--'));
const runs = (part: string): boolean => parts.length === 0 || parts.includes(part);

// The browser parts measure the production build; the others start servers that serve no SPA.
if (
  !process.argv.includes('--no-build') &&
  (runs('bundle') || runs('lighthouse') || runs('screen') || runs('idle'))
)
  execFileSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' });

if (runs('bundle')) {
  // Above the browser tests' own ports, so a checkout can benchmark while another runs its e2e suite.
  const server = specServer(E2E_PORT + 2);
  await server.start();
  try {
    const bundle = await measureBundle(server.url, size);
    await write('bundle', `Measured ${machine}.\n\n${bundleMarkdown(bundle)}`);
  } finally {
    await server.stop();
  }
}

if (runs('lighthouse')) {
  const server = specServer(E2E_PORT + 4);
  await server.start();
  try {
    const rows = await measureFreshAndAged(server, size);
    await write('lighthouse', `Measured ${machine}.\n\n${lighthouseMarkdown(rows)}`);
  } finally {
    await server.stop();
  }
}

const figures = async (result: Promise<BenchResult>): Promise<string> => (await result).markdown;

if (runs('cases')) await write('cases', `Measured ${machine}.\n\n${await figures(runCasesBenchmarks(size))}`);
if (runs('schedules'))
  await write('schedules', `Measured ${machine}.\n\n${await figures(runSchedulesBenchmark(size))}`);
if (runs('insights'))
  await write('insights', `Measured ${machine}.\n\n${await figures(runInsightsBenchmark(size))}`);

if (runs('reliability')) {
  const body = await figures(runReliabilityBenchmarks(size));
  await write('reliability', `Measured ${machine}, on PostgreSQL.\n\n${body}`);
}

if (runs('simulation'))
  await write('simulation', `Measured ${machine}.\n\n${await figures(runSimulationBenchmark(size))}`);

if (runs('screen'))
  await write('screen', `Measured ${machine}.\n\n${await figures(runScreenBenchmark(size))}`);

if (runs('idle')) {
  // Above the browser tests' own ports and the other browser parts'.
  const server = specServer(E2E_PORT + 7);
  await server.start();
  try {
    await write('idle', `Measured ${machine}.\n\n${await figures(idleBenchmark(server, size))}`);
  } finally {
    await server.stop();
  }
}

// Case created → the offer's push at a push service on 127.0.0.1, on PostgreSQL (DATABASE_URL; PGlite without).
if (runs('alerts'))
  await write('alerts', `Measured ${machine}.\n\n${await figures(runAlertsBenchmark(size))}`);
