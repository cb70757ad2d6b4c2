import type { RouteHandlers } from '../../../generated/fastify.gen.ts';
import type { ServerEvent } from '../../../generated/types.gen.ts';
import { listVisibility } from '../cases/access.ts';
import { tooManyRequests } from '../errors.ts';
import { actorOf } from '../http/request-context.ts';

const PING_INTERVAL_MS = 25_000;
// setTimeout's longest delay; a later expiry just ends the stream early, and the client reconnects.
const MAX_TIMER_MS = 2_147_483_647;

export const eventsHandlers = {
  // Not async: the reply is hijacked and lives on after the handler returns.
  streamEvents(request, reply) {
    const { caller } = actorOf(request);
    // At most a few streams per user (a phone, a ward PC, a second tab): each lasts for hours.
    const allowed = request.server.config.limits.eventStreamsPerUser;
    if (request.server.cases.hub.streamsOf(caller.id) >= allowed) {
      throw tooManyRequests(
        `At most ${allowed} event streams may be open at once; close one (another tab or device) and retry`,
        60,
      );
    }
    // From here on the response is ours: a stream that lasts until the client goes away or the server closes.
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // HTTP/2 forbids connection headers: its streams share the connection anyway.
      ...(request.raw.httpVersionMajor === 1 ? { connection: 'keep-alive' } : {}),
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
    // ER staff who see the whole emergency room hear of every case of their hospital (the live board).
    const unsubscribe = request.server.cases.hub.subscribe(
      caller.id,
      send,
      () => {
        raw.end();
      },
      listVisibility(caller).wholeEmergencyRoom ? caller.hospitalId : null,
    );
    // The token was checked only as the stream opened: it ends when the token does. An orderly end makes the
    // SPA reconnect (features/notifications/event-stream.ts), and so present a fresh token.
    const expiry =
      caller.expiresAt === undefined
        ? undefined
        : setTimeout(
            () => {
              raw.end();
            },
            Math.min(Math.max(caller.expiresAt - Date.now(), 0), MAX_TIMER_MS),
          );
    raw.on('close', () => {
      clearInterval(ping);
      clearTimeout(expiry);
      unsubscribe();
    });
  },
} satisfies Pick<RouteHandlers, 'streamEvents'>;
