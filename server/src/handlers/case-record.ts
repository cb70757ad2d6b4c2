import type { RouteHandlers } from '../../../generated/fastify.gen.ts';
import { exportCaseFhir, recordCasePrint } from '../cases/case-record.ts';
import { actorOf } from '../http/request-context.ts';

export const caseRecordHandlers = {
  async exportCaseFhir(request, reply) {
    const { context } = request.server.cases;
    const { fileName, bundle } = await exportCaseFhir(context, actorOf(request), request.params.caseId);
    void reply
      .type('application/fhir+json')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'private, no-store');
    return reply.code(200).send(JSON.stringify(bundle) as never);
  },
  async recordCasePrint(request, reply) {
    await recordCasePrint(request.server.cases.context, actorOf(request), request.params.caseId);
    return reply.code(204).send();
  },
} satisfies Pick<RouteHandlers, 'exportCaseFhir' | 'recordCasePrint'>;
