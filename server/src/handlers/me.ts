import type { RouteHandlers } from '../../../generated/fastify.gen.ts';
import { authDetails } from '../auth/authenticate.ts';
import { invalidToken } from '../errors.ts';
import { callerOf } from '../http/request-context.ts';
import { createCalendarFeed, listMyShifts, revokeCalendarFeed } from '../schedules/calendar-feed.ts';
import { readProfile } from '../users/user-profile.ts';

export const meHandlers = {
  async getMe(request, reply) {
    const profile = await readProfile(request.server.db, callerOf(request));
    if (!profile) throw invalidToken(authDetails.unknownUser);
    return reply.code(200).send(profile);
  },
  async listMyShifts(request, reply) {
    return reply.code(200).send({ items: await listMyShifts(request.server.db, callerOf(request)) });
  },
  async createCalendarFeed(request, reply) {
    const { config } = request.server;
    const url = await createCalendarFeed(request.server.db, callerOf(request), config.api.baseUrl);
    // The address is a secret: never kept by a cache.
    return reply.header('cache-control', 'no-store').code(201).send({ url });
  },
  async revokeCalendarFeed(request, reply) {
    await revokeCalendarFeed(request.server.db, callerOf(request));
    return reply.code(204).send();
  },
} satisfies Pick<RouteHandlers, 'getMe' | 'listMyShifts' | 'createCalendarFeed' | 'revokeCalendarFeed'>;
