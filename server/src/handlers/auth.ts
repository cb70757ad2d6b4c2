import type { RouteHandlers } from '../../../generated/fastify.gen.ts';
import { actorOf } from '../http/request-context.ts';
import { signUp } from '../users/signup.ts';

export const authHandlers = {
  async signup(request, reply) {
    return reply.code(201).send(await signUp(request.server.db, actorOf(request), request.body));
  },
} satisfies Pick<RouteHandlers, 'signup'>;
