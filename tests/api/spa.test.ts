import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_FOUND } from '../../server/src/errors.ts';
import { SPA_NOT_BUILT } from '../../server/src/http/spa.ts';
import { buildTestApp } from './support/app.ts';

const INDEX_HTML =
  '<!doctype html><html><head><title>Case Router test build</title></head>' +
  '<body><div id="root"><div role="status">Loading…</div></div><script src="/assets/main-abc.js"></script></body></html>';
// The address `/`'s own page: it signs in first, with nothing to show.
const ROOT_HTML =
  '<!doctype html><html><head><title>Case Router test build</title></head>' +
  '<body><div id="root"></div><script src="/assets/root-abc.js"></script></body></html>';

// What the server adds: the start-up fetches, asked for by index.html itself.
const PRELOADS = [
  '<link rel="preload" href="/api/v1/public/tenant-config" as="fetch" crossorigin="anonymous" />',
  '<link rel="preload" href="https://localhost:8443/oidc/.well-known/openid-configuration" as="fetch" crossorigin="anonymous" />',
];
const withPreloads = (html: string) => html.replace('</head>', `  ${PRELOADS.join('\n    ')}\n  </head>`);
const SERVED = withPreloads(INDEX_HTML);
const SERVED_AT_ROOT = withPreloads(ROOT_HTML);

describe('the built SPA', () => {
  const spaDir = mkdtempSync(join(tmpdir(), 'case-router-dist-'));
  let app: FastifyInstance;
  beforeAll(async () => {
    mkdirSync(join(spaDir, 'assets'));
    writeFileSync(join(spaDir, 'index.html'), INDEX_HTML);
    writeFileSync(join(spaDir, 'root.html'), ROOT_HTML);
    writeFileSync(join(spaDir, 'redirect.html'), '<!doctype html><title>redirect bridge</title>');
    writeFileSync(join(spaDir, 'assets', 'index-abc123.js'), 'console.log("app");');
    app = await buildTestApp({ env: { SPA_DIR: spaDir } });
  });
  afterAll(async () => {
    await app.close();
    rmSync(spaDir, { recursive: true, force: true });
  });

  it('serves root.html at / (it signs in first, the app only when needed), never cached', async () => {
    for (const url of ['/', '/?next=%2Fspecialist%2Fcases']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).toBe(SERVED_AT_ROOT);
      expect(response.body, url).not.toContain('/assets/main-abc.js');
    }
  });

  it('answers root.html only at /, with its hints', async () => {
    const response = await app.inject({ method: 'GET', url: '/root.html' });
    expect(response.statusCode).toBe(404);
  });

  it('asks for the tenant config and the discovery document from both pages, at once', async () => {
    for (const url of ['/', '/specialist/cases/']) {
      const response = await app.inject({ method: 'GET', url });
      for (const link of PRELOADS) expect(response.body, url).toContain(link);
      expect(response.body.indexOf(PRELOADS[0] ?? ''), url).toBeLessThan(response.body.indexOf('</head>'));
    }
  });

  it('serves index.html for deep links, never cached', async () => {
    for (const url of [
      '/index.html',
      '/emergency-room/cases',
      '/specialist/cases/case_123',
      '/sign-in?next=%2Fhome%2F',
    ]) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(SERVED);
      expect(response.body, url).toContain('Loading…');
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('serves files as they are, hashed assets cached for good', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const bridge = await app.inject({ method: 'GET', url: '/redirect.html' });
    expect(bridge.body).toContain('redirect bridge');
  });

  it('answers 404 for a missing file instead of the app', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-gone.js' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: NOT_FOUND });
  });

  it('keeps unknown API paths a JSON 404', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/no-such-thing',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: NOT_FOUND });
  });
});

describe('a build older than the page of /', () => {
  const spaDir = mkdtempSync(join(tmpdir(), 'case-router-dist-'));
  let app: FastifyInstance;
  beforeAll(async () => {
    writeFileSync(join(spaDir, 'index.html'), INDEX_HTML);
    app = await buildTestApp({ env: { SPA_DIR: spaDir } });
  });
  afterAll(async () => {
    await app.close();
    rmSync(spaDir, { recursive: true, force: true });
  });

  it('still starts, and / opens the app, which signs in too', async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(SERVED);
  });
});

describe('without a built SPA', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('says so at /', async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(SPA_NOT_BUILT);
  });

  it('still serves the API', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
  });
});

describe("a build that lists each route's modules", () => {
  const spaDir = mkdtempSync(join(tmpdir(), 'case-router-dist-'));
  const preloads = {
    routes: [
      { path: '/sign-in', files: ['/assets/sign-in-page-1.js'] },
      { path: '/specialist/cases/', files: ['/assets/cases-page-1.js', '/assets/shell-1.js'] },
      { path: '/specialist/cases/:id', files: ['/assets/case-page-1.js', '/assets/shell-1.js'] },
      { path: '/emergency-room/doctor/cases/:id', files: ['/assets/doctor-case-page-1.js'] },
      { path: '/emergency-room/doctor/cases/new', files: ['/assets/new-case-page-1.js'] },
    ],
  };
  const linksOf = (body: string) =>
    [...body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)" \/>/g)].map((match) => match[1]);
  let app: FastifyInstance;
  beforeAll(async () => {
    writeFileSync(join(spaDir, 'index.html'), INDEX_HTML);
    writeFileSync(join(spaDir, 'route-preloads.json'), JSON.stringify(preloads));
    app = await buildTestApp({ env: { SPA_DIR: spaDir } });
  });
  afterAll(async () => {
    await app.close();
    rmSync(spaDir, { recursive: true, force: true });
  });

  it("names the route's modules as module preloads in the head of the page a deep link gets", async () => {
    for (const [url, files] of [
      ['/specialist/cases/', ['/assets/cases-page-1.js', '/assets/shell-1.js']],
      ['/specialist/cases', ['/assets/cases-page-1.js', '/assets/shell-1.js']],
      ['/specialist/cases/case_123?tab=thread', ['/assets/case-page-1.js', '/assets/shell-1.js']],
      ['/sign-in?next=%2Fhome%2F', ['/assets/sign-in-page-1.js']],
    ] as const) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(linksOf(response.body), url).toEqual(files);
      // The page is index.html with the links added before its head ends, nothing else.
      const links = files.map((file) => `<link rel="modulepreload" crossorigin href="${file}" />`);
      expect(response.body, url).toBe(SERVED.replace('</head>', `  ${links.join('\n    ')}\n  </head>`));
    }
  });

  it('picks the route as the router does: a word before a parameter', async () => {
    const created = await app.inject({ method: 'GET', url: '/emergency-room/doctor/cases/new' });
    expect(linksOf(created.body)).toEqual(['/assets/new-case-page-1.js']);
    const opened = await app.inject({ method: 'GET', url: '/emergency-room/doctor/cases/case_9' });
    expect(linksOf(opened.body)).toEqual(['/assets/doctor-case-page-1.js']);
  });

  it('preloads nothing for an address no route matches, nor for index.html itself', async () => {
    for (const url of ['/index.html', '/no/such/screen', '/specialist/cases/a/b']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(SERVED);
    }
  });
});

describe('a build whose route preloads cannot be read', () => {
  const spaDir = mkdtempSync(join(tmpdir(), 'case-router-dist-'));
  let app: FastifyInstance;
  beforeAll(async () => {
    writeFileSync(join(spaDir, 'index.html'), INDEX_HTML);
    // A file name that is not one of the build's scripts is refused, with the whole list.
    writeFileSync(
      join(spaDir, 'route-preloads.json'),
      JSON.stringify({ routes: [{ path: '/sign-in', files: ['/assets/a.js" onload="alert(1)'] }] }),
    );
    app = await buildTestApp({ env: { SPA_DIR: spaDir } });
  });
  afterAll(async () => {
    await app.close();
    rmSync(spaDir, { recursive: true, force: true });
  });

  it('still starts and answers deep links with index.html as it is', async () => {
    const response = await app.inject({ method: 'GET', url: '/sign-in' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(SERVED);
  });
});
