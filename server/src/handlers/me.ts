import type { RouteHandlers } from '../../../generated/fastify.gen.ts';
import { findUserById, toApiUser } from '../auth/users.ts';
import { authDetails } from '../auth/authenticate.ts';
import { HttpError } from '../errors.ts';

export const meHandlers = {
  async getMe(request, reply) {
    const { caller } = request;
    if (!caller) throw new HttpError(401, authDetails.missing);
    const user = await findUserById(request.server.db, caller.id);
    if (!user) throw new HttpError(401, authDetails.unknownUser);
    // Roles as the token carries them: the app routes by the token, so /me must agree with it.
    return reply.code(200).send(await toApiUser(request.server.db, user, caller.roles));
  },
} satisfies Pick<RouteHandlers, 'getMe'>;
