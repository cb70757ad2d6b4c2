// A request body that stops arriving (ten bytes, then nothing) is answered 408 with a detail and its
// connection closed once none of it has come for BODY_IDLE_TIMEOUT_MS, long before the request timeout; a body
// that keeps coming, however slowly, is not cut. Over HTTP/1.1 and over HTTP/2 (its stream alone).
import { mkdtempSync, rmSync } from 'node:fs';
import { connect as connectHttp2, constants, type IncomingHttpHeaders } from 'node:http2';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config.ts';
import { loadTls } from '../../server/src/tls.ts';
import { testEnv } from './support/app.ts';
import { buildCasesApp, DOCTOR, seedCasesDatabase, tokenFor } from './support/cases-app.ts';
import { openTestPglite } from './support/databases.ts';

// The request timeout is far away: only the idle limit can answer within the test's time.
const LIMITS = { BODY_IDLE_TIMEOUT_MS: '1000', REQUEST_TIMEOUT_MS: '600000' };
const BODY = JSON.stringify({ note: 'x'.repeat(400) });

/** What the server wrote on the socket until it closed it. */
function readUntilClosed(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
    });
    socket.on('close', () => {
      resolve(text);
    });
    socket.on('error', reject);
  });
}

describe('over HTTP/1.1', () => {
  let app: FastifyInstance;
  let port: number;
  let token: string;
  beforeAll(async () => {
    const db = await openTestPglite();
    await seedCasesDatabase(db, new Date(), false);
    app = await buildCasesApp({ db, demoCases: false, env: LIMITS });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
    token = await tokenFor(app, DOCTOR);
  });
  afterAll(async () => {
    await app.close();
  });

  const head = (length: number) =>
    `POST /api/v1/notifications/read HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
    `Content-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

  it('answers a body that stopped arriving with 408 and a detail, and closes the connection', async () => {
    const socket = connect(port, '127.0.0.1');
    const answer = readUntilClosed(socket);
    socket.write(head(BODY.length) + BODY.slice(0, 10));
    const text = await answer;
    expect(text).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(text).toContain('Connection: close');
    expect(text).toContain('{"detail":"The request body stopped arriving; send the request again"}');
  });

  it('lets a body that keeps coming, a little at a time, past the idle limit in all', async () => {
    const socket = connect(port, '127.0.0.1');
    const answer = readUntilClosed(socket);
    socket.write(head(BODY.length));
    // A slow ward connection: a piece every 250 ms, for longer than the idle limit altogether.
    const pieces = BODY.match(/[\s\S]{1,40}/g) ?? [];
    for (const piece of pieces) {
      socket.write(piece);
      await new Promise((done) => setTimeout(done, 250));
    }
    const text = await Promise.race([
      answer,
      new Promise<string>((resolve) => {
        socket.once('data', (chunk: string) => {
          resolve(chunk);
          socket.destroy();
        });
      }),
    ]);
    expect(pieces.length * 250).toBeGreaterThan(2_000);
    expect(text).not.toMatch(/^HTTP\/1\.1 408/);
    expect(text).toMatch(/^HTTP\/1\.1 [24]\d\d /);
  });
});

describe('over HTTP/2', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'case-router-body-idle-'));
  let app: FastifyInstance;
  let origin: string;
  let cert: string;
  beforeAll(async () => {
    const tls = await loadTls(loadConfig(testEnv(dataDir, { TLS: 'on' })));
    if (!tls) throw new Error('no certificate');
    cert = tls.cert;
    const db = await openTestPglite();
    await seedCasesDatabase(db, new Date(), false);
    app = await buildCasesApp({ db, demoCases: false, env: LIMITS, https: tls });
    await app.listen({ port: 0, host: '127.0.0.1' });
    origin = `https://localhost:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('hands a whole body to the parser: the request is answered from what it sent', async () => {
    const session = connectHttp2(origin, { ca: cert, host: '127.0.0.1' });
    try {
      const token = await tokenFor(app, DOCTOR);
      const body = JSON.stringify({ all: true });
      const stream = session.request({
        ':method': 'POST',
        ':path': '/api/v1/notifications/read',
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'content-length': String(body.length),
      });
      stream.end(body);
      let text = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        text += chunk;
      });
      const status = await new Promise<unknown>((resolve) => {
        stream.on('response', (answered) => {
          stream.on('end', () => {
            resolve(answered[':status']);
          });
        });
      });
      expect(status).toBe(200);
      expect(JSON.parse(text)).toEqual({ unreadCount: 0 });
    } finally {
      await new Promise<void>((closed) => {
        session.close(closed);
      });
    }
  });

  it('answers a stalled body 408 on its stream alone; the connection serves the next request', async () => {
    const session = connectHttp2(origin, { ca: cert, host: '127.0.0.1' });
    try {
      const token = await tokenFor(app, DOCTOR);
      const stream = session.request({
        ':method': 'POST',
        ':path': '/api/v1/notifications/read',
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'content-length': String(BODY.length),
      });
      stream.on('error', () => undefined);
      let headers: IncomingHttpHeaders = {};
      let body = '';
      stream.setEncoding('utf8');
      stream.on('response', (answered) => {
        headers = answered;
      });
      stream.on('data', (chunk: string) => {
        body += chunk;
      });
      stream.write(BODY.slice(0, 10));
      const code = await new Promise<number>((resolve) => {
        stream.on('close', () => {
          resolve(stream.rstCode);
        });
      });
      expect(headers[':status']).toBe(408);
      expect(JSON.parse(body)).toEqual({
        detail: 'The request body stopped arriving; send the request again',
      });
      expect(code).toBe(constants.NGHTTP2_NO_ERROR);

      const next = session.request({ ':path': '/api/v1/health' }, { endStream: true });
      const status = await new Promise<unknown>((resolve) => {
        next.on('response', (answered) => {
          next.resume();
          next.on('close', () => {
            resolve(answered[':status']);
          });
        });
      });
      expect(status).toBe(200);
    } finally {
      await new Promise<void>((closed) => {
        session.close(closed);
      });
    }
  });
});
