// Uploads are streamed: nothing of the body is read until the caller is known to be allowed to attach to the
// case, and the 20 MB cap holds as the bytes arrive (a declared length over it is refused before any byte; a
// body without one is refused as soon as it passes the cap, long before it ends).
import {
  request as httpRequest,
  type ClientRequest,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { once } from 'node:events';
import { type AddressInfo, connect, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Case } from '../../generated/types.gen.ts';
import { MAX_ATTACHMENT_BYTES } from '../../server/src/cases/attachments.ts';
import { BODY_TOO_LARGE } from '../../server/src/errors.ts';
import {
  as,
  buildCasesApp,
  DOCTOR,
  neurologyCase,
  newKey,
  RVG_DOCTOR,
  seedCasesDatabase,
  tokenFor,
} from './support/cases-app.ts';
import { openTestPglite } from './support/databases.ts';

interface Answer {
  readonly status: number;
  readonly body: string;
  readonly connection: string | undefined;
  /** Bytes of the body the client had written when the answer came. */
  readonly written: number;
}

const MEGABYTE = Buffer.alloc(1024 * 1024, 0x41);

/**
 * Posts `total` bytes a megabyte at a time (only the headers when `total` is 0), waiting for the server to take
 * each, and resolves with the answer as soon as it comes, however much is still unsent.
 */
function upload(port: number, path: string, headers: Record<string, string>, total: number): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let written = 0;
    let answered = false;
    const request: ClientRequest = httpRequest(
      { host: '127.0.0.1', port, path, method: 'POST', headers },
      (response) => {
        answered = true;
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => {
          resolve({
            status: response.statusCode ?? 0,
            body: text,
            connection: response.headers.connection,
            written,
          });
          request.destroy();
        });
      },
    );
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    request.flushHeaders();
    const next = () => {
      while (!answered && written < total) {
        written += MEGABYTE.length;
        if (!request.write(MEGABYTE)) {
          request.once('drain', next);
          return;
        }
      }
    };
    next();
  });
}

let app: FastifyInstance;
let port: number;
let caseId: string;
beforeAll(async () => {
  const db = await openTestPglite();
  await seedCasesDatabase(db);
  app = await buildCasesApp({ db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
  caseId = (await as(app, DOCTOR).post<Case>('/cases', neurologyCase(), { 'idempotency-key': newKey() })).body
    .id;
});
afterAll(async () => {
  await app.close();
});

const path = () => `/api/v1/cases/${caseId}/attachments?fileName=scan.jpg`;

it('refuses another hospital’s doctor before a byte of the body is read', async () => {
  const answer = await upload(
    port,
    path(),
    {
      authorization: `Bearer ${await tokenFor(app, RVG_DOCTOR)}`,
      'content-type': 'image/jpeg',
      'content-length': String(5 * 1024 * 1024),
    },
    0,
  );
  expect(answer.status).toBe(404);
  expect(JSON.parse(answer.body)).toEqual({ detail: expect.any(String) as unknown });
  expect(answer.connection).toBe('close');
});

it('refuses a declared length over the cap before a byte is read', async () => {
  const answer = await upload(
    port,
    path(),
    {
      authorization: `Bearer ${await tokenFor(app, DOCTOR)}`,
      'content-type': 'image/jpeg',
      'content-length': String(MAX_ATTACHMENT_BYTES + 1),
    },
    0,
  );
  expect(answer.status).toBe(413);
  expect(JSON.parse(answer.body)).toEqual({ detail: BODY_TOO_LARGE });
  expect(answer.connection).toBe('close');
});

it('refuses a body without a length as soon as it passes the cap, not at its end', async () => {
  const total = 200 * 1024 * 1024;
  const answer = await upload(
    port,
    path(),
    {
      authorization: `Bearer ${await tokenFor(app, DOCTOR)}`,
      'content-type': 'image/jpeg',
      'transfer-encoding': 'chunked',
    },
    total,
  );
  expect(answer.status).toBe(413);
  expect(JSON.parse(answer.body)).toEqual({ detail: BODY_TOO_LARGE });
  expect(answer.written).toBeGreaterThan(MAX_ATTACHMENT_BYTES);
  expect(answer.written).toBeLessThan(total / 2);
});

it('reads on for a moment after refusing, so a client still sending gets the answer and no reset', async () => {
  const socket = connect({ host: '127.0.0.1', port, allowHalfOpen: true });
  await once(socket, 'connect');
  const errors: Error[] = [];
  socket.on('error', (error) => errors.push(error));
  let answer = '';
  socket.setEncoding('utf8');
  socket.on('data', (text: string) => {
    answer += text;
  });
  const send = async (data: Buffer | string) => {
    if (!socket.write(data)) await Promise.race([once(socket, 'drain'), once(socket, 'close')]);
  };
  await send(
    `POST ${path()} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${await tokenFor(app, DOCTOR)}\r\n` +
      'Content-Type: image/jpeg\r\nTransfer-Encoding: chunked\r\n\r\n',
  );
  const chunk = Buffer.concat([
    Buffer.from(`${MEGABYTE.length.toString(16)}\r\n`),
    MEGABYTE,
    Buffer.from('\r\n'),
  ]);
  // Past the cap until the answer is in (at most twice the cap), then two megabytes more, as a client that
  // has not read its answer yet would go on sending.
  for (
    let sent = 0;
    !answer.includes('\r\n\r\n') && sent < 2 * MAX_ATTACHMENT_BYTES;
    sent += MEGABYTE.length
  ) {
    await send(chunk);
  }
  for (let more = 0; more < 2 && errors.length === 0; more += 1) await send(chunk);
  socket.end();
  await once(socket, 'close');

  expect(errors).toEqual([]);
  expect(answer).toMatch(/^HTTP\/1\.1 413 /);
  expect(answer).toMatch(/^connection: close\r$/im);
  expect(answer).toContain(JSON.stringify({ detail: BODY_TOO_LARGE }));
});

it('handles nothing more that a refused client sends on the connection it was told is closing', async () => {
  const listed = async () =>
    (await as(app, DOCTOR).get<{ items: Case[] }>('/cases?limit=100')).body.items.length;
  const before = await listed();
  const token = await tokenFor(app, DOCTOR);
  const served = once(app.server, 'connection') as Promise<[Socket]>;
  const socket = connect({ host: '127.0.0.1', port, allowHalfOpen: true });
  await once(socket, 'connect');
  const [serverSide] = await served;
  // Every request Node reads on this connection, and whether anything answered it.
  const requests: ServerResponse[] = [];
  const onRequest = (request: IncomingMessage, response: ServerResponse) => {
    if (request.socket === serverSide) requests.push(response);
  };
  app.server.on('request', onRequest);
  socket.on('error', () => undefined);
  let answer = '';
  socket.setEncoding('utf8');
  socket.on('data', (text: string) => {
    answer += text;
  });
  const newCase = JSON.stringify(neurologyCase());
  // A refused body, whole, then a request that would open a case, pipelined on the same connection.
  const oversized = MAX_ATTACHMENT_BYTES + MEGABYTE.length;
  socket.write(
    `POST ${path()} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
      'Content-Type: image/jpeg\r\nTransfer-Encoding: chunked\r\n\r\n',
  );
  socket.write(Buffer.concat([Buffer.from(`${oversized.toString(16)}\r\n`), Buffer.alloc(oversized, 0x41)]));
  socket.write(
    '\r\n0\r\n\r\n' +
      `POST /api/v1/cases HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
      `Content-Type: application/json\r\nIdempotency-Key: ${newKey()}\r\n` +
      `Content-Length: ${Buffer.byteLength(newCase)}\r\n\r\n${newCase}` +
      // And one the router itself refuses (a bad URL), which no hook sees.
      'GET /api/v1/%zz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n',
  );
  // The client keeps its side open, so the server reads on for its whole moment before it closes the
  // connection; every byte sent, the pipelined request among them, has reached it by then.
  if (!serverSide.destroyed) await once(serverSide, 'close');
  app.server.off('request', onRequest);
  const sent = socket.bytesWritten;
  socket.destroy();

  // The server read all of it: the pipelined requests reached it, and were dropped.
  expect(serverSide.bytesRead).toBe(sent);
  expect(requests).toHaveLength(3);
  expect(requests.map((response) => response.writableEnded)).toEqual([true, false, false]);

  expect(answer).toMatch(/^HTTP\/1\.1 413 /);
  expect(answer.match(/^HTTP\/1\.1 /gm)).toHaveLength(1);
  expect(await listed()).toBe(before);
});
