import type { RouteHandlers } from '../../../generated/fastify.gen.ts';
import { listTriageAssessments } from '../cases/triage-assessments.ts';
import { actorOf } from '../http/request-context.ts';

export const triageHandlers = {
  async listTriageAssessments(request, reply) {
    const { caller } = actorOf(request);
    const items = await listTriageAssessments(request.server.db, caller, request.query?.hospitalId);
    return reply.code(200).send({ items });
  },
} satisfies Pick<RouteHandlers, 'listTriageAssessments'>;
