// `npm run generate`: bundles the contract (openapi/, one file per path and per component) into one
// document, then has @hey-api/openapi-ts generate the code from that bundle, and keeps the bundle beside the
// code as generated/openapi.json. The server and the generator read the same bundle, so they cannot disagree.
// GENERATED_DIR generates elsewhere (the staleness check compares a fresh copy with generated/).
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const CONTRACT_ROOT = 'openapi/openapi.yaml';

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  execFileSync(command, args, { env, stdio: 'pipe' });
}

export function generate(outputDir: string): void {
  // Inside the project, so that the formatter reads the project's own settings.
  mkdirSync('.tmp', { recursive: true });
  const work = mkdtempSync(join('.tmp', 'bundle-'));
  try {
    const bundle = join(work, 'openapi.json');
    run('redocly', ['bundle', CONTRACT_ROOT, '--output', bundle, '--lint-config', 'off']);
    // The generator empties its output folder first, so the bundle joins the code only afterwards.
    run('openapi-ts', [], { ...process.env, GENERATED_DIR: outputDir, OPENAPI_BUNDLE: bundle });
    copyFileSync(bundle, join(outputDir, 'openapi.json'));
    run('prettier', ['--write', '--log-level', 'warn', '--ignore-path', '/dev/null', outputDir]);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.main) generate(process.env['GENERATED_DIR'] ?? 'generated');
