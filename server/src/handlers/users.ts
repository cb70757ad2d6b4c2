import type { RouteHandlers } from '../../../generated/fastify.gen.ts';
import { actorOf, callerOf } from '../http/request-context.ts';
import { getDeactivationImpact } from '../users/deactivation-impact.ts';
import { listUsers, updateUser } from '../users/user-admin.ts';

export const usersHandlers = {
  async listUsers(request, reply) {
    return reply.code(200).send(await listUsers(request.server.db, callerOf(request), request.query ?? {}));
  },
  async updateUser(request, reply) {
    const user = await updateUser(request.server.db, actorOf(request), request.params.userId, request.body);
    return reply.code(200).send(user);
  },
  async getDeactivationImpact(request, reply) {
    const { db } = request.server;
    const impact = await getDeactivationImpact(db, callerOf(request), request.params.userId, new Date());
    return reply.code(200).send(impact);
  },
} satisfies Pick<RouteHandlers, 'listUsers' | 'updateUser' | 'getDeactivationImpact'>;
