// Builds the SPA (and its mock mode) and runs the browser tests against the real server in Debian's Chromium.
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { CHROMIUM_PATH as chromium } from '../e2e/support/chromium.ts';

if (!existsSync(chromium)) {
  console.error(
    `The browser tests need Chromium at ${chromium}, and it is not there.\n` +
      "Install Debian's package: sudo apt-get update && sudo apt-get install -y chromium\n" +
      '(or point CHROMIUM_PATH at a Chromium binary). Browsers are never downloaded by the tests.',
  );
  process.exit(1);
}

const run = (command: string, args: string[]): void => {
  execFileSync(command, args, { stdio: 'inherit' });
};

run('npm', ['run', '-s', 'build']);
// The mock mode's build, which e2e/mock-mode.spec.ts serves with no API server.
run('npm', ['run', '-s', 'build:mock']);
rmSync('.tmp/e2e-data', { recursive: true, force: true });
run('playwright', ['test', '--config', 'e2e/playwright.config.ts', ...process.argv.slice(2)]);
