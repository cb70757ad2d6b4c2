// An answer given before the request's body was read (a refused upload) closes the connection. A socket
// closed with bytes still unread is reset by the kernel, and a client that is still sending can lose the
// answer to that reset. So the server first says it is done (FIN), then reads and drops what still arrives
// for a moment, and only then closes: every client gets to read the answer. What it reads in that moment is
// dropped unread: a request pipelined behind the refused one is never handled, since its client was told the
// connection is closing.
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

// Long enough for the answer to reach a client still sending;
// also the most a refused client can hold a socket.
const LINGER_MS = 2_000;

/** Connections told they are closing: Node's parser still reads requests pipelined on them. */
const closing = new WeakSet<object>();

/**
 * Drops a request that came on a connection told it is closing: nothing handles or answers it, and its bytes
 * are read and let go (the connection is on its way out). False, and nothing done, for any other request.
 */
export function dropIfOnClosingConnection(request: FastifyRequest, reply: FastifyReply): boolean {
  if (!closing.has(request.raw.socket)) return false;
  // At debug level: a client can pipeline many requests in the moment its connection lingers.
  request.log.debug('request on a closing connection dropped');
  void reply.hijack();
  request.raw.resume();
  return true;
}

/**
 * Register before every other hook, so that no hook or handler sees a request on a closing connection. The
 * router's own refusals, which skip the hooks, call `dropIfOnClosingConnection` themselves.
 */
export function dropRequestsOnClosingConnections(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (!dropIfOnClosingConnection(request, reply)) done();
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
