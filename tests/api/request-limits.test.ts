// Limits that hold before a handler runs: the token is checked from the headers alone (an anonymous upload
// is refused before its body arrives), requests are counted per user and per address (429 with Retry-After
// and a detail), a user holds a few event streams at most, and the timeouts and connection cap come from
// the configuration.
import { PassThrough } from 'node:stream';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientErrorHandler } from '../../server/src/http/client-errors.ts';
import {
  as,
  buildCasesApp,
  DOCTOR,
  HOSPITAL_ADMIN,
  seedCasesDatabase,
  tokenFor,
} from './support/cases-app.ts';
import { openTestPglite } from './support/databases.ts';

async function limitedApp(env: NodeJS.ProcessEnv): Promise<FastifyInstance> {
  const db = await openTestPglite();
  await seedCasesDatabase(db, new Date(), false);
  return buildCasesApp({ db, env });
}

/** Sends only the headers of a request and resolves with the answer the server gives before any body. */
function headersOnly(
  port: number,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, method: 'POST', headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, body: text });
        request.destroy();
      });
    });
    request.on('error', reject);
    request.flushHeaders();
  });
}

describe('the token is checked before the body', () => {
  let app: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    app = await limitedApp({});
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app.close();
  });

  it('an anonymous 20 MB upload is refused with 401 before a byte of it arrives', async () => {
    const answer = await headersOnly(port, '/api/v1/cases/cas_any/attachments?fileName=scan.jpg', {
      'content-type': 'image/jpeg',
      'content-length': String(20 * 1024 * 1024),
    });
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toEqual({ detail: 'Authentication required' });
  });

  it('a forged token on a JSON body is refused the same way', async () => {
    const answer = await headersOnly(port, '/api/v1/cases', {
      authorization: 'Bearer not.a.token',
      'content-type': 'application/json',
      'content-length': '1000000',
      'idempotency-key': 'key-12345678',
    });
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toMatchObject({ detail: expect.any(String) as unknown });
  });
});

describe('timeouts and the connection cap come from the configuration', () => {
  it('sets them on the server', async () => {
    const app = await limitedApp({
      REQUEST_TIMEOUT_MS: '30000',
      HEADERS_TIMEOUT_MS: '5000',
      KEEP_ALIVE_TIMEOUT_MS: '4000',
      MAX_CONNECTIONS: '50',
    });
    try {
      expect(app.server.requestTimeout).toBe(30_000);
      expect(app.server.headersTimeout).toBe(5_000);
      expect(app.server.keepAliveTimeout).toBe(4_000);
      expect(app.server.maxConnections).toBe(50);
    } finally {
      await app.close();
    }
  });

  it('a request that does not arrive in time is a 408 with a detail', () => {
    const socket = new PassThrough();
    // The handler destroys the socket with the error, as Node's own does.
    socket.on('error', () => undefined);
    let written = '';
    socket.on('data', (chunk: Buffer) => {
      written += chunk.toString();
    });
    const log = { info: () => undefined };
    const timeout = Object.assign(new Error('timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' });
    clientErrorHandler.call({ log } as never, timeout, socket);
    expect(written).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(written).toContain('{"detail":"The request took too long to arrive; send it again"}');
  });
});

describe('rate limits', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await limitedApp({ RATE_LIMIT_PER_USER: '3', RATE_LIMIT_PER_ADDRESS: '2' });
  });
  afterAll(async () => {
    await app.close();
  });

  it('per user: past the limit a 429 with Retry-After and a detail; another user is not affected', async () => {
    for (let index = 0; index < 3; index += 1) {
      expect((await as(app, DOCTOR).get('/specialties')).status).toBe(200);
    }
    const refused = await as(app, DOCTOR).get('/specialties');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body).toEqual({
      detail: expect.stringMatching(/^Too many requests; try again in \d+ seconds$/) as unknown,
    });
    expect((await as(app, HOSPITAL_ADMIN).get('/specialties')).status).toBe(200);
  });

  it('per address for requests without a valid token', async () => {
    const anonymous = () => app.inject({ method: 'GET', url: '/api/v1/me', remoteAddress: '192.0.2.7' });
    expect((await anonymous()).statusCode).toBe(401);
    expect((await anonymous()).statusCode).toBe(401);
    const refused = await anonymous();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: expect.stringMatching(/^Too many requests/) as unknown });
    // Someone else behind another address still gets an answer.
    const other = await app.inject({ method: 'GET', url: '/api/v1/me', remoteAddress: '192.0.2.8' });
    expect(other.statusCode).toBe(401);
  });
});

describe('event streams per user', () => {
  let app: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    app = await limitedApp({ EVENT_STREAMS_PER_USER: '2' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    app.cases.hub.endStreams();
    await app.close();
  });

  it('past the limit a new stream is a 429 with a detail', async () => {
    const token = await tokenFor(app, DOCTOR);
    const open = () =>
      fetch(`http://127.0.0.1:${port}/api/v1/events`, { headers: { authorization: `Bearer ${token}` } });
    const streams = [await open(), await open()];
    expect(streams.map((stream) => stream.status)).toEqual([200, 200]);
    const refused = await open();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(await refused.json()).toEqual({
      detail: 'At most 2 event streams may be open at once; close one (another tab or device) and retry',
    });
    await Promise.all(streams.map((stream) => stream.body?.cancel() ?? Promise.resolve()));
  });
});

describe('answers carrying patient data', () => {
  it('are never stored by a cache: Cache-Control no-store on the API, refusals included', async () => {
    const app = await limitedApp({});
    try {
      const cases = await as(app, DOCTOR).get('/cases');
      expect(cases.status).toBe(200);
      expect(cases.headers['cache-control']).toBe('no-store');
      const missing = await as(app, DOCTOR).get('/cases/cas_missing');
      expect(missing.status).toBe(404);
      expect(missing.headers['cache-control']).toBe('no-store');
      expect((await as(app, DOCTOR).get('/me')).headers['cache-control']).toBe('no-store');
    } finally {
      await app.close();
    }
  });
});
