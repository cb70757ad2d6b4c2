import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_FILE, loadOpenApiDocument, operationsOf } from '../../server/src/openapi.ts';
import { buildTestApp } from './support/app.ts';

describe('the API reference', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('serves the bundled contract, whole, to anyone at /api/v1/openapi.json', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual(JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')));
    const served = response.json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(served.paths)).toHaveLength(Object.keys(loadOpenApiDocument().paths ?? {}).length);
    expect(operationsOf(loadOpenApiDocument()).map((operation) => operation.operationId)).toContain(
      'getOpenApiDocument',
    );
  });

  it('serves a page that renders it with no inline script, under the same strict policy', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<title>API reference · Case Router</title>');
    // Every script is a file of this origin: script-src 'self' holds.
    expect(page.body).not.toMatch(/<script>(?!<\/script>)/);
    expect([...page.body.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1])).toEqual([
      '/api/docs/assets/swagger-ui-bundle.js',
      '/api/docs/reference.js',
    ]);
    expect(String(page.headers['content-security-policy'])).toMatch(/script-src 'self'(;|$)/);

    for (const [url, type] of [
      ['/api/docs/assets/swagger-ui-bundle.js', /^text\/javascript/],
      ['/api/docs/assets/swagger-ui.css', /^text\/css/],
      ['/api/docs/reference.js', /^text\/javascript/],
      ['/api/docs/reference.css', /^text\/css/],
    ] as const) {
      const asset = await app.inject({ method: 'GET', url });
      expect(asset.statusCode, url).toBe(200);
      expect(asset.headers['content-type'], url).toMatch(type);
      expect(asset.body.length, url).toBeGreaterThan(100);
    }
    const script = await app.inject({ method: 'GET', url: '/api/docs/reference.js' });
    expect(script.body).toContain("url: '/api/v1/openapi.json'");
  });

  it('serves nothing else from the renderer package', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/assets/package.json' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toHaveProperty('detail');
  });
});
