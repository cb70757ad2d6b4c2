// Over TLS the server speaks HTTP/2 to browsers (one connection for a page's files, API calls and event
// stream) and HTTP/1.1 to clients that do not offer it. A request refused before its body ends only its own
// stream; the event stream works without HTTP/1's connection headers.
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, constants, type ClientHttp2Session, type IncomingHttpHeaders } from 'node:http2';
import { request } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config.ts';
import { loadTls } from '../../server/src/tls.ts';
import { testEnv } from './support/app.ts';
import { buildCasesApp, DOCTOR, seedCasesDatabase, tokenFor } from './support/cases-app.ts';
import { openTestPglite } from './support/databases.ts';

const LIMITS = { REQUEST_TIMEOUT_MS: '1000', HEADERS_TIMEOUT_MS: '5000', KEEP_ALIVE_TIMEOUT_MS: '4000' };

interface Answer {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** Sends one request on the session; resolves with its answer, or after `firstChunk` with what came so far. */
function exchange(
  session: ClientHttp2Session,
  headers: Record<string, string>,
  options: { body?: Buffer; endRequest?: boolean; firstChunk?: boolean; holdMs?: number } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const stream = session.request(headers, { endStream: options.endRequest !== false && !options.body });
    let answered: IncomingHttpHeaders = {};
    let body = '';
    let settled = false;
    stream.setEncoding('utf8');
    stream.on('response', (response) => {
      answered = response;
    });
    stream.on('data', (chunk: string) => {
      body += chunk;
      if (options.firstChunk && !settled) {
        settled = true;
        // Held open that long first, the stream must still be there.
        setTimeout(() => {
          if (stream.closed) reject(new Error('the stream was closed'));
          else resolve({ headers: answered, body });
          stream.close(constants.NGHTTP2_CANCEL);
        }, options.holdMs ?? 0);
      }
    });
    stream.on('end', () => {
      resolve({ headers: answered, body });
    });
    stream.on('error', reject);
    if (options.body) stream.write(options.body);
  });
}

describe('HTTPS: HTTP/2 for browsers, HTTP/1.1 beside it', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'case-router-h2-'));
  let app: FastifyInstance;
  let origin: string;
  let cert: string;
  let session: ClientHttp2Session;
  // Node drops HTTP/1's connection headers from an HTTP/2 answer with a warning: none may be set.
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);

  beforeAll(async () => {
    process.on('warning', onWarning);
    const tls = await loadTls(loadConfig(testEnv(dataDir, { TLS: 'on' })));
    if (!tls) throw new Error('no certificate');
    cert = tls.cert;
    const db = await openTestPglite();
    await seedCasesDatabase(db, new Date(), false);
    app = await buildCasesApp({ db, demoCases: false, env: LIMITS, https: tls });
    await app.listen({ port: 0, host: '127.0.0.1' });
    origin = `https://localhost:${(app.server.address() as AddressInfo).port}`;
    session = connect(origin, { ca: cert, host: '127.0.0.1' });
  });
  afterAll(async () => {
    process.off('warning', onWarning);
    session.close();
    app.cases.hub.endStreams();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers a browser over HTTP/2', async () => {
    const answer = await exchange(session, { ':path': '/api/v1/health' });
    expect(session.alpnProtocol).toBe('h2');
    expect(answer.headers[':status']).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ status: 'ok' });
  });

  it('refuses an upload before its body on that stream alone; the connection serves the next request', async () => {
    const refused = await exchange(
      session,
      {
        ':method': 'POST',
        ':path': '/api/v1/cases/cas_any/attachments?fileName=scan.jpg',
        'content-type': 'image/jpeg',
        'content-length': String(20 * 1024 * 1024),
      },
      { body: Buffer.alloc(64 * 1024) },
    );
    expect(refused.headers[':status']).toBe(401);
    expect(JSON.parse(refused.body)).toEqual({ detail: 'Authentication required' });

    const next = await exchange(session, { ':path': '/api/v1/health' });
    expect(next.headers[':status']).toBe(200);
    expect(session.closed).toBe(false);
    expect(warnings).toEqual([]);
  });

  it('resets a request whose body has not arrived within the request timeout', async () => {
    const token = await tokenFor(app, DOCTOR);
    const stream = session.request({
      ':method': 'POST',
      ':path': '/api/v1/cases',
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'content-length': '1000',
      'idempotency-key': 'key-http2-slow-body',
    });
    let answered = false;
    stream.on('response', () => {
      answered = true;
    });
    stream.on('error', () => undefined);
    stream.write('{"specialtyId":');
    const closed = await new Promise<number>((resolve) => {
      stream.on('close', () => {
        resolve(stream.rstCode);
      });
    });

    expect(closed).toBe(constants.NGHTTP2_CANCEL);
    expect(answered).toBe(false);
    // Only that stream: the connection serves the next request.
    expect((await exchange(session, { ':path': '/api/v1/health' })).headers[':status']).toBe(200);
  });

  it('streams events over HTTP/2, past the request timeout (a request without a body is not timed)', async () => {
    const token = await tokenFor(app, DOCTOR);
    const stream = await exchange(
      session,
      { ':path': '/api/v1/events', authorization: `Bearer ${token}` },
      { firstChunk: true, holdMs: 1_500 },
    );
    expect(stream.headers[':status']).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.body).toContain('retry: 3000');
    expect(warnings).toEqual([]);
  });

  it('still answers HTTP/1.1 clients, with the configured limits on their connections', async () => {
    const status = await new Promise<number | undefined>((resolve, reject) => {
      request(`${origin}/api/v1/health`, { ca: cert }, (response) => {
        response.resume();
        resolve(response.statusCode);
      })
        .on('error', reject)
        .end();
    });
    expect(status).toBe(200);
    expect(app.server.requestTimeout).toBe(1_000);
    expect(app.server.headersTimeout).toBe(5_000);
    expect(app.server.keepAliveTimeout).toBe(4_000);
  });
});
