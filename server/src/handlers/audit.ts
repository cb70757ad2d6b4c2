import type { RouteHandlers } from '../../../generated/fastify.gen.ts';
import { readAuditTrail } from '../cases/audit-trail.ts';
import { actorOf, callerOf } from '../http/request-context.ts';
import { listAdminAudit } from '../users/user-admin.ts';

export const auditHandlers = {
  async getCaseAudit(request, reply) {
    const page = await readAuditTrail(
      request.server.cases.context,
      actorOf(request),
      request.params.caseId,
      request.query ?? {},
    );
    return reply.code(200).send(page);
  },
  async listAdminAudit(request, reply) {
    return reply
      .code(200)
      .send(await listAdminAudit(request.server.db, callerOf(request), request.query ?? {}));
  },
} satisfies Pick<RouteHandlers, 'getCaseAudit' | 'listAdminAudit'>;
