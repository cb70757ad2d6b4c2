import type { RouteHandlers } from '../../../generated/fastify.gen.ts';
import { authDetails } from '../auth/authenticate.ts';
import { findUserById, toApiUser } from '../auth/users.ts';
import { invalidToken } from '../errors.ts';
import { callerOf } from '../http/request-context.ts';

export const meHandlers = {
  async getMe(request, reply) {
    const caller = callerOf(request);
    const user = await findUserById(request.server.db, caller.id);
    if (!user) throw invalidToken(authDetails.unknownUser);
    // Roles as the token carries them: the app routes by the token, so /me must agree with it.
    return reply.code(200).send(await toApiUser(request.server.db, user, caller.roles));
  },
} satisfies Pick<RouteHandlers, 'getMe'>;
