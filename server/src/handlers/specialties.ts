import type { RouteHandlers } from '../../../generated/fastify.gen.ts';
import { callerOf } from '../http/request-context.ts';
import { specialtiesOf } from '../organisation/specialties.ts';

export const specialtiesHandlers = {
  async listSpecialties(request, reply) {
    const items = await specialtiesOf(request.server.db, callerOf(request));
    return reply.code(200).send({ items });
  },
} satisfies Pick<RouteHandlers, 'listSpecialties'>;
