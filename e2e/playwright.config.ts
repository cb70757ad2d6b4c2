import { defineConfig, devices } from '@playwright/test';
import { e2eServer } from './server-env.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium.ts';

// The real server (embedded PostgreSQL, our identity provider, the built SPA) on 127.0.0.1, driven by
// Debian's Chromium: never a downloaded browser.
export default defineConfig({
  testDir: '.',
  outputDir: '../test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env['CI'] ? [['list']] : [['list']],
  use: {
    baseURL: e2eServer.url,
    ignoreHTTPSErrors: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node server/src/main.ts',
    cwd: '..',
    url: `${e2eServer.url}/api/v1/health`,
    ignoreHTTPSErrors: true,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: e2eServer.env,
  },
});
