// The browser parts of `npm run bench` (bundle, Lighthouse, screen, idle) at their smoke size, on a server of their
// own with the production build: each still runs from start to end and its figures are well-formed (finite
// numbers, complete tables, every case on its screen once). Never how fast: the full sizes run in
// `npm run bench`. Nothing here writes docs/benchmarks.md. The server parts: tests/reliability/bench-smoke.test.ts.
import { expect, test } from '@playwright/test';
import { bundleMarkdown, measureBundle } from '../bench/bundle.ts';
import { idleBenchmark } from '../bench/idle.ts';
import { screenBenchmark, SCREEN_SERVER_ENV } from '../bench/screen.ts';
import { figureProblems } from '../bench/well-formed.ts';
import { E2E_PORT } from './server-env.ts';
import { specServer } from './support/server.ts';

// Above the browser tests' own ports and the full benchmark's (+1 to +5).
const server = specServer(E2E_PORT + 6, SCREEN_SERVER_ENV);

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  await server.start();
});

test.afterAll(async () => {
  await server.stop();
});

test('bundle: one role’s downloads and the build’s chunks', async () => {
  test.setTimeout(120_000);
  const figures = await measureBundle(server.url, 'smoke');
  console.log(bundleMarkdown(figures));
  expect(figureProblems({ markdown: bundleMarkdown(figures), faults: {} }, 1)).toEqual([]);
  expect(figures.perRole).toHaveLength(1);
  for (const row of figures.perRole) expect(row.jsKb * row.cssKb * row.requests).toBeGreaterThan(0);
  expect(figures.entryKb * figures.signInKb * figures.largestLazyChunk.kb).toBeGreaterThan(0);
});

test('Lighthouse: one role’s home, one run', async () => {
  test.setTimeout(180_000);
  // Loaded here, not when the suite is collected: Lighthouse is large.
  const { lighthouseMarkdown, measureLighthouse } = await import('../bench/lighthouse.ts');
  const rows = await measureLighthouse(server.url, 'smoke');
  const unscored = rows.filter((row) => row.error !== undefined).length;
  console.log(lighthouseMarkdown(rows));
  expect(
    figureProblems({ markdown: lighthouseMarkdown(rows), faults: { 'pages not scored': unscored } }, 1),
  ).toEqual([]);
  expect(rows).toHaveLength(1);
});

test('screen: create → the offered specialist’s case box', async ({ browser }) => {
  test.setTimeout(180_000);
  const result = await screenBenchmark(browser, server.url, 'smoke');
  console.log(result.markdown);
  expect(figureProblems(result, 1)).toEqual([]);
});

test('idle: one role’s home left open, its main-thread time per second', async () => {
  test.setTimeout(120_000);
  const result = await idleBenchmark(server, 'smoke');
  console.log(result.markdown);
  expect(figureProblems(result, 1)).toEqual([]);
});
