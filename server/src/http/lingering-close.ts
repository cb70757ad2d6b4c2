// An answer given before the request's body was read (a refused upload) closes the connection. A socket
// closed with bytes still unread is reset by the kernel, and a client that is still sending can lose the
// answer to that reset. So the server first says it is done (FIN), then reads and drops what still arrives
// for a moment, and only then closes: every client gets to read the answer. What it reads in that moment is
// dropped unread: a request pipelined behind the refused one is never handled, since its client was told the
// connection is closing.
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

// Long enough for the answer to reach a client still sending;
// also the most a refused client can hold a socket.
const LINGER_MS = 2_000;

/** Connections told they are closing: Node's parser still reads requests pipelined on them. */
const closing = new WeakSet<object>();

/** Whether a request came on a connection told it is closing: it is to be dropped, never handled. */
export function isOnClosingConnection(request: IncomingMessage): boolean {
  return closing.has(request.socket);
}

/**
 * Register before every other hook: a request that arrives on a connection told it is closing is dropped
 * before any hook or handler sees it, and gets no answer (the connection is on its way out). The router's
 * own refusals, which skip the hooks, check `isOnClosingConnection` themselves.
 */
export function dropRequestsOnClosingConnections(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (!isOnClosingConnection(request.raw)) {
      done();
      return;
    }
    // At debug level: a client can pipeline many requests in the moment its connection lingers.
    request.log.debug('request on a closing connection dropped');
    void reply.hijack();
    request.raw.resume();
  });
}

/** Call before answering a request whose body is left unread; the answer must close the connection. */
export function lingerOnClose(request: IncomingMessage): void {
  // Node's HTTP server closes a connection it was told to close through destroySoon, once the answer is out.
  const socket = request.socket as Socket & { destroySoon?: () => void };
  if (socket.destroyed) return;
  closing.add(socket);
  socket.destroySoon = () => {
    if (socket.destroyed) return;
    socket.end();
    request.resume();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once('close', () => {
      clearTimeout(timer);
    });
  };
}
