import type { RouteHandlers } from '../../../generated/fastify.gen.ts';
import { authDetails } from '../auth/authenticate.ts';
import { invalidToken } from '../errors.ts';
import { callerOf } from '../http/request-context.ts';
import { readProfile } from '../users/user-profile.ts';

export const meHandlers = {
  async getMe(request, reply) {
    const profile = await readProfile(request.server.db, callerOf(request));
    if (!profile) throw invalidToken(authDetails.unknownUser);
    return reply.code(200).send(profile);
  },
} satisfies Pick<RouteHandlers, 'getMe'>;
