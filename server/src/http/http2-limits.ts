// Node's request, header and keep-alive limits hold for HTTP/1.1 connections only. Over HTTP/2 a connection
// carries at most HTTP2_MAX_STREAMS requests at once, and a request whose body has not arrived within the
// request timeout has its stream reset, as HTTP/1.1 answers it 408 and closes: a client that trickles a body
// never holds a request for longer. Requests without a body (the event stream among them) are not timed.
import { constants, type Http2ServerRequest } from 'node:http2';
import type { FastifyInstance } from 'fastify';

/** Concurrent requests per HTTP/2 connection: a page opens about forty at start-up. */
export const HTTP2_MAX_STREAMS = 100;

export function limitHttp2Requests(app: FastifyInstance, requestTimeoutMs: number): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const raw = request.raw as unknown as Http2ServerRequest;
    if (raw.httpVersionMajor !== 2 || raw.stream.endAfterHeaders) {
      done();
      return;
    }
    const { stream } = raw;
    const timer = setTimeout(() => {
      if (!stream.readableEnded && !stream.closed) stream.close(constants.NGHTTP2_CANCEL);
    }, requestTimeoutMs);
    timer.unref();
    const stop = () => {
      clearTimeout(timer);
    };
    stream.once('end', stop);
    stream.once('close', stop);
    done();
  });
}
