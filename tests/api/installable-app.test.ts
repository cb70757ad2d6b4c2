// The app installs (a web app manifest linked from every page, maskable icons, a root-scope service worker
// served as it is) and its service worker caches nothing.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginPage, messagePage } from '../../server/src/identity/pages.ts';
import { buildTestApp } from './support/app.ts';

const repo = join(import.meta.dirname, '..', '..');

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose: string;
}

describe('the installable app', () => {
  const spaDir = mkdtempSync(join(tmpdir(), 'case-router-installable-'));
  let app: FastifyInstance;
  beforeAll(async () => {
    mkdirSync(join(spaDir, 'assets'));
    // The build copies public/ as it is and the three pages with their head: the test serves the same.
    cpSync(join(repo, 'public'), spaDir, { recursive: true });
    for (const page of ['index.html', 'root.html', 'redirect.html']) {
      writeFileSync(join(spaDir, page), readFileSync(join(repo, page), 'utf8'));
    }
    app = await buildTestApp({ env: { SPA_DIR: spaDir } });
  });
  afterAll(async () => {
    await app.close();
    rmSync(spaDir, { recursive: true, force: true });
  });

  it('links the manifest from every page, the sign-in pages included', async () => {
    for (const url of ['/', '/specialist/cases/', '/redirect.html']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<link rel="manifest" href="/manifest.webmanifest"');
      expect(response.body, url).toContain('<meta name="theme-color" content="#00719a"');
    }
    // The identity provider's own pages (sign-in, password change, messages) share one head.
    for (const html of [
      loginPage({ assetsPath: '/oidc/assets', action: '/oidc/login' }),
      messagePage({ assetsPath: '/oidc/assets', title: 'Signed out', message: 'You are signed out.' }),
    ]) {
      expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    }
  });

  it('serves a manifest that makes the app installable, landing on the user home', async () => {
    const response = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = response.json<{
      name: string;
      short_name: string;
      start_url: string;
      scope: string;
      display: string;
      theme_color: string;
      icons: ManifestIcon[];
    }>();
    expect(manifest).toMatchObject({
      name: 'Case Router',
      short_name: 'Case Router',
      // `/` signs in first and then sends each role to its home.
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#00719a',
    });
    for (const size of [192, 512]) {
      for (const purpose of ['any', 'maskable']) {
        const icon = manifest.icons.find(
          (entry) => entry.sizes === `${size}x${size}` && entry.purpose === purpose,
        );
        expect(icon, `${purpose} ${size}`).toBeDefined();
        const png = await app.inject({ method: 'GET', url: icon?.src ?? '' });
        expect(png.statusCode).toBe(200);
        expect(png.headers['content-type']).toBe('image/png');
        const meta = await sharp(png.rawPayload).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(['png', size, size]);
      }
    }
  });

  it('serves the service worker at the root scope, revalidated on every check, caching nothing', async () => {
    const response = await app.inject({ method: 'GET', url: '/sw.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
    // No fetch handler and no Cache Storage: no API answer or patient data is ever kept by the worker.
    expect(response.body).not.toMatch(/addEventListener\(\s*['"]fetch['"]/);
    expect(response.body).not.toMatch(/caches\./);
    expect(response.body).toMatch(/addEventListener\(\s*'push'/);
    expect(response.body).toMatch(/addEventListener\(\s*'notificationclick'/);
  });
});
