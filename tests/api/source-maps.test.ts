// Source maps are served on a developer's machine only: a production server does not hand its sources out.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './support/app.ts';

describe('source maps', () => {
  const spaDir = mkdtempSync(join(tmpdir(), 'case-router-maps-'));
  mkdirSync(join(spaDir, 'assets'));
  writeFileSync(join(spaDir, 'index.html'), '<!doctype html><title>Case Router</title>');
  writeFileSync(join(spaDir, 'root.html'), '<!doctype html><title>Case Router</title>');
  writeFileSync(join(spaDir, 'assets', 'index-abc123.js'), 'console.log("app");');
  writeFileSync(join(spaDir, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["src/main.tsx"]}');
  afterAll(() => {
    rmSync(spaDir, { recursive: true, force: true });
  });

  it('are not served in production; the code still is', async () => {
    const app = await buildTestApp({ env: { SPA_DIR: spaDir }, production: true });
    try {
      const map = await app.inject({ method: 'GET', url: '/assets/index-abc123.js.map' });
      expect(map.statusCode).toBe(404);
      expect(map.body).not.toContain('src/main.tsx');
      expect((await app.inject({ method: 'GET', url: '/assets/index-abc123.js' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('are served on a developer’s machine', async () => {
    const app = await buildTestApp({ env: { SPA_DIR: spaDir } });
    try {
      expect((await app.inject({ method: 'GET', url: '/assets/index-abc123.js.map' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
