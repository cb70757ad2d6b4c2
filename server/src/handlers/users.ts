import type { RouteHandlers } from '../../../generated/fastify.gen.ts';
import { actorOf, callerOf } from '../http/request-context.ts';
import { listUsers, updateUser } from '../users/user-admin.ts';

export const usersHandlers = {
  async listUsers(request, reply) {
    return reply.code(200).send(await listUsers(request.server.db, callerOf(request), request.query ?? {}));
  },
  async updateUser(request, reply) {
    const user = await updateUser(request.server.db, actorOf(request), request.params.userId, request.body);
    return reply.code(200).send(user);
  },
} satisfies Pick<RouteHandlers, 'listUsers' | 'updateUser'>;
