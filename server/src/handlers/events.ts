import type { RouteHandlers } from '../../../generated/fastify.gen.ts';
import type { ServerEvent } from '../../../generated/types.gen.ts';
import { actorOf } from './cases.ts';

const PING_INTERVAL_MS = 25_000;

export const eventsHandlers = {
  // Not async: the reply is hijacked and lives on after the handler returns.
  streamEvents(request, reply) {
    const { caller } = actorOf(request);
    // From here on the response is ours: a stream that lasts until the client goes away or the server closes.
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    });
    const send = (event: ServerEvent) => {
      raw.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
    };
    raw.write('retry: 3000\n\n');
    const ping = setInterval(() => {
      send({ type: 'ping' });
    }, PING_INTERVAL_MS);
    const unsubscribe = request.server.cases.hub.subscribe(caller.id, send, () => {
      raw.end();
    });
    raw.on('close', () => {
      clearInterval(ping);
      unsubscribe();
    });
  },
} satisfies Pick<RouteHandlers, 'streamEvents'>;
