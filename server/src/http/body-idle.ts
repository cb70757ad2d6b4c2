// A request body that stops arriving is answered 408 and its connection (or HTTP/2 stream) closed once no
// byte of it has come for BODY_IDLE_TIMEOUT_MS, as a proxy's client_body_timeout does: a client that sends ten
// bytes and then nothing holds a connection for that long, not for the whole request timeout (which Node
// checks only every 30 s anyway). A body that keeps coming, however slowly, is never cut by it.
import { constants, type Http2ServerRequest } from 'node:http2';
import type { IncomingMessage } from 'node:http';
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

export function limitBodyIdle(app: FastifyInstance, idleMs: number): void {
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    if (raw.httpVersionMajor === 2) {
      const { stream } = raw as unknown as Http2ServerRequest;
      if (!stream.endAfterHeaders) {
        let bytes = 0;
        // The compatibility request reads the stream through 'data' already: one more listener takes nothing.
        stream.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        watch(
          idleMs,
          raw,
          reply,
          () => bytes,
          () => {
            request.log.info({ status: 408 }, 'request body stopped arriving');
            // A complete answer, then the rest of the request is declined without error (its stream alone).
            stream.once('finish', () => {
              stream.close(constants.NGHTTP2_NO_ERROR);
            });
            void reply.code(408).send({ detail: BODY_IDLE_DETAIL });
          },
        );
      }
    } else if (hasBody(raw)) {
      const { socket } = raw;
      // The socket's count moves as the parser reads, even when Node hands the socket to it directly.
      watch(
        idleMs,
        raw,
        reply,
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
