// npm run bench: builds, starts a real server of its own, measures, prints the figures and writes them
// into docs/benchmarks.md between this run's markers.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { format, resolveConfig } from 'prettier';
import { specServer } from '../e2e/support/server.ts';
import { bundleMarkdown, measureBundle } from './bundle.ts';
import { runCasesBenchmarks } from './cases.ts';

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

execFileSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' });
const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`;
// The file is written through Prettier: `npm test` checks its formatting like every other file.
const write = async (name: string, body: string): Promise<void> => {
  console.log(body);
  const document = replaceSection(readFileSync(BENCHMARKS, 'utf8'), name, body);
  const options = (await resolveConfig(BENCHMARKS)) ?? {};
  writeFileSync(BENCHMARKS, await format(document, { ...options, filepath: BENCHMARKS }));
};

const server = specServer(8645);
await server.start();
try {
  const bundle = await measureBundle(server.url);
  await write('bundle', `Measured ${machine}.\n\n${bundleMarkdown(bundle)}`);
} finally {
  await server.stop();
}

await write('cases', `Measured ${machine}.\n\n${await runCasesBenchmarks()}`);
