// An answer given before the request's body was read (a refused upload) closes the connection. A socket
// closed with bytes still unread is reset by the kernel, and a client that is still sending can lose the
// answer to that reset. So the server first says it is done (FIN), then reads and drops what still arrives
// for a moment, and only then closes: every client gets to read the answer.
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

// Long enough for the answer to reach a client still sending;
// also the most a refused client can hold a socket.
const LINGER_MS = 2_000;

/** Call before answering a request whose body is left unread; the answer must close the connection. */
export function lingerOnClose(request: IncomingMessage): void {
  // Node's HTTP server closes a connection it was told to close through destroySoon, once the answer is out.
  const socket = request.socket as Socket & { destroySoon?: () => void };
  if (socket.destroyed) return;
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
