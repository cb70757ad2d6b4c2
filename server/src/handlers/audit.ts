import type { RouteHandlers } from '../../../generated/fastify.gen.ts';
import { readAuditTrail } from '../cases/audit-trail.ts';
import { actorOf } from '../http/request-context.ts';

export const auditHandlers = {
  async getCaseAudit(request, reply) {
    const items = await readAuditTrail(request.server.cases.context, actorOf(request), request.params.caseId);
    return reply.code(200).send({ items });
  },
} satisfies Pick<RouteHandlers, 'getCaseAudit'>;
