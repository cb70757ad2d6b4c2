// The sign-in page has the browser fetch the app's start-up files while the user types (prefetch-app.js), so
// that the app starts from the cache once the provider sends the browser back.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestPglite } from './support/databases.ts';
import {
  Browser,
  createPkce,
  identityTestConfig,
  openLoginPage,
  openTestDatabase,
  type RunningApp,
  startApp,
  type TestDatabase,
} from './support/identity-harness.ts';

const INDEX_HTML = `<!doctype html><html><head><title>Case Router test build</title>
<script type="module" crossorigin src="/assets/main-abc.js"></script>
<link rel="modulepreload" crossorigin href="/assets/sign-in-def.js">
<link rel="modulepreload" crossorigin href="/assets/main-ghi.js">
<link rel="stylesheet" crossorigin href="/assets/main-jkl.css">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
</head><body><div id="root"></div></body></html>`;

const PREFETCHED = [
  '/assets/main-abc.js',
  '/assets/sign-in-def.js',
  '/assets/main-ghi.js',
  '/assets/main-jkl.css',
];

const PREFETCH_TAG = /<script src="\/oidc\/assets\/prefetch-app\.js" defer data-files="([^"]*)"><\/script>/;

function prefetchedBy(html: string): string[] {
  const files = PREFETCH_TAG.exec(html)?.[1];
  return files === undefined ? [] : files.split(' ');
}

describe('the sign-in page of a server with the app built', () => {
  const spaDir = mkdtempSync(join(tmpdir(), 'case-router-prefetch-'));
  const config = identityTestConfig({ SPA_DIR: spaDir });
  let database: TestDatabase;
  let running: RunningApp;
  beforeAll(async () => {
    mkdirSync(join(spaDir, 'assets'));
    writeFileSync(join(spaDir, 'index.html'), INDEX_HTML);
    writeFileSync(join(spaDir, 'root.html'), '<!doctype html><title>Case Router</title>');
    database = await openTestDatabase(openTestPglite);
    running = await startApp(config, database.db);
  });
  afterAll(async () => {
    await running.close();
    await database.close();
    rmSync(spaDir, { recursive: true, force: true });
  });

  it('asks for the app start-up files, each once, and nothing else of the app', async () => {
    const { html } = await openLoginPage(new Browser(running.baseUrl), config, createPkce());
    expect(prefetchedBy(html)).toEqual(PREFETCHED);
  });

  it('fetches them once the page has loaded, in CORS mode as the app does, from a script of its own', async () => {
    const script = await fetch(`${running.baseUrl}/oidc/assets/prefetch-app.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    const body = await script.text();
    expect(body).toContain("addEventListener('load'");
    expect(body).toContain("link.rel = 'prefetch'");
    expect(body).toContain("link.crossOrigin = 'anonymous'");
  });
});

describe('the sign-in page of a server without the app built', () => {
  const config = identityTestConfig();
  let database: TestDatabase;
  let running: RunningApp;
  beforeAll(async () => {
    database = await openTestDatabase(openTestPglite);
    running = await startApp(config, database.db);
  });
  afterAll(async () => {
    await running.close();
    await database.close();
  });

  it('asks for nothing more', async () => {
    const { html } = await openLoginPage(new Browser(running.baseUrl), config, createPkce());
    expect(prefetchedBy(html)).toEqual([]);
    expect(html).not.toContain('prefetch-app.js');
  });
});
