import type { RouteHandlers } from '../../../generated/fastify.gen.ts';
import { callerOf } from '../http/request-context.ts';
import { readProfile } from '../users/user-profile.ts';

export const meHandlers = {
  async getMe(request, reply) {
    return reply.code(200).send(await readProfile(request.server.db, callerOf(request)));
  },
} satisfies Pick<RouteHandlers, 'getMe'>;
