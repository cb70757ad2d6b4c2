// A small round-robin HTTP proxy on 127.0.0.1, as a load balancer in front of several server processes:
// each request goes to the next backend in turn (event streams are piped through as they come). Every answer
// says which backend gave it in `x-backend` (0, 1, …).
import { createServer, request as forward, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RoundRobinProxy {
  readonly url: string;
  /** How many requests each backend was given. */
  readonly served: number[];
  close(): Promise<void>;
}

export async function startRoundRobinProxy(
  port: number,
  backends: readonly string[],
): Promise<RoundRobinProxy> {
  let next = 0;
  const served = backends.map(() => 0);
  const server: Server = createServer((incoming, outgoing) => {
    const index = next % backends.length;
    next += 1;
    served[index] = (served[index] ?? 0) + 1;
    const target = new URL(incoming.url ?? '/', backends[index]);
    const upstream = forward(
      target,
      { method: incoming.method, headers: { ...incoming.headers, host: target.host } },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-backend': String(index) });
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502, { 'content-type': 'application/json' });
      outgoing.end(JSON.stringify({ detail: 'Bad gateway' }));
    });
    outgoing.on('close', () => {
      upstream.destroy();
    });
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    served,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}
