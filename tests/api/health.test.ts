import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE } from '../../server/src/handlers/health.ts';
import { VERSION } from '../../server/src/version.ts';
import { buildTestApp } from './support/app.ts';
import { forEachDatabase } from './support/databases.ts';

describe('GET /api/v1/health', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  forEachDatabase((name, open) => {
    it('answers ok with the database kind and the version', async () => {
      app = await buildTestApp({ db: await open() });

      const response = await app.inject({ method: 'GET', url: '/api/v1/health' });

      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok', database: name, version: VERSION });
      expect(response.headers['cache-control']).toBe('no-store');
    });

    it('answers 503 with a detail, and no internals, when the database does not answer', async () => {
      app = await buildTestApp({ db: await open() });
      await app.db.close();

      const response = await app.inject({ method: 'GET', url: '/api/v1/health' });

      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ detail: DATABASE_UNAVAILABLE });
    });
  });
});
