import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE } from '../../server/src/handlers/health.ts';
import { METRICS_FORBIDDEN } from '../../server/src/operations-runtime.ts';
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

describe('GET /api/v1/health/live and /health/ready', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  forEachDatabase((name, open) => {
    it('is live without asking the database, and ready when database, migrations and worker are', async () => {
      app = await buildTestApp({ db: await open() });

      const live = await app.inject({ method: 'GET', url: '/api/v1/health/live' });
      const ready = await app.inject({ method: 'GET', url: '/api/v1/health/ready' });

      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ status: 'ok', version: VERSION });
      expect(ready.statusCode).toBe(200);
      expect(ready.headers['cache-control']).toBe('no-store');
      expect(ready.json()).toEqual({
        status: 'ready',
        database: name,
        version: VERSION,
        checks: { database: 'ok', migrations: 'ok', worker: 'ok', accepting: 'ok' },
      });
    });

    it('is not ready, with a detail naming why, when a migration is not applied', async () => {
      app = await buildTestApp({ db: await open() });
      await app.db.query(
        `delete from schema_migrations where version = (select max(version) from schema_migrations)`,
      );

      const ready = await app.inject({ method: 'GET', url: '/api/v1/health/ready' });

      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({
        status: 'not_ready',
        detail: 'Not ready: migrations pending',
        checks: { database: 'ok', migrations: 'pending', worker: 'ok', accepting: 'ok' },
      });
    });

    it('is not ready once the database stops answering, yet still live', async () => {
      app = await buildTestApp({ db: await open() });
      await app.db.close();

      const ready = await app.inject({ method: 'GET', url: '/api/v1/health/ready' });
      const live = await app.inject({ method: 'GET', url: '/api/v1/health/live' });

      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({
        status: 'not_ready',
        checks: { database: 'unavailable', migrations: 'unknown' },
      });
      expect(ready.json<{ detail: string }>().detail).toContain('the database does not answer');
      expect(live.statusCode).toBe(200);
    });
  });

  it('is not ready from the moment the server is told to stop, nor when its timer worker is stopped', async () => {
    app = await buildTestApp();
    app.operations.markStopping();
    const stopping = await app.inject({ method: 'GET', url: '/api/v1/health/ready' });
    expect(stopping.statusCode).toBe(503);
    expect(stopping.json()).toMatchObject({ detail: 'Not ready: the server is stopping' });

    await app.cases.worker?.stop();
    const stopped = await app.inject({ method: 'GET', url: '/api/v1/health/ready' });
    expect(stopped.json()).toMatchObject({
      detail: 'Not ready: the timer worker is stopped; the server is stopping',
      checks: { worker: 'stopped', accepting: 'stopping' },
    });
  });
});

describe('GET /metrics', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });
  const TOKEN = 'metrics-token-0123456789abcdef-0123456789';

  it('gives this machine the Prometheus figures: request durations by route template, streams, escalations', async () => {
    app = await buildTestApp({ env: { METRICS_TOKEN: TOKEN } });
    await app.inject({ method: 'GET', url: '/api/v1/health' });
    // A path with an id in it is counted under its template: no id (nor a query) reaches the metrics.
    await app.inject({ method: 'GET', url: '/api/v1/cases/cas_secret123?q=Smith' });

    const response = await app.inject({ method: 'GET', url: '/metrics' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/health",status_code="200"\} 1/,
    );
    expect(text).toContain('route="/api/v1/cases/:caseId"');
    expect(text).not.toContain('cas_secret123');
    expect(text).not.toContain('Smith');
    expect(text).toMatch(/^case_router_open_event_streams 0$/m);
    expect(text).toMatch(/^case_router_pending_escalations 0$/m);
    expect(text).toMatch(/^case_router_oldest_unaccepted_case_age_seconds 0$/m);
    expect(text).toContain('process_resident_memory_bytes');
  });

  it('refuses another address unless it brings the metrics token', async () => {
    app = await buildTestApp({ env: { METRICS_TOKEN: TOKEN } });
    const remoteAddress = '203.0.113.9';

    const anonymous = await app.inject({ method: 'GET', url: '/metrics', remoteAddress });
    const wrong = await app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress,
      headers: { authorization: `Bearer ${TOKEN}x` },
    });
    const right = await app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress,
      headers: { authorization: `Bearer ${TOKEN}` },
    });

    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json()).toEqual({ detail: METRICS_FORBIDDEN });
    expect(wrong.statusCode).toBe(403);
    expect(right.statusCode).toBe(200);
  });

  it('lets the addresses of METRICS_ALLOW read them, and no one else without a token', async () => {
    app = await buildTestApp({ env: { METRICS_ALLOW: '10.0.0.0/8' } });

    const inside = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.2.3.4' });
    const outside = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '192.0.2.1' });
    const local = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });

    expect(inside.statusCode).toBe(200);
    expect(outside.statusCode).toBe(403);
    expect(local.statusCode).toBe(403);
  });
});
