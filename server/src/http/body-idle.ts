// A request body that stops arriving is answered 408 and its connection (or HTTP/2 stream) closed once no
// byte of it has come for BODY_IDLE_TIMEOUT_MS, as a proxy's client_body_timeout does: a client that sends ten
// bytes and then nothing holds a connection for that long, not for the whole request timeout (which Node
// checks only every 30 s anyway). A body that keeps coming, however slowly, is never cut by it.
import { constants, type Http2ServerRequest } from 'node:http2';
import type { IncomingMessage } from 'node:http';
import { Transform, type TransformCallback } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { clientErrorHandler } from './client-errors.ts';

const BODY_IDLE_CODE = 'ERR_BODY_IDLE';
const BODY_IDLE_DETAIL = 'The request body stopped arriving; send the request again';

/** How often a waiting body is looked at: a tenth of the limit, at most once a second. */
const checkEvery = (idleMs: number) => Math.min(1_000, Math.max(50, Math.floor(idleMs / 10)));

function hasBody(raw: IncomingMessage): boolean {
  if (raw.complete) return false;
  const length = raw.headers['content-length'];
  return raw.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Watches a body's bytes: `received()` tells how many have come so far; `refuse` answers once none has come for
 * idleMs. Stops when the body is complete, the answer is sent, or the connection goes.
 */
function watch(
  idleMs: number,
  raw: IncomingMessage,
  reply: FastifyReply,
  received: () => number,
  refuse: () => void,
): void {
  let seen = received();
  let quietSince = performance.now();
  const timer = setInterval(() => {
    if (raw.complete || reply.raw.headersSent || raw.socket.destroyed) {
      stop();
      return;
    }
    const now = performance.now();
    const bytes = received();
    if (bytes !== seen) {
      seen = bytes;
      quietSince = now;
    } else if (now - quietSince >= idleMs) {
      stop();
      refuse();
    }
  }, checkEvery(idleMs));
  timer.unref();
  const stop = () => {
    clearInterval(timer);
  };
  raw.once('end', stop);
  raw.once('close', stop);
  reply.raw.once('finish', stop);
}

/**
 * Counts an HTTP/2 body's bytes as they pass on to the body parser. Listening to the stream itself would take
 * the first chunks away from the request, which starts reading only when the parser asks.
 */
class CountingBody extends Transform {
  receivedEncodedLength = 0;
  override _transform(chunk: Buffer, _encoding: BufferEncoding, next: TransformCallback): void {
    this.receivedEncodedLength += chunk.length;
    next(null, chunk);
  }
}

export function limitBodyIdle(app: FastifyInstance, idleMs: number): void {
  app.addHook('preParsing', (request, reply, payload, done) => {
    const raw = request.raw;
    if (raw.httpVersionMajor !== 2) {
      done(null, payload);
      return;
    }
    const { stream } = raw as unknown as Http2ServerRequest;
    if (stream.endAfterHeaders || raw.complete) {
      done(null, payload);
      return;
    }
    const counted = new CountingBody();
    // A stream reset by the client ends the parser's wait with the request's own error.
    payload.on('error', (error) => counted.destroy(error));
    payload.pipe(counted);
    watch(
      idleMs,
      raw,
      reply,
      () => counted.receivedEncodedLength,
      () => {
        request.log.info({ status: 408 }, 'request body stopped arriving');
        // A complete answer, then the rest of the request is declined without error (its stream alone).
        stream.once('finish', () => {
          stream.close(constants.NGHTTP2_NO_ERROR);
        });
        payload.unpipe(counted);
        void reply.code(408).send({ detail: BODY_IDLE_DETAIL });
      },
    );
    done(null, counted);
  });
  app.addHook('onRequest', (request, _reply, done) => {
    const raw = request.raw;
    if (raw.httpVersionMajor !== 2 && hasBody(raw)) {
      const { socket } = raw;
      // The socket's count moves as the parser reads, even when Node hands the socket to it directly.
      watch(
        idleMs,
        raw,
        _reply,
        () => socket.bytesRead,
        () => {
          const error = Object.assign(new Error(BODY_IDLE_DETAIL), { code: BODY_IDLE_CODE });
          clientErrorHandler.call(app, error, socket);
        },
      );
    }
    done();
  });
}
