import type { RouteHandlers } from '../../../generated/fastify.gen.ts';
import { callerOf } from '../http/request-context.ts';
import { listNotifications, markNotificationsRead } from '../notifications/inbox.ts';

export const notificationsHandlers = {
  async listNotifications(request, reply) {
    const caller = callerOf(request);
    return reply.code(200).send(await listNotifications(request.server.db, caller, request.query ?? {}));
  },
  async markNotificationsRead(request, reply) {
    const caller = callerOf(request);
    const now = request.server.cases.context.clock.now();
    return reply.code(200).send(await markNotificationsRead(request.server.db, caller, request.body, now));
  },
} satisfies Pick<RouteHandlers, 'listNotifications' | 'markNotificationsRead'>;
